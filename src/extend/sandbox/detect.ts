import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter } from "node:path";
import { findProgram as which } from "../../platform/programs.js";
import { detectCgroups } from "./cgroups.js";
import { seccompArchFor } from "./seccomp.js";
import type { CgroupSupport, SandboxSupport } from "./types.js";

export interface ProbeOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  arch?: string;
  /** Whether this process runs as root (uid 0). */
  root?: boolean;
  cgroups?: CgroupSupport | null;
  /** Skip the trial run of bwrap (argv-contract tests). */
  trial?: boolean;
}

const INSTALL_LINUX =
  "install bubblewrap (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap)";

/**
 * What this machine offers for running untrusted code, found once: the sandbox program and
 * the options its version understands (`--help`, since 0.8.0 lacks some later options), a
 * trial run (user namespaces can be switched off by the distribution), prlimit, cgroups and
 * seccomp. Anything missing that containment depends on makes the sandbox unavailable: it
 * fails closed and `jarvis doctor` names what to install.
 */
export function probeSandbox(options: ProbeOptions = {}): SandboxSupport {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const root = options.root ?? process.getuid?.() === 0;
  const features = { seccomp: false, disableUserns: false, tmpfsSize: false, capDrop: false };
  const base = { platform, features, root, notes: [] as string[] };
  if (platform === "darwin") {
    const program = systemProgram("sandbox-exec", env, ["/usr/bin"]);
    if (!program)
      return {
        ...base,
        backend: "none",
        processLimit: "none",
        unavailable: {
          reason: "sandbox-exec is missing",
          fix: "sandbox-exec ships with macOS; restore /usr/bin/sandbox-exec",
        },
      };
    return { ...base, backend: "sandbox-exec", program, processLimit: "rlimit" };
  }
  if (platform !== "linux") {
    return {
      ...base,
      backend: "none",
      processLimit: "none",
      unavailable: {
        reason: `no sandbox is known for ${platform}`,
        fix: "run Jarvis on Linux or macOS to use skills scripts and generated tools",
      },
    };
  }
  // JARVIS_BWRAP names a bubblewrap outside the usual places (and lets tests take it away).
  const named = env.JARVIS_BWRAP?.trim();
  const program = named ? which(named, env) : systemProgram("bwrap", env);
  if (!program) {
    const reason = named
      ? `bubblewrap was not found at ${named} (JARVIS_BWRAP)`
      : "bubblewrap (bwrap) is not installed";
    return { ...base, backend: "none", processLimit: "none", unavailable: { reason, fix: INSTALL_LINUX } };
  }
  const version = /([0-9]+\.[0-9]+(\.[0-9]+)?)/.exec(run(program, ["--version"]).stdout)?.[1];
  const help = run(program, ["--help"]);
  const text = `${help.stdout}\n${help.stderr}`;
  features.seccomp = text.includes("--seccomp");
  features.disableUserns = text.includes("--disable-userns");
  features.tmpfsSize = text.includes("--size");
  features.capDrop = text.includes("--cap-drop");
  const prlimit = systemProgram("prlimit", env);
  const launcher = systemProgram("bash", env);
  const cgroups = options.cgroups === null ? undefined : (options.cgroups ?? detectCgroups());
  const processLimit = cgroups?.pidsParent ? "cgroup" : root ? "none" : "rlimit";
  const kernelSeccomp = seccompInKernel();
  const arch = seccompArchFor(options.arch ?? process.arch);
  const support: SandboxSupport = {
    ...base,
    backend: "bwrap",
    program,
    ...(version ? { version } : {}),
    ...(prlimit ? { prlimit } : {}),
    ...(launcher ? { launcher } : {}),
    ...(cgroups ? { cgroups } : {}),
    processLimit,
    ...(features.seccomp && kernelSeccomp && arch ? { seccompArch: arch } : {}),
  };
  if (!support.seccompArch)
    support.notes.push(
      "no seccomp filter (kernel, bwrap or architecture); namespaces and no-new-privileges still apply",
    );
  if (!cgroups)
    support.notes.push(
      "no writable cgroups: memory is bounded by RLIMIT_DATA and the memory limit cannot be named when hit",
    );
  if (!prlimit) {
    support.unavailable = {
      reason: "prlimit (util-linux) is missing, so CPU, memory and file limits cannot be set",
      fix: "install util-linux (sudo apt-get install util-linux)",
    };
    return support;
  }
  if (!launcher) {
    support.unavailable = {
      reason: "bash is missing (it starts every sandboxed program)",
      fix: "install bash",
    };
    return support;
  }
  if (!features.capDrop) {
    support.unavailable = {
      reason: `bubblewrap ${version ?? ""} is too old (no --cap-drop)`,
      fix: "update bubblewrap to 0.4 or later",
    };
    return support;
  }
  if (processLimit === "none") {
    support.unavailable = {
      reason: "running as root without a writable pids cgroup, so a fork bomb could not be bounded",
      fix: "run Jarvis as a normal user, or give it a writable cgroup (mount the pids controller)",
    };
    return support;
  }
  if (options.trial !== false) {
    const trial = run(program, [
      "--unshare-all",
      "--die-with-parent",
      "--cap-drop",
      "ALL",
      "--ro-bind",
      "/",
      "/",
      "--",
      "/bin/true",
    ]);
    if (trial.status !== 0) {
      const line = (trial.stderr.trim().split("\n")[0] ?? "").slice(0, 200);
      support.unavailable = {
        reason: `bubblewrap cannot create namespaces here${line ? ` (${line})` : ""}`,
        fix: "allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or the AppArmor profile for bwrap)",
      };
    }
  }
  return support;
}

function run(program: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(program, args, { encoding: "utf8", timeout: 5_000 });
  return {
    status: result.status,
    stdout: result.stdout ?? "",
    stderr: result.stderr ?? String(result.error ?? ""),
  };
}

function seccompInKernel(): boolean {
  try {
    return /^Seccomp:/m.test(readFileSync("/proc/self/status", "utf8"));
  } catch {
    return false;
  }
}

/** System directories first: a program of the same name earlier on PATH does not stand in. */
const SYSTEM_DIRS = ["/usr/bin", "/bin", "/usr/sbin", "/usr/local/bin"];

export function systemProgram(
  name: string,
  env: NodeJS.ProcessEnv,
  extra: string[] = [],
): string | undefined {
  const path = [...SYSTEM_DIRS, ...extra, env.PATH ?? ""].join(delimiter);
  return which(name, { PATH: path });
}
