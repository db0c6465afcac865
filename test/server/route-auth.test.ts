import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { readProbeLog } from "../../src/testing/probe-tools.js";
import { rawRequest, WsClient } from "./client.js";
import { action, auth, type ServerHarness, startServerHarness, TOKEN, UI_DIR } from "./harness.js";

// The token is decided on the route the router matched, not on how the path was spelled:
// percent-encoding, a trailing or doubled slash and case changes must not open the API.

let h: ServerHarness;
beforeAll(async () => {
  h = await startServerHarness({
    config: "policy:\n  autonomy: smart\n",
    uiDir: UI_DIR,
    nlu: { "write x": action("probe_write", { key: "x" }) },
  });
});
afterAll(async () => {
  await h.close();
});

const configText = () => readFileSync(join(h.temp.jarvisHome, "config.yaml"), "utf8");

/** Spellings of one API path that a lenient router may still match. */
function spellings(path: string): string[] {
  const [first, ...rest] = path.slice(1).split("/");
  const encoded = `/%${first!.charCodeAt(0).toString(16)}${first!.slice(1)}/${rest.join("/")}`;
  return [
    path,
    `${path}/`,
    `/${path}`,
    path.replace("/api/", "/api//"),
    encoded.replace(/\/$/, ""),
    path.toUpperCase(),
    `${path}%2f`,
    `${path}?x=/health`,
    `${path};/health`,
  ];
}

describe("the token is required on the matched route, however the path is spelled", () => {
  it("refuses settings changes, turns and reads without the token for every spelling", async () => {
    const before = configText();
    for (const path of spellings("/api/settings")) {
      const response = await rawRequest(h.url, {
        method: "PUT",
        path,
        headers: { host: new URL(h.url).host, "content-type": "application/json" },
        body: JSON.stringify({ policy: { autonomy: "full_auto" } }),
      });
      expect(response.status, `PUT ${path}: ${response.text}`).toBe(401);
    }
    expect(configText()).toBe(before);
    expect(h.runtime.config.policy.autonomy).toBe("smart");

    for (const path of spellings("/api/turns")) {
      const response = await rawRequest(h.url, {
        method: "POST",
        path,
        headers: { host: new URL(h.url).host, "content-type": "application/json" },
        body: JSON.stringify({ text: "write x" }),
      });
      expect(response.status, `POST ${path}`).toBe(401);
    }
    for (const path of [...spellings("/api/runs"), ...spellings("/api/audit"), "/metrics/", "/%6detrics"]) {
      const response = await rawRequest(h.url, { path, headers: { host: new URL(h.url).host } });
      expect(response.status, `GET ${path}`).toBe(401);
      expect(JSON.parse(response.text).error.code).toBe("UNAUTHORIZED");
    }
    expect(h.agent.listRuns()).toEqual([]);
    expect(readProbeLog(h.temp.jarvisHome)).toEqual([]);
  });

  it("refuses a WebSocket without the token on every spelling of /ws", async () => {
    const base = h.url.replace(/^http/, "ws");
    for (const path of ["/ws", "/ws/", "//ws", "/%77s", "/WS", "/ws?token=x", "/ws/?x=1"]) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = new WebSocket(`${base}${path}`, ["jarvis"]);
        socket.once("open", () => {
          socket.close();
          resolve("open");
        });
        socket.once("unexpected-response", (_request, response) => resolve(String(response.statusCode)));
        socket.once("error", (error) => resolve(`error ${error.message}`));
      });
      expect(outcome, path).toBe("401");
    }
    // with the token, the trailing-slash spelling is the same route and works
    const own = await WsClient.open(h.url);
    expect((await own.next((m) => m.type === "hello")).type).toBe("hello");
    own.close();
  });

  it("answers every unknown path with 401 without the token, so nothing is public by accident", async () => {
    for (const path of ["/api", "/api/", "/api/nothing", "/nothing", "/internal/x"]) {
      const response = await rawRequest(h.url, { path, headers: { host: new URL(h.url).host } });
      expect(response.status, path).toBe(401);
    }
    const known = await fetch(`${h.url}/api/nothing`, { headers: auth() });
    expect(known.status).toBe(404);
  });

  it("keeps the UI's static files and /health public", async () => {
    for (const path of ["/", "/settings", "/runs/abc", "/favicon.svg", "/health", "/health/"]) {
      const response = await fetch(h.url + path);
      expect(response.status, path).toBe(200);
    }
    const page = await fetch(`${h.url}/`);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    const api = await fetch(`${h.url}/api/runs`, { headers: auth(TOKEN) });
    expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
