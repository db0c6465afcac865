import { readdirSync, readFileSync } from "node:fs";
import { targetKey } from "./net-proxy.js";
import type { NetAllow, SandboxLimits, SandboxSupport, StopLimit } from "./types.js";

/** The one line a person reads when a limit stopped a run. */
export function stopMessage(limit: StopLimit, limits: SandboxLimits): string {
  switch (limit) {
    case "wall_time":
      return `stopped: the time limit of ${seconds(limits.wallMs)} s was reached`;
    case "cpu_time":
      return `stopped: the CPU-time limit of ${limits.cpuSeconds} s was reached`;
    case "memory":
      return `stopped: the memory limit of ${limits.memoryMb} MB was reached`;
    case "processes":
      return `stopped: the process limit of ${limits.processes} was reached`;
    case "output":
      return `stopped: the output limit of ${limits.outputBytes} bytes was reached`;
    case "file_size":
      return `stopped: the file-size limit of ${limits.fileSizeMb} MB was reached`;
    case "cancelled":
      return "stopped: cancelled";
  }
}

/** What a run could see and reach, in words: the audit records it with every sandboxed call. */
export function describeConfinement(input: {
  read: readonly string[];
  write: readonly string[];
  net: readonly NetAllow[];
  limits: SandboxLimits;
  support: SandboxSupport;
  /** Secrets inside a grant that stay hidden. */
  hidden?: readonly string[];
}): string {
  const { read, write, net, limits, support } = input;
  const parts = [
    support.backend === "sandbox-exec" ? "sandbox-exec profile" : "bubblewrap namespaces",
    `paths outside the grant hidden (home, JARVIS_HOME, ~/.ssh and /etc secrets unseen)`,
    `read: ${read.length > 0 ? read.join(", ") : "system files only"}`,
    `write: ${write.length > 0 ? write.join(", ") : "private /tmp only"}`,
    ...(input.hidden?.length ? [`hidden inside the grant: ${input.hidden.join(", ")}`] : []),
    `network: ${net.length > 0 ? `only ${describeNet(net)} through the proxy, no DNS` : "none, no DNS"}`,
    "environment cleared",
    "own process namespace (parent /proc unseen)",
  ];
  if (support.seccompArch) parts.push("seccomp filter");
  parts.push(
    `limits ${seconds(limits.wallMs)} s wall, ${limits.cpuSeconds} s CPU, ${limits.memoryMb} MB, ${limits.processes} processes, ${limits.outputBytes} bytes output`,
  );
  return parts.join("; ");
}

/** `HOST:PORT, …` */
export function describeNet(net: readonly NetAllow[]): string {
  return net.map((target) => targetKey(target.host, target.port)).join(", ");
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/**
 * Tasks (processes and threads) this user runs now: RLIMIT_NPROC counts all of them, so the
 * sandbox's own allowance is added on top (only used where no cgroup bounds the count).
 */
export function userTaskCount(): number {
  const uid = process.getuid?.();
  if (uid === undefined) return 0;
  let count = 0;
  for (const entry of safeList("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const owner = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      if (Number(owner) !== uid) continue;
      count += Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 1);
    } catch {
      // the process ended while we looked
    }
  }
  return count;
}

function safeList(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}
