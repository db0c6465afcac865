import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../config/atomic.js";

/** What `jarvis start` leaves in `JARVIS_HOME/server.json` so terminals can find it. */
export interface ServerInfo {
  /** A loopback URL the server answers on (`http://127.0.0.1:7777`). */
  url: string;
  pid: number;
  startedAt: number;
}

export function serverFilePath(home: string): string {
  return join(home, "server.json");
}

/** Written after listening (mode 0600); the token stays in its own file. */
export function writeServerFile(home: string, info: ServerInfo): void {
  writeFileAtomic(serverFilePath(home), `${JSON.stringify(info)}\n`, 0o600);
}

/** Undefined when there is none or it is not ours to read (malformed). */
export function readServerFile(home: string): ServerInfo | undefined {
  const path = serverFilePath(home);
  if (!existsSync(path)) return undefined;
  try {
    const info = JSON.parse(readFileSync(path, "utf8")) as Partial<ServerInfo>;
    if (typeof info.url !== "string" || !/^https?:\/\//.test(info.url) || typeof info.pid !== "number")
      return undefined;
    return { url: info.url, pid: info.pid, startedAt: Number(info.startedAt) || 0 };
  } catch {
    return undefined;
  }
}

/** Removed on a clean stop, only if it still describes this process (another may have started). */
export function removeServerFile(home: string, pid: number): void {
  if (readServerFile(home)?.pid === pid) rmSync(serverFilePath(home), { force: true });
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
