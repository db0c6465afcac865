import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { processAlive as isAlive } from "../../../config/discovery.js";
import { writeFileAtomic } from "../../../config/write.js";
import type { ServerStatus } from "./supervisor.js";

/**
 * What the running Jarvis knows about its MCP servers, in JARVIS_HOME, for `jarvis doctor` and
 * `jarvis mcp list` in another process. Written on every change; trusted only while its
 * writer is alive.
 */
export interface StatusFile {
  pid: number;
  updatedAt: number;
  servers: ServerStatus[];
}

export function statusPath(home: string): string {
  return join(home, "mcp-status.json");
}

export function writeStatus(home: string, servers: ServerStatus[], now: number, pid = process.pid): void {
  const file: StatusFile = { pid, updatedAt: now, servers };
  writeFileAtomic(statusPath(home), `${JSON.stringify(file, null, 1)}\n`);
}

/** The status a live Jarvis process wrote, or undefined (none, unreadable, or its writer is gone). */
export function readStatus(home: string, alive: (pid: number) => boolean = isAlive): StatusFile | undefined {
  const path = statusPath(home);
  if (!existsSync(path)) return undefined;
  try {
    const file = JSON.parse(readFileSync(path, "utf8")) as StatusFile;
    return typeof file.pid === "number" && Array.isArray(file.servers) && alive(file.pid) ? file : undefined;
  } catch {
    return undefined;
  }
}
