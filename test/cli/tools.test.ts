import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliRun, createTempHome, runJarvis, type TempHome } from "../../src/testing/index.js";

// Runs the built CLI (`npm run build` first) against a throwaway HOME and JARVIS_HOME.
let temp: TempHome;
beforeEach(() => {
  temp = createTempHome("jarvis-cli-tools-");
});
afterEach(() => temp.cleanup());

const jarvis = (args: string[]) => runJarvis(args, { env: temp.env });

/** A refusal is exactly one stderr line naming the code, with no stack trace. */
function expectRefusal(run: CliRun, code: string, exit: number): void {
  expect(run.code, run.stderr).toBe(exit);
  const lines = run.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${code}: `));
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

/** Processes whose argv is exactly `argv` (Linux /proc), to prove a killed program is gone. */
function processesWithArgv(argv: string[]): number[] {
  const wanted = `${argv.join("\0")}\0`;
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8") === wanted;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe("jarvis tools list", () => {
  it("lists the files, system and shell tools with tier and effects", async () => {
    const run = await jarvis(["tools", "list", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const tools = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { name: string; group: string; tier: string; effects: string[] });
    const byName = new Map(tools.map((t) => [t.name, t]));
    const expected: Array<[string, string, string, string[]]> = [
      ["files_list", "files", "safe", ["read"]],
      ["files_read", "files", "safe", ["read"]],
      ["files_search", "files", "safe", ["read"]],
      ["files_info", "files", "safe", ["read"]],
      ["files_write", "files", "dangerous", ["write"]],
      ["files_move", "files", "varies", ["write"]],
      ["files_trash", "files", "destructive", ["delete"]],
      ["files_trash_list", "files", "safe", ["read"]],
      ["files_restore", "files", "caution", ["write"]],
      ["system_info", "system", "safe", ["read"]],
      ["shell_run", "shell", "varies", ["exec"]],
    ];
    for (const [name, group, tier, effects] of expected) {
      expect(byName.get(name), name).toMatchObject({ group, tier, effects });
    }
  });
});

describe("jarvis tools call", () => {
  it("reads a file", async () => {
    writeFileSync(join(temp.home, "Documents", "groceries.txt"), "milk\nbread\n");
    const run = await jarvis([
      "tools",
      "call",
      "files_read",
      "--args",
      '{"path": "~/Documents/groceries.txt"}',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("milk\nbread\n");
  });

  it("writes a file with --yes and prints JSON with --json", async () => {
    const args = JSON.stringify({ path: "~/Documents/hello.txt", content: "hi\n" });
    const run = await jarvis(["tools", "call", "files_write", "--args", args, "--yes", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "ok", tier: "dangerous", decision: "confirm" });
    expect(readFileSync(join(temp.home, "Documents", "hello.txt"), "utf8")).toBe("hi\n");
  });

  it("TOOL_UNKNOWN exits 2", async () => {
    expectRefusal(await jarvis(["tools", "call", "files_shred", "--args", "{}"]), "TOOL_UNKNOWN", 2);
  });

  it("ARGS_INVALID exits 2, and --args that is not JSON is a USAGE error (2)", async () => {
    expectRefusal(await jarvis(["tools", "call", "files_read", "--args", '{"path": 5}']), "ARGS_INVALID", 2);
    expectRefusal(
      await jarvis(["tools", "call", "files_read", "--args", '{"path": "~", "extra": true}']),
      "ARGS_INVALID",
      2,
    );
    expectRefusal(await jarvis(["tools", "call", "files_read", "--args", "{"]), "USAGE", 2);
  });

  it("PATH_DENIED exits 3 for secrets and places outside the roots", async () => {
    mkdirSync(join(temp.home, ".ssh"));
    writeFileSync(join(temp.home, ".ssh", "id_rsa"), "KEY");
    for (const path of ["~/.ssh/id_rsa", "/etc/hostname"]) {
      const run = await jarvis(["tools", "call", "files_read", "--args", JSON.stringify({ path })]);
      expectRefusal(run, "PATH_DENIED", 3);
      expect(run.stdout).not.toContain("KEY");
    }
  });

  it("POLICY_DENIED exits 3 when config.yaml denies the tool", async () => {
    temp.writeConfig("policy:\n  tools:\n    files_read: deny\n");
    writeFileSync(join(temp.home, "Documents", "a.txt"), "a");
    const run = await jarvis(["tools", "call", "files_read", "--args", '{"path": "~/Documents/a.txt"}']);
    expectRefusal(run, "POLICY_DENIED", 3);
    expect(run.stderr).toContain("policy.tools.files_read is deny");
  });

  it("POLICY_DENIED exits 3 for a program not on shell.allow, naming the key", async () => {
    const run = await jarvis([
      "tools",
      "call",
      "shell_run",
      "--args",
      '{"command": "rm", "args": ["-rf", "~"]}',
      "--yes",
    ]);
    expectRefusal(run, "POLICY_DENIED", 3);
    expect(run.stderr).toContain("shell.allow in config.yaml");
  });

  it("USER_DENIED exits 3 with --no and nothing is written", async () => {
    const args = JSON.stringify({ path: "~/Documents/no.txt", content: "x" });
    expectRefusal(await jarvis(["tools", "call", "files_write", "--args", args, "--no"]), "USER_DENIED", 3);
    expect(existsSync(join(temp.home, "Documents", "no.txt"))).toBe(false);
  });

  it("TIMEOUT exits 1 when shell.timeout_s passes, and the program is gone", async () => {
    temp.writeConfig("shell:\n  allow: [sleep]\n  timeout_s: 1\n");
    const run = await jarvis([
      "tools",
      "call",
      "shell_run",
      "--args",
      '{"command": "sleep", "args": ["7.317"]}',
      "--yes",
    ]);
    expectRefusal(run, "TIMEOUT", 1);
    if (existsSync("/proc")) expect(processesWithArgv(["sleep", "7.317"])).toEqual([]);
  });
});

describe("bad configuration", () => {
  const BAD = "# my settings\npolicy:\n  autonomy: yolo   # typo\n";

  it("CONFIG_INVALID exits 1 naming the key path, and the file is left as it was", async () => {
    temp.writeConfig(BAD);
    const run = await jarvis(["tools", "call", "files_list", "--args", "{}"]);
    expectRefusal(run, "CONFIG_INVALID", 1);
    expect(run.stderr).toContain("config.yaml: policy.autonomy must be one of ask_all, smart, full_auto");
    expect(readFileSync(join(temp.jarvisHome, "config.yaml"), "utf8")).toBe(BAD);
  });

  it("`jarvis config set` with a bad value leaves config.yaml byte-identical", async () => {
    const GOOD = "# my settings\npolicy:\n  autonomy: smart   # careful\nshell:\n  allow: [git]\n";
    temp.writeConfig(GOOD);
    const before = readFileSync(join(temp.jarvisHome, "config.yaml"));
    for (const [key, value] of [
      ["policy.autonomy", "yolo"],
      ["shell.timeout_s", "-5"],
      ["shell.allow", "[/bin/rm]"],
      ["files.nonsense", "1"],
    ] as const) {
      const run = await jarvis(["config", "set", key, value]);
      expectRefusal(run, "CONFIG_INVALID", 1);
      expect(run.stderr).toContain(key.split(".")[0]);
      expect(readFileSync(join(temp.jarvisHome, "config.yaml")).equals(before)).toBe(true);
    }
    const fine = await jarvis(["config", "set", "shell.timeout_s", "5"]);
    expect(fine.code, fine.stderr).toBe(0);
    expect(readFileSync(join(temp.jarvisHome, "config.yaml"), "utf8")).toContain("# careful");
  });
});
