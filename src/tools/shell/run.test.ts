import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createToolHarness,
  dataOf,
  firstPreview,
  outputOf,
  type ToolHarness,
  timesAsked,
} from "../../testing/tool-harness.js";
import { commandLine, quoteArg, scrubEnv } from "./command-line.js";
import { createShellTools } from "./run.js";

const CONFIG = `shell:
  allow: [echo, sleep, printenv, ls, "false", "yes", pwd, not-installed-anywhere-xyz]
  timeout_s: 1
  max_output_bytes: 1000
`;

let h: ToolHarness;
let pids: number[];
beforeEach(() => {
  pids = [];
  h = createToolHarness((deps) => createShellTools(deps, { onSpawn: (pid) => pids.push(pid) }), CONFIG, {
    MY_API_TOKEN: "abc123",
    AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI",
    DB_PASSWORD: "hunter2",
    SNEAKY: "sk-abcdefghijklmnopqrstuvwx",
    HARMLESS_SETTING: "visible",
  });
});
afterEach(() => h.close());

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("shell_run", () => {
  it("runs an allowlisted program with argv passed literally — no shell", async () => {
    const args = ["a; touch ~/Documents/pwned", "$(whoami)", "`id`", "*", "it's", "x|y>z"];
    const outcome = await h.call("shell_run", { command: "echo", args });
    expect([outcome.status, outcome.tier, outcome.decision]).toEqual(["ok", "dangerous", "confirm"]);
    expect(outputOf(outcome)).toBe("a; touch ~/Documents/pwned $(whoami) `id` * it's x|y>z");
    expect(existsSync(join(h.home, "Documents", "pwned"))).toBe(false);
    expect(firstPreview(outcome)).toBe(
      `$ echo 'a; touch ~/Documents/pwned' '$(whoami)' '\`id\`' '*' 'it'\\''s' 'x|y>z'\n  in ${h.runtime.roots.home}\n  (no shell; environment without secrets; timeout 1 s)`,
    );
  });

  it("denies programs not on shell.allow and paths, before asking, naming the config key", async () => {
    const victim = join(h.home, "Documents", "victim.txt");
    writeFileSync(victim, "x");
    for (const command of ["rm", "/bin/echo", "../echo", "bash"]) {
      const outcome = await h.call("shell_run", { command, args: [victim] });
      expect([outcome.status, outcome.code], command).toEqual(["denied", "POLICY_DENIED"]);
      expect(outcome.observation).toContain("shell.allow in config.yaml");
      expect(timesAsked(outcome)).toBe(0);
    }
    expect(existsSync(victim)).toBe(true);
    expect(pids).toEqual([]);
    const audit = h.runtime.audit.list().filter((e) => e.decision === "deny");
    expect(audit).toHaveLength(4);
  });

  it("reports a non-zero exit as a failure with its status", async () => {
    const outcome = await h.call("shell_run", { command: "false" });
    expect([outcome.status, outcome.code]).toEqual(["failed", "TOOL_FAILED"]);
    expect(outcome.observation).toContain("false exited with status 1");
  });

  it("caps output and stops a program that would never end", async () => {
    const outcome = await h.call("shell_run", { command: "yes", args: ["jarvis"] });
    expect(outcome.status).toBe("ok");
    const text = outputOf(outcome);
    expect(text).toContain("[output passed 1000 bytes; the program was stopped]");
    expect(text.length).toBeLessThan(1100);
    await vi.waitFor(() => expect(alive(pids[0]!)).toBe(false));
  });

  it("hides secret-looking environment variables from the program", async () => {
    const names = [
      "HARMLESS_SETTING",
      "MY_API_TOKEN",
      "AWS_SECRET_ACCESS_KEY",
      "DB_PASSWORD",
      "SNEAKY",
      "JARVIS_HOME",
    ];
    const outcome = await h.call("shell_run", { command: "printenv", args: names });
    // printenv prints the value of each name it has, and exits 1 because the others are missing.
    expect(dataOf<{ stdout: string }>(outcome).stdout).toBe("visible\n");
    expect(outcome.observation).toContain("exited with status 1");
    const one = await h.call("shell_run", { command: "printenv", args: ["HARMLESS_SETTING"] });
    expect([one.status, outputOf(one)]).toEqual(["ok", "visible"]);
  });

  it("runs in a checked working directory", async () => {
    const outcome = await h.call("shell_run", { command: "pwd", cwd: "~/Documents" });
    expect(outputOf(outcome)).toBe(join(h.home, "Documents"));
    const denied = await h.call("shell_run", { command: "ls", cwd: "~/.ssh" });
    expect(denied.code).toBe("PATH_DENIED");
    const outside = await h.call("shell_run", { command: "ls", cwd: "/etc" });
    expect(outside.code).toBe("PATH_DENIED");
  });

  it("says when an allowed program is not installed", async () => {
    const outcome = await h.call("shell_run", { command: "not-installed-anywhere-xyz" });
    expect(outcome.code).toBe("UNAVAILABLE");
  });

  it("kills the program (and its process) when shell.timeout_s passes", async () => {
    const outcome = await h.call("shell_run", { command: "sleep", args: ["30"] });
    expect([outcome.status, outcome.code]).toEqual(["timeout", "TIMEOUT"]);
    expect(pids).toHaveLength(1);
    await vi.waitFor(() => expect(alive(pids[0]!)).toBe(false));
  });

  it("is stopped by the kill switch and the process is gone", async () => {
    const pending = h.call("shell_run", { command: "sleep", args: ["30"] });
    await vi.waitFor(() => expect(pids).toHaveLength(1));
    expect(alive(pids[0]!)).toBe(true);
    expect(h.runtime.gate.killAll()).toBe(1);
    const outcome = await pending;
    expect([outcome.status, outcome.code]).toEqual(["cancelled", "CANCELLED"]);
    await vi.waitFor(() => expect(alive(pids[0]!)).toBe(false));
  });
});

describe("command line rendering and env scrubbing", () => {
  it("quotes only what needs quoting, and shows control characters", () => {
    expect(commandLine("git", ["log", "--oneline", "-n", "5"])).toBe("git log --oneline -n 5");
    expect(quoteArg("")).toBe("''");
    expect(quoteArg("a b")).toBe("'a b'");
    expect(quoteArg("line1\nline2")).toBe("$'line1\\nline2'");
    expect(quoteArg("it's\t")).toBe("$'it\\'s\\t'");
  });

  it("drops secret names and secret-looking values", () => {
    const env = scrubEnv({
      PATH: "/bin",
      GH_TOKEN: "x",
      NOTE: "ghp_abcdefghijklmnopqrstuvwxyz012345",
      LANG: "C",
    });
    expect(env).toEqual({ PATH: "/bin", LANG: "C" });
  });
});
