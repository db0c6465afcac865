import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { createBrowserTools, findBrowser } from "../../src/tools/browser/index.js";
import { createHarness, type Harness } from "./harness.js";
import { type Site, startSite } from "./site.js";

const ok = hasPrograms(["chromium"], "chromium");

/** The user's own browser, started with --remote-debugging-port (what attach_cdp connects to). */
async function startUserBrowser(): Promise<{ child: ChildProcess; endpoint: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-user-chrome-"));
  const executable = findBrowser({ attach_cdp: null, headless: true, timeout_s: 30 }).path!;
  const child = spawn(
    executable,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      `--user-data-dir=${dir}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  // Chromium creates the file before it writes the port into it: wait for a number, not the file
  const portFile = join(dir, "DevToolsActivePort");
  let port = "";
  for (let i = 0; i < 200 && !/^\d+$/.test(port); i++) {
    if (existsSync(portFile)) port = readFileSync(portFile, "utf8").split("\n")[0] ?? "";
    if (!/^\d+$/.test(port)) await new Promise((r) => setTimeout(r, 50));
  }
  if (!/^\d+$/.test(port)) throw new Error(`Chromium wrote no debugging port to ${portFile}`);
  return { child, endpoint: `http://127.0.0.1:${port}`, dir };
}

describe.skipIf(!ok)("attaching to the user's running browser (opt-in)", () => {
  let user: Awaited<ReturnType<typeof startUserBrowser>>;
  let site: Site;
  let h: Harness;

  beforeAll(async () => {
    user = await startUserBrowser();
    site = await startSite(1);
    h = createHarness(
      `web:\n  allow_private: ["127.0.0.1:${site.port}"]\nbrowser:\n  attach_cdp: "${user.endpoint}"\n`,
      (deps) => createBrowserTools(deps),
    );
  });

  afterAll(async () => {
    await h?.close();
    await site?.close();
    if (user?.child.pid && user.child.exitCode === null) {
      const exited = new Promise((resolve) => user.child.once("exit", resolve));
      process.kill(user.child.pid, "SIGKILL");
      await exited; // a dying Chromium still writes into its profile; remove it afterwards
    }
    if (user) rmSync(user.dir, { recursive: true, force: true });
  });

  it("makes every action dangerous, works when approved, and leaves the user's browser running", async () => {
    const url = `${site.origin}/about`;
    const denied = await h.call("browser_navigate", { url }, h.turn(`open ${url}`));
    expect([denied.tier, denied.code]).toEqual(["dangerous", "USER_DENIED"]);
    const approved = await h.call(
      "browser_navigate",
      { url },
      h.turn(`open ${url}`, new FixedConfirmationBroker("approve")),
    );
    expect(approved.status, approved.observation).toBe("ok");
    expect(approved.observation).toContain('"About the shop"');
    const snap = await h.call("browser_snapshot", {}, h.turn("what is on the page"));
    expect(snap.tier).toBe("caution");
    expect(snap.observation).toContain('heading "Our story"');
    const blocked = await h.call(
      "browser_navigate",
      { url: "http://169.254.169.254/" },
      h.turn("open http://169.254.169.254/", new FixedConfirmationBroker("approve")),
    );
    expect(blocked.code).toBe("POLICY_DENIED");

    await h.runtime.close();
    const version = await fetch(`${user.endpoint}/json/version`).then(
      (r) => r.json() as Promise<{ Browser: string }>,
    );
    expect(version.Browser).toMatch(/Chrom/);
    expect(user.child.exitCode).toBeNull();
  });
});
