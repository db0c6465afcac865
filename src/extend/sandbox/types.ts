/** One host and port the sandboxed program may reach (through the proxy Jarvis runs). */
export interface NetAllow {
  host: string;
  port: number;
}

/** Limits applied to one sandboxed run; every field has a default (see `DEFAULT_LIMITS`). */
export interface SandboxLimits {
  /** Wall time from start to kill, in ms. */
  wallMs: number;
  /** CPU seconds (RLIMIT_CPU): SIGXCPU at the limit. */
  cpuSeconds: number;
  /** Memory in MiB: the cgroup's limit when there is one, RLIMIT_DATA otherwise. */
  memoryMb: number;
  /** Processes and threads (cgroup pids.max, or RLIMIT_NPROC for a non-root user). */
  processes: number;
  /** Bytes of stdout + stderr kept; more stops the run. */
  outputBytes: number;
  /** Largest file the program may write (RLIMIT_FSIZE), in MiB. */
  fileSizeMb: number;
  /** Size of the private /tmp (and home inside it), in MiB. */
  tmpMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  wallMs: 30_000,
  cpuSeconds: 30,
  memoryMb: 512,
  processes: 64,
  outputBytes: 1_000_000,
  fileSizeMb: 64,
  tmpMb: 64,
};

export interface SandboxRequest {
  /** Program and arguments (an argv array, never a shell string). */
  argv: string[];
  /** Host paths visible read-only, at the same absolute path. */
  read?: string[];
  /**
   * Jarvis's own files the program needs (a skill's folder, Node): read-only, and exempt from
   * `hide` (they may live in JARVIS_HOME). Never the user's paths.
   */
  internal?: string[];
  /** Host paths visible read-write, at the same absolute path. */
  write?: string[];
  /**
   * Paths that stay hidden even inside a granted folder (the gate's deny list: ~/.ssh,
   * JARVIS_HOME, …): granting ~ must not grant ~/.ssh.
   */
  hide?: string[];
  /** Destinations reachable through Jarvis's proxy; none means no network at all. */
  net?: NetAllow[];
  limits?: Partial<SandboxLimits>;
  /** Extra environment; the parent's environment is never passed in. */
  env?: Record<string, string>;
  cwd?: string;
  stdin?: string | Buffer;
  signal?: AbortSignal;
  /** Called with each chunk of output as it arrives (JSON-line protocols, progress). */
  onStdout?: (chunk: Buffer) => void;
  /** Keeps stdin open for a long-lived child (the QuickJS worker); `run` then resolves at exit. */
  keepStdin?: boolean;
}

/** Which limit or rule ended a run early. */
export type StopLimit =
  | "wall_time"
  | "cpu_time"
  | "memory"
  | "processes"
  | "output"
  | "file_size"
  | "cancelled";

/** Something the sandbox refused while the program ran (it may have carried on). */
export interface Blocked {
  rule: "network";
  detail: string;
}

export interface SandboxResult {
  /** The program's exit status (128 + signal when a signal ended it), or null if it never ran. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Set when a limit or rule stopped the run; `message` is the one line a person reads. */
  stopped?: { limit: StopLimit; message: string };
  blocked: Blocked[];
  durationMs: number;
  /** What the program could see and reach, in words (for the audit). */
  confinement: string;
}

export type SandboxBackend = "bwrap" | "sandbox-exec" | "none";

/** Where the sandbox creates its control groups, when it may. */
export interface CgroupSupport {
  version: 1 | 2;
  /** Directory under which a per-run pids cgroup is created. */
  pidsParent?: string;
  /** Directory under which a per-run memory cgroup is created. */
  memoryParent?: string;
}

/** What this machine offers, found once at start-up (`probeSandbox`). */
export interface SandboxSupport {
  platform: NodeJS.Platform;
  backend: SandboxBackend;
  program?: string;
  version?: string;
  /** bwrap options this version understands (0.8.0 lacks some later ones). */
  features: {
    seccomp: boolean;
    disableUserns: boolean;
    tmpfsSize: boolean;
    capDrop: boolean;
  };
  /** Compiled seccomp filter for this architecture, when the kernel and bwrap allow one. */
  seccompArch?: "x64" | "arm64";
  prlimit?: string;
  /** bash, which runs the launcher (closes inherited descriptors, joins cgroups). */
  launcher?: string;
  cgroups?: CgroupSupport;
  /** How the process count is bounded. */
  processLimit: "cgroup" | "rlimit" | "none";
  root: boolean;
  /** Why untrusted code cannot run here (fail closed), and what to install. */
  unavailable?: { reason: string; fix: string };
  /** Weaker-than-best points that do not stop it (no seccomp, no cgroups). */
  notes: string[];
}
