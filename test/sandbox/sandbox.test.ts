import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bwrapArgs, launcherArgv, prlimitArgs } from "../../src/extend/sandbox/bwrap-args.js";
import { sweepStaleCgroups } from "../../src/extend/sandbox/cgroups.js";
import { probeSandbox } from "../../src/extend/sandbox/detect.js";
import { Sandbox } from "../../src/extend/sandbox/sandbox.js";
import { seccompProgram } from "../../src/extend/sandbox/seccomp.js";
import { DEFAULT_LIMITS, type SandboxSupport } from "../../src/extend/sandbox/types.js";
import { hasPrograms } from "../../src/testing/programs.js";

const LINUX_SUPPORT: SandboxSupport = {
  platform: "linux",
  backend: "bwrap",
  program: "/usr/bin/bwrap",
  features: { seccomp: true, disableUserns: false, tmpfsSize: true, capDrop: true },
  seccompArch: "x64",
  prlimit: "/usr/bin/prlimit",
  launcher: "/bin/bash",
  processLimit: "cgroup",
  root: true,
  notes: [],
};

describe("the bubblewrap command line (contract)", () => {
  const layout = {
    system: [{ path: "/bin", link: "usr/bin" }, { path: "/lib64" }],
    etc: ["/etc/ld.so.cache"],
    synthetic: { passwd: "/h/passwd", group: "/h/group", hosts: "/h/hosts" },
    seccompFd: 3,
  };
  const plan = {
    argv: ["python3", "x.py"],
    read: ["/data/in"],
    write: ["/data/out"],
    hide: [
      { path: "/data/in/.ssh", directory: true },
      { path: "/data/in/.netrc", directory: false },
    ],
    env: { PATH: "/usr/bin", HOME: "/tmp/home" },
    cwd: "/data/out",
    limits: DEFAULT_LIMITS,
  };
  const args = bwrapArgs(plan, LINUX_SUPPORT, layout);
  const pairs = (flag: string) =>
    args.flatMap((arg, i) => (arg === flag ? [args.slice(i + 1, i + 3).join(" ")] : []));

  it("unshares everything, the network included, drops capabilities and dies with its parent", () => {
    for (const flag of ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv"])
      expect(args).toContain(flag);
    expect(args).not.toContain("--share-net");
    expect(args.join(" ")).toContain("--cap-drop ALL");
    expect(args.join(" ")).toContain("--seccomp 3");
  });

  it("binds only the grants, at their own paths, read-only unless granted for writing, and hides secrets inside them", () => {
    expect(pairs("--ro-bind")).toContain("/data/in /data/in");
    expect(pairs("--bind")).toEqual(["/data/out /data/out"]);
    expect(args.join(" ")).toContain("--tmpfs /data/in/.ssh --remount-ro /data/in/.ssh");
    expect(pairs("--ro-bind")).toContain("/dev/null /data/in/.netrc");
    // /etc only through the curated list and Jarvis's own passwd/group/hosts; /proc/sys read-only.
    expect(pairs("--ro-bind")).toContain("/proc/sys /proc/sys");
    expect(pairs("--ro-bind")).toContain("/h/passwd /etc/passwd");
    expect(pairs("--ro-bind").some((pair) => pair.startsWith("/etc "))).toBe(false);
    expect(args.slice(args.indexOf("--") + 1)).toEqual(["python3", "x.py"]);
  });

  it("asks bubblewrap to refuse new user namespaces only where its version knows how", () => {
    expect(args).not.toContain("--disable-userns");
    const newer = bwrapArgs(
      plan,
      { ...LINUX_SUPPORT, features: { ...LINUX_SUPPORT.features, disableUserns: true } },
      layout,
    );
    expect(newer.join(" ")).toContain("--unshare-user --disable-userns");
  });

  it("sets CPU (soft before hard), file size and data limits; memory by cgroup when there is one", () => {
    const rlimits = prlimitArgs(
      { ...DEFAULT_LIMITS, cpuSeconds: 5, memoryMb: 100 },
      { memoryByCgroup: false },
    );
    expect(rlimits).toContain("--cpu=5:6");
    expect(rlimits).toContain(`--data=${100 * 1024 * 1024}`);
    expect(prlimitArgs(DEFAULT_LIMITS, { memoryByCgroup: true }).some((a) => a.startsWith("--data"))).toBe(
      false,
    );
    const launcher = launcherArgv("/bin/bash", 3, ["/cg/pids/x/cgroup.procs"]);
    expect(launcher.slice(0, 3)).toEqual(["/bin/bash", "--norc", "--noprofile"]);
    expect(launcher.slice(-3)).toEqual(["3", "/cg/pids/x/cgroup.procs", "--"]);
  });

  it("compiles a seccomp program bubblewrap can load: whole instructions, arch checked first, allow last", () => {
    for (const arch of ["x64", "arm64"] as const) {
      const program = seccompProgram(arch);
      expect(program.length % 8).toBe(0);
      expect(program.readUInt16LE(0)).toBe(0x20); // load the architecture word
      expect(program.readUInt32LE(4)).toBe(4);
      expect(program.readUInt32LE(program.length - 4)).toBe(0x7fff0000); // RET ALLOW
    }
    expect(seccompProgram("x64").equals(seccompProgram("arm64"))).toBe(false);
  });
});

describe("cgroups left behind", () => {
  it("removes the empty groups of runs whose process is gone, and nothing else", () => {
    const parent = mkdtempSync(join(tmpdir(), "jarvis-cg-"));
    for (const name of ["jarvis-sbx-4000001-aa", `jarvis-sbx-${process.pid}-bb`, "someone-else"])
      mkdirSync(join(parent, name));
    mkdirSync(join(parent, "jarvis-sbx-4000002-cc", "busy"), { recursive: true });
    const removed = sweepStaleCgroups({ version: 2, pidsParent: parent }, (pid) => pid === process.pid);
    expect(removed).toBe(1);
    expect(existsSync(join(parent, "jarvis-sbx-4000001-aa"))).toBe(false);
    for (const kept of [`jarvis-sbx-${process.pid}-bb`, "someone-else", "jarvis-sbx-4000002-cc"])
      expect(existsSync(join(parent, kept))).toBe(true);
    rmSync(parent, { recursive: true, force: true });
  });
});

describe("fail closed", () => {
  it("no bubblewrap: unavailable, nothing runs, and the fix names the package", async () => {
    const support = probeSandbox({
      env: { PATH: "/usr/bin:/bin", JARVIS_BWRAP: "/nonexistent/bwrap" },
      platform: "linux",
    });
    expect(support.unavailable?.fix).toMatch(/apt-get install bubblewrap/);
    const sandbox = new Sandbox(support);
    await expect(sandbox.run({ argv: ["/bin/true"] })).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });

  it("root without a pids cgroup: unavailable (a fork bomb could not be bounded)", () => {
    const support = probeSandbox({ root: true, cgroups: null, trial: false, platform: "linux" });
    if (support.backend !== "bwrap") return; // no bwrap here at all: covered above
    expect(support.unavailable?.reason).toMatch(/root without a writable pids cgroup/);
  });

  it("an unknown platform has no sandbox", () => {
    expect(probeSandbox({ platform: "win32" }).unavailable?.reason).toMatch(/no sandbox is known/);
  });
});

const ready = process.platform === "linux" && hasPrograms(["bwrap", "prlimit"], "bubblewrap util-linux");

describe.runIf(ready)("running programs in bubblewrap", () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(() => {
    sandbox = new Sandbox(probeSandbox());
    dir = mkdtempSync(join(tmpdir(), "jarvis-sbx-"));
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes stdin in and the program's own exit status out", async () => {
    const result = await sandbox.run({
      argv: ["/bin/sh", "-c", "read line; echo got $line; exit 7"],
      stdin: "hello\n",
    });
    expect(result.stdout).toBe("got hello\n");
    expect(result.exitCode).toBe(7);
    expect(result.stopped).toBeUndefined();
  });

  it("writes only into the write grant; a read grant stays read-only", async () => {
    const input = join(dir, "in");
    const output = join(dir, "out");
    mkdirSync(input);
    mkdirSync(output);
    writeFileSync(join(input, "a.txt"), "A");
    const result = await sandbox.run({
      argv: [
        "/bin/sh",
        "-c",
        `cat ${input}/a.txt > ${output}/b.txt; echo x > ${input}/c.txt || echo read-only`,
      ],
      read: [input],
      write: [output],
    });
    expect(result.stdout).toContain("read-only");
    expect(readFileSync(join(output, "b.txt"), "utf8")).toBe("A");
    expect(existsSync(join(input, "c.txt"))).toBe(false);
  });

  it("stops at the CPU-time and file-size limits and names them", async () => {
    const cpu = await sandbox.run({
      argv: ["/bin/sh", "-c", "while :; do :; done"],
      limits: { cpuSeconds: 1, wallMs: 10_000 },
    });
    expect(cpu.stopped?.limit).toBe("cpu_time");
    expect(cpu.stopped?.message).toBe("stopped: the CPU-time limit of 1 s was reached");
    const out = join(dir, "big");
    mkdirSync(out);
    const big = await sandbox.run({
      argv: ["dd", "if=/dev/zero", `of=${out}/f`, "bs=1M", "count=8"],
      write: [out],
      limits: { fileSizeMb: 2 },
    });
    expect(big.stopped?.limit).toBe("file_size");
    expect(statSync(join(out, "f")).size).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    const running = sandbox.run({ argv: ["sleep", "30"], signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    expect((await running).stopped?.limit).toBe("cancelled");
  });

  it("refuses to grant a protected folder, or the whole file system", async () => {
    mkdirSync(join(dir, ".ssh"), { recursive: true });
    await expect(
      sandbox.run({ argv: ["ls"], read: [join(dir, ".ssh")], hide: [join(dir, ".ssh")] }),
    ).rejects.toMatchObject({
      code: "PATH_DENIED",
    });
    await expect(sandbox.run({ argv: ["ls"], read: ["/"] })).rejects.toMatchObject({ code: "USAGE" });
  });
});
