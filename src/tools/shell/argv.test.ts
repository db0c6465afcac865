import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPrograms } from "../../testing/programs.js";
import { createToolHarness, outputOf, type ToolHarness, timesAsked } from "../../testing/tool-harness.js";
import { createShellTools } from "./run.js";

// The default allowlist with the real programs: a program's name being allowed must not let its
// arguments run other commands, write files or print deny-listed secrets.

const KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nargv-test-secret-0451\n";
const present = hasPrograms(["git", "date", "ls", "du", "df"], "git coreutils");
let h: ToolHarness;
let repo: string;
let marker: string;
beforeAll(() => {
  if (!present) return;
  h = createToolHarness((deps) => createShellTools(deps));
  mkdirSync(join(h.home, ".ssh"), { recursive: true });
  writeFileSync(join(h.home, ".ssh", "id_ed25519"), KEY);
  repo = join(h.home, "Documents", "repo");
  mkdirSync(repo, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: repo, env: { ...h.temp.env, GIT_CONFIG_NOSYSTEM: "1" } });
  git("init", "-q");
  writeFileSync(join(repo, "notes.txt"), "first line\n");
  git("-c", "user.email=a@b.c", "-c", "user.name=A", "add", ".");
  git("-c", "user.email=a@b.c", "-c", "user.name=A", "commit", "-qm", "first commit");
  marker = join(h.home, "Documents", "pwned");
});
afterAll(() => h?.close());

const run = (command: string, args: string[], cwd?: string) =>
  h.call("shell_run", { command, args, ...(cwd ? { cwd } : {}) });

describe.runIf(present)("shell_run argument rules (real programs)", () => {
  it("refuses git options that run commands, before anyone is asked", async () => {
    for (const args of [
      ["-c", `alias.x=!touch ${marker}`, "x"],
      ["-calias.x=!touch pwned", "x"],
      ["--config-env=core.pager=HOME", "log"],
      ["--exec-path=/tmp", "log"],
      ["log", "--ext-diff"],
      ["grep", "-O", "touch pwned", "line"],
      ["help", "-w", "log"],
      ["x"],
      ["commit", "--allow-empty", "-m", "x"],
      ["branch", "evil"],
      ["tag", "-d", "v1"],
    ]) {
      const outcome = await run("git", args, repo);
      expect([outcome.status, outcome.code], args.join(" ")).toEqual(["denied", "POLICY_DENIED"]);
      expect(timesAsked(outcome)).toBe(0);
    }
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(repo, "pwned"))).toBe(false);
  });

  it("refuses git writing a file or reading outside the roots", async () => {
    const out = join(h.home, "Documents", "written.diff");
    for (const [args, cwd] of [
      [["diff", "--no-index", `--output=${out}`, "notes.txt", "notes.txt"], repo],
      [["log", "--output", out], repo],
      [["log", "--out=x"], repo],
      [["diff", "--no-inde", "/dev/null", "notes.txt"], repo],
      [["diff", "--no-index", "/dev/null", "~/.ssh/id_ed25519"], repo],
      [["diff", "/dev/null", join(h.home, ".ssh", "id_ed25519")], undefined],
      [["-C", join(h.home, ".ssh"), "status"], undefined],
      [["show", "HEAD", "--", "../../.ssh/id_ed25519"], repo],
    ] as Array<[string[], string | undefined]>) {
      const outcome = await run("git", args, cwd);
      expect(outcome.status, args.join(" ")).toBe("denied");
      expect(["POLICY_DENIED", "PATH_DENIED"]).toContain(outcome.code);
      expect(JSON.stringify(outcome)).not.toContain("argv-test-secret");
    }
    expect(existsSync(out)).toBe(false);
  });

  it("refuses date reading a file, in every spelling", async () => {
    for (const args of [
      ["-f", "~/.ssh/id_ed25519"],
      ["-f", join(h.home, ".ssh", "id_ed25519")],
      ["--file", join(h.home, ".ssh", "id_ed25519")],
      ["-f~/.ssh/id_ed25519"],
      ["-uf", "~/.ssh/id_ed25519"],
      ["--file=~/.ssh/id_ed25519"],
      ["--fi", "~/.ssh/id_ed25519"],
      ["--file", join(h.home, "Documents", "repo", "notes.txt")],
      ["-r", join(h.home, ".ssh", "id_ed25519")],
      ["-s", "2000-01-01"],
    ]) {
      const outcome = await run("date", args);
      expect(outcome.status, args.join(" ")).toBe("denied");
      expect(JSON.stringify(outcome)).not.toContain("argv-test-secret");
    }
  });

  it("refuses ls, du and df on deny-listed or outside paths and du reading a list of files", async () => {
    for (const [command, args] of [
      ["ls", ["-la", "~/.ssh"]],
      ["ls", ["-la", join(h.home, ".ssh")]],
      ["ls", [".ssh"]],
      ["ls", ["/etc"]],
      ["ls", ["--", "../../etc"]],
      ["du", ["--files0-from=~/.ssh/id_ed25519"]],
      ["du", ["-X", "~/.ssh/id_ed25519", "."]],
      ["df", ["/"]],
    ] as Array<[string, string[]]>) {
      const outcome = await run(command, args);
      expect(outcome.status, `${command} ${args.join(" ")}`).toBe("denied");
      expect(JSON.stringify(outcome)).not.toContain("id_ed25519\\n");
    }
  });

  it("still runs the everyday read-only uses", async () => {
    const log = await run("git", ["log", "--oneline", "-n", "5"], repo);
    expect([log.status, outputOf(log)]).toEqual(["ok", expect.stringContaining("first commit")]);
    const status = await run("git", ["status", "--short"], repo);
    expect(status.status).toBe("ok");
    const diff = await run("git", ["diff", "HEAD", "--", "notes.txt"], repo);
    expect(diff.status).toBe("ok");
    const branches = await run("git", ["--no-pager", "branch", "-a"], repo);
    expect(branches.status).toBe("ok");
    const date = await run("date", ["-u", "-d", "2001-02-03", "+%Y/%m/%d"]);
    expect([date.status, outputOf(date)]).toEqual(["ok", "2001/02/03"]);
    const ls = await run("ls", ["-la", "Documents"]);
    expect([ls.status, outputOf(ls)]).toEqual(["ok", expect.stringContaining("repo")]);
    const echo = await run("echo", ["-f", "--file=/etc/passwd", "~/.ssh"]);
    expect([echo.status, outputOf(echo)]).toEqual(["ok", "-f --file=/etc/passwd ~/.ssh"]);
    expect((await run("du", ["-sh", "Documents"])).status).toBe("ok");
    expect((await run("df", ["-h", "."])).status).toBe("ok");
    expect((await run("whoami", [])).status).toBe("ok");
  });
});
