import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, createTempHome, runJarvis, type TempHome } from "../../src/testing/index.js";
import { hasPrograms } from "../../src/testing/programs.js";

// The built CLI (`npm run build` first) against a throwaway HOME and JARVIS_HOME.
const ready = process.platform === "linux" && hasPrograms(["bwrap", "prlimit"], "bubblewrap util-linux");

/** Exactly one stderr line, no stack trace. */
function oneLine(run: CliRun): string {
  const lines = run.stderr.trim().split("\n");
  expect(lines, run.stderr).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return lines[0] ?? "";
}

describe.runIf(ready)("jarvis sandbox run, skills and tools make (the CLI contract)", () => {
  let temp: TempHome;
  const jarvis = (args: string[], env: NodeJS.ProcessEnv = temp.env) =>
    runJarvis(args, { env, timeoutMs: 60_000 });

  beforeAll(() => {
    temp = createTempHome("jarvis-cli-extend-");
  });
  afterAll(() => temp.cleanup());

  it("exits with the command's own status and passes its output through", async () => {
    const run = await jarvis(["sandbox", "run", "--", "/bin/sh", "-c", "echo out; echo err >&2; exit 7"]);
    expect(run.code).toBe(7);
    expect(run.stdout).toBe("out\n");
    expect(run.stderr).toBe("err\n");
  });

  it("exits 125 with one line naming the limit that stopped it", { timeout: 90_000 }, async () => {
    const run = await jarvis(["sandbox", "run", "--time", "1", "--", "/bin/sh", "-c", "while :; do :; done"]);
    expect(run.code).toBe(125);
    expect(oneLine(run)).toBe("sandbox: stopped: the time limit of 1 s was reached");
    const memory = await jarvis([
      "sandbox",
      "run",
      "--memory",
      "64",
      "--",
      "python3",
      "-c",
      "x = bytearray(1 << 30)",
    ]);
    expect(memory.code).toBe(125);
    expect(memory.stderr.trim().split("\n").at(-1)).toBe(
      "sandbox: stopped: the memory limit of 64 MB was reached",
    );
  });

  it("exits 125 with one line naming the rule when a grant is refused", { timeout: 90_000 }, async () => {
    mkdirSync(join(temp.home, ".ssh"), { recursive: true });
    const run = await jarvis(["sandbox", "run", "--read", "~/.ssh", "--", "ls"]);
    expect(run.code).toBe(125);
    expect(oneLine(run)).toMatch(/^sandbox: .*protected location/);
    const bad = await jarvis(["sandbox", "run", "--net", "nowhere", "--", "true"]);
    expect(bad.code).toBe(125);
    expect(oneLine(bad)).toMatch(/is not HOST:PORT/);
  });

  it("fails closed without bubblewrap, and doctor says what to install", { timeout: 90_000 }, async () => {
    const env = { ...temp.env, JARVIS_BWRAP: "/nonexistent/bwrap" };
    const run = await jarvis(["sandbox", "run", "--", "true"], env);
    expect(run.code).toBe(125);
    expect(oneLine(run)).toMatch(
      /^sandbox: .*no sandbox: bubblewrap was not found .*untrusted code does not run.*apt-get install bubblewrap/i,
    );
    const doctor = await jarvis(["doctor", "--json"], env);
    const check = doctor.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { name: string; status: string; fix?: string })
      .find((entry) => entry.name === "sandbox");
    expect(check).toMatchObject({ status: "missing" });
    expect(check?.fix).toMatch(/apt-get install bubblewrap/);
  });

  it("skills: a malformed skill is refused with one line; a good one is shown, added, listed and verified", {
    timeout: 180_000,
  }, async () => {
    const bad = join(temp.dir, "src", "Bad_Skill");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "SKILL.md"), "---\nname: Bad_Skill\ndescription: x\n---\n");
    const refused = await jarvis(["skills", "add", bad, "--yes"]);
    expect(refused.code).toBe(2);
    expect(oneLine(refused)).toMatch(/^USAGE: the skill name "Bad_Skill" breaks the naming rule/);

    const good = join(temp.dir, "src", "notes-helper");
    mkdirSync(good, { recursive: true });
    writeFileSync(
      join(good, "SKILL.md"),
      "---\nname: notes-helper\ndescription: Tidy up meeting notes into action items.\n---\nList each action with its owner.\n",
    );
    const denied = await jarvis(["skills", "add", good]);
    expect(denied.code).toBe(3);
    expect(denied.stdout).toContain("Install the skill notes-helper");
    expect(denied.stderr).toContain("add --yes to approve");
    const added = await jarvis(["skills", "add", good, "--yes"]);
    expect(added.code, added.stderr).toBe(0);
    const list = await jarvis(["skills", "list", "--json"]);
    expect(JSON.parse(list.stdout.trim())).toMatchObject({
      name: "notes-helper",
      status: "ready",
      where: "installed",
    });
    expect((await jarvis(["skills", "verify"])).code).toBe(0);
    writeFileSync(
      join(temp.jarvisHome, "skills", "notes-helper", "SKILL.md"),
      "---\nname: notes-helper\ndescription: changed\n---\n",
    );
    const verify = await jarvis(["skills", "verify"]);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(
      /changed\s+notes-helper: disabled: its files changed since you approved it \(SKILL\.md\)/,
    );
  });

  it("tools make with no model: one honest line; tools generated list says there are none", {
    timeout: 90_000,
  }, async () => {
    const made = await jarvis(["tools", "make", "a tool that adds two numbers"]);
    expect(made.code).toBe(1);
    expect(oneLine(made)).toMatch(/no language model is configured, so Jarvis cannot write tools/);
    const list = await jarvis(["tools", "generated", "list"]);
    expect(list.stdout).toMatch(/No generated tools yet/);
  });
});
