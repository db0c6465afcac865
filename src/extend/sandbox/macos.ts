import { JarvisError } from "../../core/errors.js";
import type { SandboxLimits } from "./types.js";

/** What a macOS run may touch; paths are canonical (realpath, so /private/var not /var). */
export interface MacPlan {
  argv: string[];
  read: string[];
  write: string[];
  /** Secrets inside a grant, denied again (later rules win in a Seatbelt profile). */
  hide?: string[];
  /** The private directory that is home and temp for the run. */
  scratch: string;
  /** Loopback port of Jarvis's proxy when there is a network allowlist. */
  proxyPort?: number;
  limits: SandboxLimits;
  /**
   * RLIMIT_NPROC counts all of the user's processes: the caller adds the current count. Unknown
   * (no /proc) → not set, since a low value would stop the program from starting anything.
   */
  nproc?: number;
}

/** System locations a program needs to start (dyld cache, frameworks, tools); no user data. */
const SYSTEM_READ = [
  "/usr",
  "/bin",
  "/sbin",
  "/System",
  "/Library/Apple",
  "/private/var/db/dyld",
  "/private/var/db/timezone",
  "/Library/Developer/CommandLineTools",
  "/opt/homebrew",
];
const DEVICES = ["/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/tty"];

/** A string literal in the sandbox profile language; control characters are refused. */
export function profileString(value: string): string {
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    throw new JarvisError("USAGE", "a sandbox path may not contain control characters", {
      fix: "rename the file or folder",
    });
  }
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/**
 * The Seatbelt profile for one run: deny by default; read the system; read and write only
 * the scratch directory and the write grants; read the read grants; no network except, with
 * an allowlist, Jarvis's proxy port on loopback (which decides per destination).
 */
export function seatbeltProfile(plan: MacPlan): string {
  const subpaths = (paths: string[]) => paths.map((p) => `(subpath ${profileString(p)})`).join(" ");
  const lines = [
    "(version 1)",
    "(deny default)",
    "(allow process-exec process-fork)",
    "(allow signal (target same-sandbox))",
    "(allow sysctl-read)",
    "(allow file-read-metadata)",
    `(allow file-read* ${subpaths(SYSTEM_READ)} ${DEVICES.map((d) => `(literal ${profileString(d)})`).join(" ")})`,
    '(allow file-write* (literal "/dev/null") (literal "/dev/tty"))',
    `(allow file-read* file-write* ${subpaths([plan.scratch])})`,
  ];
  if (plan.read.length > 0) lines.push(`(allow file-read* ${subpaths(plan.read)})`);
  if (plan.write.length > 0) lines.push(`(allow file-read* file-write* ${subpaths(plan.write)})`);
  if (plan.hide && plan.hide.length > 0) lines.push(`(deny file-read* file-write* ${subpaths(plan.hide)})`);
  if (plan.proxyPort !== undefined) {
    lines.push(`(allow network-outbound (remote ip ${profileString(`localhost:${plan.proxyPort}`)}))`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The command line: sandbox-exec with the generated profile, then a fixed sh script that
 * sets the rlimits (macOS has no prlimit) and execs the program. The environment is built
 * by the caller from nothing.
 */
export function sandboxExecArgv(program: string, plan: MacPlan): string[] {
  const limits = plan.limits;
  const ulimits = [
    `ulimit -t ${Math.trunc(limits.cpuSeconds)}`,
    `ulimit -f ${Math.trunc(limits.fileSizeMb * 2048)}`,
    ...(plan.nproc !== undefined ? [`ulimit -u ${Math.trunc(plan.nproc)}`] : []),
    "ulimit -n 256",
    "ulimit -c 0",
  ].join("; ");
  return [
    program,
    "-p",
    seatbeltProfile(plan),
    "/bin/sh",
    "-c",
    `${ulimits}; exec "$@"`,
    "jarvis-sandbox",
    ...plan.argv,
  ];
}
