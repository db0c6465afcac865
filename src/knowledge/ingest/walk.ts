import { type Dirent, promises as fs } from "node:fs";
import { join, resolve } from "node:path";
import { kindFromExtension } from "./detect.js";

export type WalkEntry =
  | { path: string; size: number }
  | { path: string; error: { code: string; message: string } };

const SKIPPED_DIRECTORIES = new Set([
  "node_modules",
  "__pycache__",
  ".git",
  ".venv",
  "venv",
  "dist",
  "build",
]);

/**
 * Expands the paths a user gave into files to ingest. Folders are walked recursively (hidden
 * entries and dependency folders skipped; only known document extensions taken); each problem
 * (missing path, permission denied, a folder with nothing to add) becomes its own entry so the
 * rest of the batch still runs. The same file reached twice is returned once.
 */
export async function* walkPaths(paths: readonly string[], signal?: AbortSignal): AsyncGenerator<WalkEntry> {
  const seen = new Set<string>();
  for (const given of paths) {
    signal?.throwIfAborted();
    const path = resolve(given);
    let stat: Awaited<ReturnType<typeof fs.stat>>;
    try {
      stat = await fs.stat(path);
    } catch (error) {
      yield { path, error: fsError(error) };
      continue;
    }
    if (stat.isFile()) {
      const real = await fs.realpath(path).catch(() => path);
      if (seen.has(real)) continue;
      seen.add(real);
      yield { path: real, size: stat.size };
      continue;
    }
    if (!stat.isDirectory()) {
      yield { path, error: { code: "TOOL_FAILED", message: "not a regular file or folder" } };
      continue;
    }
    let found = 0;
    for await (const entry of walkDirectory(path, new Set(), signal)) {
      if ("size" in entry) {
        if (seen.has(entry.path)) continue;
        seen.add(entry.path);
        found += 1;
      }
      yield entry;
    }
    if (found === 0) {
      yield {
        path,
        error: {
          code: "NOT_FOUND",
          message: "no documents to add in this folder (looked for pdf, docx, html, md, txt)",
        },
      };
    }
  }
}

async function* walkDirectory(
  directory: string,
  visited: Set<string>,
  signal?: AbortSignal,
): AsyncGenerator<WalkEntry> {
  const real = await fs.realpath(directory).catch(() => directory);
  if (visited.has(real)) return; // a symlink loop
  visited.add(real);
  let entries: Dirent[];
  try {
    entries = await fs.readdir(directory, { withFileTypes: true });
  } catch (error) {
    yield { path: directory, error: fsError(error) };
    return;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    signal?.throwIfAborted();
    if (entry.name.startsWith(".")) continue;
    const path = join(directory, entry.name);
    let isDirectory = entry.isDirectory();
    let isFile = entry.isFile();
    let size = 0;
    if (entry.isSymbolicLink() || isFile) {
      try {
        const stat = await fs.stat(path);
        isDirectory = stat.isDirectory();
        isFile = stat.isFile();
        size = stat.size;
      } catch {
        continue; // dangling link inside a folder: nothing to add, not worth an error line
      }
    }
    if (isDirectory) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) yield* walkDirectory(path, visited, signal);
    } else if (isFile && kindFromExtension(entry.name)) {
      yield { path: await fs.realpath(path).catch(() => path), size };
    }
  }
}

export function fsError(error: unknown): { code: string; message: string } {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case "ENOENT":
    case "ENOTDIR":
      return { code: "NOT_FOUND", message: "no such file or folder" };
    case "EACCES":
    case "EPERM":
      return { code: "TOOL_FAILED", message: "permission denied: cannot read it" };
    case "ELOOP":
      return { code: "TOOL_FAILED", message: "too many symbolic links (a loop?)" };
    case "EISDIR":
      return { code: "TOOL_FAILED", message: "is a folder" };
    default:
      return {
        code: "TOOL_FAILED",
        message: `cannot read it (${code ?? (error as Error)?.message ?? "error"})`,
      };
  }
}
