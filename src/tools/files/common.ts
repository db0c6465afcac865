import { randomBytes } from "node:crypto";
import type { Stats } from "node:fs";
import { lstat, open, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { checkPath, type PathRoots, protectedBy } from "../../gate/paths.js";

export type EntryType = "file" | "dir" | "symlink" | "other";

export function typeOf(stats: Stats): EntryType {
  if (stats.isSymbolicLink()) return "symlink";
  if (stats.isDirectory()) return "dir";
  if (stats.isFile()) return "file";
  return "other";
}

/** `1.2 KB`, `3.4 MB`: what a person reads; exact byte counts stay in `data`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Local time without seconds noise: `2025-03-04 17:02`. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function isProtected(path: string, roots: PathRoots): boolean {
  return protectedBy(path, roots) !== undefined;
}

/**
 * A path argument the model left out defaults to home, checked by the same function the gate
 * uses: an omitted path must not be a way around the roots.
 */
export function defaultPath(value: string | undefined, access: "read" | "write", roots: PathRoots): string {
  return value ?? checkPath("~", access, roots);
}

/** Stats a path or returns undefined when it does not exist (other errors propagate). */
export async function statOrUndefined(path: string, follow = true): Promise<Stats | undefined> {
  try {
    return follow ? await stat(path) : await lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
}

export function notFound(path: string): JarvisError {
  return new JarvisError("NOT_FOUND", `${path} does not exist`, { fix: "check the name with files_list" });
}

/** Bytes read at most from a file to decide whether it is text. */
export const SNIFF_BYTES = 8192;

export type Decoded = { ok: true; text: string } | { ok: false; why: string };

/**
 * Decodes bytes as UTF-8 text, refusing binary data: a NUL byte or an invalid sequence means
 * binary. `cutStart`/`cutEnd` say the bytes are a window of a larger file, so a multi-byte
 * character split at the window's edge is dropped instead of being called invalid.
 */
export function decodeText(bytes: Uint8Array, cutStart = false, cutEnd = false): Decoded {
  let start = 0;
  let end = bytes.length;
  if (cutStart) while (start < end && start < 3 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start += 1;
  if (cutEnd) end = start + completeUtf8Length(bytes.subarray(start, end));
  const window = bytes.subarray(start, end);
  if (window.includes(0)) return { ok: false, why: "it contains NUL bytes" };
  try {
    let text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(window);
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { ok: true, text };
  } catch {
    return { ok: false, why: "it is not valid UTF-8" };
  }
}

/** Length of the prefix of `bytes` that does not end inside a multi-byte UTF-8 character. */
function completeUtf8Length(bytes: Uint8Array): number {
  const length = bytes.length;
  for (let back = 1; back <= Math.min(4, length); back += 1) {
    const byte = bytes[length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? length - back : length;
  }
  return length;
}

/** Reads up to `max` bytes from the start of a file. */
export async function readHead(path: string, max: number): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(max);
    const { bytesRead } = await handle.read(buffer, 0, max, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Reads a file's first bytes and says whether it looks like text. */
export async function sniffText(path: string): Promise<boolean> {
  const head = await readHead(path, SNIFF_BYTES);
  return decodeText(head, false, head.length === SNIFF_BYTES).ok;
}

/**
 * Writes `data` to a temp file beside `path`, flushes it, then renames it over `path`, so a
 * reader (or a crash) sees the old file or the new one, never half of one. The signal is checked
 * last, right before the rename: a call killed before then leaves the target untouched.
 */
export async function writeAtomic(
  path: string,
  data: string,
  options: { mode?: number; signal: AbortSignal },
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString("hex")}.jarvis-tmp`);
  const handle = await open(temp, "wx", 0o644);
  try {
    try {
      // An overwrite keeps the file's permissions; a new file gets 0644 minus the umask.
      if (options.mode !== undefined) await handle.chmod(options.mode);
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    options.signal.throwIfAborted();
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
