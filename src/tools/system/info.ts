import { statfs } from "node:fs/promises";
import os from "node:os";
import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";

const schema = z.object({});

export interface SystemInfo {
  os: { type: string; platform: string; release: string; version: string; arch: string };
  hostname: string;
  uptimeS: number;
  cpu: { model: string; cores: number; load: number[] };
  memory: { totalBytes: number; freeBytes: number };
  disk?: { path: string; totalBytes: number; freeBytes: number; availableBytes: number };
  node: string;
}

/** The `system_info` tool; the rest of the `system` group (volume, battery, ...) lives beside it. */
export function createSystemInfoTools(deps: ToolDeps): ToolDefinition[] {
  return [
    defineTool<Record<string, never>>({
      name: "system_info",
      group: "system",
      description:
        "This computer: operating system, host name, uptime, CPU, memory, free disk space in the home directory, Node version.",
      parameters: parametersFrom(schema),
      effects: ["read"],
      risk: "safe",
      examples: [
        "system info",
        "how much memory do I have",
        "how much disk space is left",
        "what os is this",
      ],
      async execute() {
        const info = await collectSystemInfo(deps.roots.home);
        return ok(renderSystemInfo(info), info);
      },
    }),
  ];
}

export async function collectSystemInfo(home: string): Promise<SystemInfo> {
  const cpus = os.cpus();
  const info: SystemInfo = {
    os: {
      type: os.type(),
      platform: os.platform(),
      release: os.release(),
      version: os.version(),
      arch: os.arch(),
    },
    hostname: os.hostname(),
    uptimeS: Math.round(os.uptime()),
    cpu: {
      model: cpus[0]?.model.trim() ?? "unknown",
      cores: os.availableParallelism(),
      load: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    memory: { totalBytes: os.totalmem(), freeBytes: os.freemem() },
    node: process.versions.node,
  };
  const disk = await statfs(home).catch(() => undefined);
  if (disk) {
    info.disk = {
      path: home,
      totalBytes: disk.blocks * disk.bsize,
      freeBytes: disk.bfree * disk.bsize,
      availableBytes: disk.bavail * disk.bsize,
    };
  }
  return info;
}

export function renderSystemInfo(info: SystemInfo): string {
  const lines = [
    `OS: ${info.os.type} ${info.os.release} (${info.os.platform}, ${info.os.arch})`,
    `Host: ${info.hostname}`,
    `Uptime: ${formatDuration(info.uptimeS)}`,
    `CPU: ${info.cpu.model}, ${info.cpu.cores} cores, load ${info.cpu.load.join(" ")}`,
    `Memory: ${gb(info.memory.totalBytes - info.memory.freeBytes)} used of ${gb(info.memory.totalBytes)} (${gb(info.memory.freeBytes)} free)`,
  ];
  if (info.disk) {
    lines.push(
      `Disk (${info.disk.path}): ${gb(info.disk.availableBytes)} available of ${gb(info.disk.totalBytes)}`,
    );
  }
  lines.push(`Node: ${info.node}`);
  return lines.join("\n");
}

function gb(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days ? `${days}d` : "", hours ? `${hours}h` : "", `${minutes}m`].filter(Boolean);
  return parts.join(" ");
}
