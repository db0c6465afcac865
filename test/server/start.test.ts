import type { ChildProcess } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runJarvis } from "../../src/testing/cli.js";
import { createTempHome } from "../../src/testing/home.js";
import { spawnStart } from "./harness.js";

const temp = createTempHome("jarvis-start-");
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
async function start(args: string[]) {
  const run = await spawnStart(temp.env, args);
  children.push(run.child);
  return run;
}
afterAll(() => temp.cleanup());

describe("jarvis start", () => {
  it("serves the API and UI on loopback with a 0600 token it prints once in the link; stops on SIGTERM", async () => {
    const run = await start(["--port", "0"]);
    expect(run.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const tokenFile = join(temp.jarvisHome, "token");
    const token = readFileSync(tokenFile, "utf8").trim();
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(run.openUrl).toBe(`${run.url}/#token=${token}`);
    expect((await fetch(`${run.url}/health`)).status).toBe(200);
    expect((await fetch(`${run.url}/api/runs`)).status).toBe(401);
    const runs = await fetch(`${run.url}/api/runs`, { headers: { authorization: `Bearer ${token}` } });
    expect(runs.status).toBe(200);
    const page = await fetch(`${run.url}/`);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toMatch(/<div id="root">/);
    // the embedded defaults answer a turn end to end (no model configured)
    const turn = await fetch(`${run.url}/api/turns`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "hello" }),
    });
    const stream = await turn.text();
    expect(stream).toMatch(/event: run_started/);
    expect(stream).toMatch(/event: run_(finished|failed)/);
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    // the token appears in the printed link only: never in the log file
    const log = readFileSync(join(temp.jarvisHome, "logs", "jarvis.log"), "utf8");
    expect(log).not.toContain(token);
  });

  it("reuses the token across restarts", async () => {
    const token = readFileSync(join(temp.jarvisHome, "token"), "utf8").trim();
    const run = await start(["--port", "0"]);
    expect(run.openUrl.endsWith(`#token=${token}`)).toBe(true);
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(0);
  });

  it("refuses bad flags and a non-loopback host without --allow-remote, with one clear line", async () => {
    const remote = await runJarvis(["start", "--no-open", "--host", "0.0.0.0", "--port", "0"], {
      env: temp.env,
    });
    expect(remote.code).toBe(2);
    expect(remote.stderr.trim()).toMatch(
      /^USAGE: binding to 0\.0\.0\.0 would expose Jarvis beyond this computer \(.*--allow-remote/,
    );
    expect(remote.stderr.trim().split("\n")).toHaveLength(1);
    const port = await runJarvis(["start", "--no-open", "--port", "seventy"], { env: temp.env });
    expect(port.code).toBe(2);
    expect(port.stderr.trim()).toMatch(/^USAGE: --port must be a number from 0 to 65535/);
    const host = await runJarvis(["start", "--no-open", "--host", "evil host/x"], { env: temp.env });
    expect(host.code).toBe(2);
    expect(host.stderr).toMatch(/^USAGE: --host/);
  });

  it("prints one clear line and exits 1 when the agent cannot start (bad model setting)", async () => {
    const bad = await runJarvis(["start", "--no-open", "--port", "0"], {
      env: { ...temp.env, JARVIS_MODEL_PROVIDER: "bogus" },
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^CONFIG_INVALID: JARVIS_MODEL_PROVIDER must be one of/);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("says so when the port is taken", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const taken = await runJarvis(["start", "--no-open", "--port", String(port)], { env: temp.env });
      expect(taken.code).toBe(1);
      expect(taken.stderr.trim()).toMatch(
        new RegExp(`^UNAVAILABLE: port ${port} on 127\\.0\\.0\\.1 is already in use`),
      );
    } finally {
      blocker.close();
    }
  });

  it("binds a non-loopback address with --allow-remote and prints a warning", async () => {
    const run = await start(["--host", "0.0.0.0", "--allow-remote", "--port", "0"]);
    expect(run.openUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=/);
    expect(run.stderr()).toMatch(
      /^WARNING: Jarvis is reachable from the network at http:\/\/0\.0\.0\.0:\d+\./m,
    );
    const port = new URL(run.openUrl).port;
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  });
});
