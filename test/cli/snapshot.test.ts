import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotFresh, snapshotPlan } from "../../src/cli/snapshot-launch.js";
import { REPO_ROOT, runJarvis } from "../../src/testing/cli.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";

// The CLI's startup snapshot (docs/decisions/0030, opt-in with JARVIS_SNAPSHOT=on) through the
// real launcher: built in the background by a first cold `ask`, then used, and ignored when it is
// not whole. Needs the built bundle (`npm run build`) and a Node with process.execve.
const built = existsSync(`${REPO_ROOT}/dist/snapshot/cli.cjs`) && existsSync(`${REPO_ROOT}/dist/cli/main.js`);
const canExec = typeof (process as { execve?: unknown }).execve === "function";

describe.skipIf(!built || !canExec)("the CLI's startup snapshot", () => {
  let home: TempHome;
  let env: NodeJS.ProcessEnv;
  const ask = (text: string, extra: NodeJS.ProcessEnv = {}) =>
    runJarvis(["ask", "--json", text], { env: { ...env, ...extra }, timeoutMs: 120_000 });
  const plan = () => snapshotPlan(REPO_ROOT, env)!;
  /** The turn's events with what differs between any two runs (ids, times) taken out. */
  const events = (stdout: string) =>
    stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> })
      .map(({ type, data }) => ({
        type,
        tool: data.tool,
        args: data.args,
        outcome: data.outcome,
        text: data.text,
      }));
  const auditTail = async () => {
    const listed = await runJarvis(["audit", "list", "--json", "--limit", "3"], { env });
    return listed.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .map(({ tool, stage, tier, decision, outcome, reason }) => ({
        tool,
        stage,
        tier,
        decision,
        outcome,
        reason,
      }));
  };

  beforeAll(async () => {
    home = createTempHome("jarvis-snapshot-");
    env = { ...home.env, JARVIS_SNAPSHOT: "on" };
    // The first cold ask runs the usual way and leaves a builder that waits for it to end
    const first = await ask("what is 2 plus 3");
    expect(first.code).toBe(0);
    const until = Date.now() + 170_000;
    while ((!snapshotFresh(plan()) || existsSync(plan().lock)) && Date.now() < until) await sleep(250);
  }, 180_000);

  afterAll(() => home.cleanup());

  it("is built in the background by a first cold ask, and the builder does not stay behind", () => {
    expect(snapshotFresh(plan())).toBe(true);
    expect(existsSync(plan().lock)).toBe(false);
    const ps = spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout;
    expect(ps).not.toContain(plan().blob);
    // Private to the user, and nothing half-written left beside it
    expect(readdirSync(plan().dir).sort()).toEqual(
      [`${plan().blob}.json`, plan().blob].map((p) => p.split("/").pop()).sort(),
    );
  });

  it("answers as the usual path does, with the same audit records and exit code", async () => {
    const usual = await ask("what is 2 plus 3", { JARVIS_SNAPSHOT: "off" });
    const usualAudit = await auditTail();
    const fast = await ask("what is 2 plus 3", { JARVIS_DEBUG_SNAPSHOT: "1" });
    expect(fast.stderr).toContain("started from the CLI snapshot (NLU held)");
    expect(fast.code).toBe(usual.code);
    expect(events(fast.stdout)).toEqual(events(usual.stdout));
    expect(events(fast.stdout).some((event) => event.tool === "calc_evaluate")).toBe(true);
    expect(await auditTail()).toEqual(usualAudit);
  });

  it("reads the time zone and environment of the run, not of the build", async () => {
    const tokyo = await runJarvis(["ask", "what time is it"], {
      env: { ...env, TZ: "Asia/Tokyo", JARVIS_DEBUG_SNAPSHOT: "1" },
    });
    expect(tokyo.stderr).toContain("started from the CLI snapshot");
    expect(tokyo.stdout).toMatch(/UTC\+09:00/);
    const usual = await runJarvis(["ask", "what time is it"], {
      env: { ...env, TZ: "Asia/Tokyo", JARVIS_SNAPSHOT: "off" },
    });
    expect(usual.stdout.replace(/\d+:\d+/, "")).toBe(tokyo.stdout.replace(/\d+:\d+/, ""));
  });

  it("a bad usage is answered by the usual path, as before", async () => {
    const bad = await runJarvis(["ask", "--yes", "--no", "hi"], {
      env: { ...env, JARVIS_DEBUG_SNAPSHOT: "1" },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toContain("CLI snapshot");
  });

  it("a snapshot that is not whole is ignored without a word, and the answer is the same", async () => {
    const { blob, lock } = plan();
    const whole = readFileSync(blob);
    // A fresh lock: this test does not wait for another build
    writeFileSync(lock, "");
    try {
      truncateSync(blob, 1024);
      const run = await ask("what is 2 plus 3", { JARVIS_DEBUG_SNAPSHOT: "1" });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe("");
      expect(events(run.stdout).some((event) => event.tool === "calc_evaluate")).toBe(true);
      writeFileSync(blob, Buffer.from("not a snapshot"));
      const garbage = await ask("what is 2 plus 3");
      expect([garbage.code, garbage.stderr]).toEqual([0, ""]);
    } finally {
      writeFileSync(blob, whole);
      utimesSync(lock, 0, 0);
    }
  });
});
