import type { SandboxLimits, SandboxSupport } from "./types.js";

/** Paths inside the sandbox. */
export const INSIDE = {
  home: "/tmp/home",
  tmp: "/tmp",
  netSocket: "/run/jarvis/net.sock",
  path: "/usr/local/bin:/usr/bin:/bin",
} as const;

/** Top-level system entries: a symlink is recreated, a directory is bound read-only. */
export interface SystemEntry {
  path: string;
  /** Target when the entry is a symlink (`/bin -> usr/bin` on merged-/usr systems). */
  link?: string;
}

/**
 * Public, secret-free files from /etc a program commonly needs (dynamic linker, time zone,
 * certificates, alternatives). /etc as a whole holds secrets readable by root (shadow,
 * ssh host keys), so only these are bound.
 */
export const ETC_ENTRIES = [
  "/etc/alternatives",
  "/etc/ld.so.cache",
  "/etc/ld.so.conf",
  "/etc/ld.so.conf.d",
  "/etc/localtime",
  "/etc/timezone",
  "/etc/ssl/certs",
  "/etc/ca-certificates",
  "/etc/nsswitch.conf",
  "/etc/mime.types",
  "/etc/protocols",
  "/etc/services",
  "/etc/magic",
  "/etc/python3",
  "/etc/perl",
];

/** Files Jarvis writes once (passwd, group, hosts) and binds over /etc. */
export interface SyntheticEtc {
  passwd: string;
  group: string;
  hosts: string;
}

export interface BwrapLayout {
  system: SystemEntry[];
  etc: string[];
  synthetic: SyntheticEtc;
  /** Host path of the proxy's Unix socket, when the run has a network allowlist. */
  netSocket?: string;
  /** File descriptor the seccomp program is read from (`--seccomp FD`). */
  seccompFd?: number;
}

export interface BwrapPlan {
  argv: string[];
  read: string[];
  write: string[];
  /** Secrets inside a granted folder, hidden again (an empty tmpfs, or /dev/null for a file). */
  hide?: Array<{ path: string; directory: boolean }>;
  env: Record<string, string>;
  cwd: string;
  limits: SandboxLimits;
}

/**
 * The bwrap arguments for one run (a pure function, so the contract is testable): every
 * namespace unshared (network included — an allowlist goes through the proxy's socket),
 * capabilities dropped, a new session, death with the parent, an empty environment, a
 * read-only system without /etc's secrets, private /tmp and home, /proc of its own PID
 * namespace with /proc/sys read-only, and only the granted paths bound at their own paths.
 */
export function bwrapArgs(plan: BwrapPlan, support: SandboxSupport, layout: BwrapLayout): string[] {
  const args: string[] = ["--unshare-all"];
  if (support.features.disableUserns) args.push("--unshare-user", "--disable-userns");
  args.push("--die-with-parent", "--new-session", "--cap-drop", "ALL", "--hostname", "jarvis-sandbox");
  args.push("--ro-bind", "/usr", "/usr");
  for (const entry of layout.system) {
    if (entry.link) args.push("--symlink", entry.link, entry.path);
    else args.push("--ro-bind-try", entry.path, entry.path);
  }
  for (const path of layout.etc) args.push("--ro-bind-try", path, path);
  args.push(
    "--ro-bind",
    layout.synthetic.passwd,
    "/etc/passwd",
    "--ro-bind",
    layout.synthetic.group,
    "/etc/group",
    "--ro-bind",
    layout.synthetic.hosts,
    "/etc/hosts",
  );
  // bwrap 0.8.0 leaves /proc/sys writable for root: sysctls are host-wide, so bind it read-only.
  args.push("--proc", "/proc", "--ro-bind", "/proc/sys", "/proc/sys", "--dev", "/dev");
  if (support.features.tmpfsSize) args.push("--size", String(plan.limits.tmpMb * 1024 * 1024));
  args.push("--tmpfs", INSIDE.tmp, "--dir", INSIDE.home);
  for (const path of plan.read) args.push("--ro-bind", path, path);
  for (const path of plan.write) args.push("--bind", path, path);
  for (const secret of plan.hide ?? []) {
    if (secret.directory) args.push("--tmpfs", secret.path, "--remount-ro", secret.path);
    else args.push("--ro-bind", "/dev/null", secret.path);
  }
  if (layout.netSocket) args.push("--ro-bind", layout.netSocket, INSIDE.netSocket);
  // Everything not bound is the sandbox's own empty root: read-only, so a stray write fails.
  args.push("--remount-ro", "/");
  args.push("--clearenv");
  for (const [key, value] of Object.entries(plan.env)) args.push("--setenv", key, value);
  args.push("--chdir", plan.cwd);
  if (layout.seccompFd !== undefined) args.push("--seccomp", String(layout.seccompFd));
  args.push("--", ...plan.argv);
  return args;
}

/** The environment a sandboxed program starts with: nothing from the parent. */
export function sandboxEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: INSIDE.path,
    HOME: INSIDE.home,
    TMPDIR: INSIDE.tmp,
    LANG: "C.UTF-8",
    USER: "sandbox",
    ...extra,
  };
}

/**
 * prlimit options for the run. `--data` bounds memory when no cgroup does (with a cgroup it is
 * left to the cgroup, which can name the limit when it is hit; V8-based programs also reserve
 * far more address space than they use). CPU gets a soft limit (SIGXCPU, which names itself)
 * one second before the hard one.
 */
const NODE_DATA_FLOOR_MB = 1536;

export function prlimitArgs(
  limits: SandboxLimits,
  options: { memoryByCgroup: boolean; nproc?: number; nodeInside?: boolean },
): string[] {
  const mb = 1024 * 1024;
  const args = [
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--fsize=${limits.fileSizeMb * mb}`,
    "--core=0",
    "--nofile=256",
  ];
  // Node reserves ~1 GB of address space at start (V8's code range): under RLIMIT_DATA alone a
  // Node program inside gets that floor, and QuickJS's own limit or the program's is what binds.
  const dataMb = options.nodeInside ? Math.max(limits.memoryMb, NODE_DATA_FLOOR_MB) : limits.memoryMb;
  if (!options.memoryByCgroup) args.push(`--data=${dataMb * mb}`);
  if (options.nproc !== undefined) args.push(`--nproc=${options.nproc}`);
  return args;
}

/**
 * The launcher: a fixed script (never built from input) run by bash. It closes every file
 * descriptor the parent inherited from whoever started it (only stdio and the seccomp pipe
 * go on), joins the run's cgroups by writing its own pid — before exec, so nothing the
 * program starts is ever outside the limits — then execs the rest of its arguments.
 */
const LAUNCHER_SCRIPT = [
  "keep=$1; shift",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a bash parameter expansion, not a template
  'for f in /proc/$$/fd/*; do n=${f##*/}; case "$n" in 0|1|2|"$keep") ;; *) { exec {n}>&-; } 2>/dev/null ;; esac; done',
  'while [ "$1" != "--" ]; do echo $$ > "$1" || { echo "sandbox: cannot join $1" >&2; exit 125; }; shift; done; shift',
  'exec "$@"',
].join("\n");

export function launcherArgv(
  bash: string,
  keepFd: number | undefined,
  cgroupProcs: readonly string[],
): string[] {
  // --norc: bash reads ~/.bashrc when its stdin is a socket (Node's stdio pipes are).
  return [
    bash,
    "--norc",
    "--noprofile",
    "-c",
    LAUNCHER_SCRIPT,
    "jarvis-sandbox",
    String(keepFd ?? "none"),
    ...cgroupProcs,
    "--",
  ];
}
