import type { Dirent } from "node:fs";
import { lstat, readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { z } from "zod";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { decodeText, defaultPath, formatSize, isProtected, notFound, statOrUndefined } from "./common.js";

const schema = z.object({
  query: z
    .string()
    .min(1)
    .max(256)
    .describe(
      "a name glob (*.pdf, report-202?.txt) or a substring of the name; with match content, text to find",
    ),
  path: pathString("read", "directory to search under (default: home); a #d handle works too").optional(),
  match: z.enum(["name", "content", "both"]).default("name").describe("search names, file contents, or both"),
  hidden: z.boolean().default(false).describe("also look inside dot-files and dot-directories"),
  limit: z.number().int().min(1).max(500).default(50).describe("most matches to return"),
  max_depth: z.number().int().min(0).max(64).default(20).describe("how many directory levels to descend"),
});
type Args = z.infer<typeof schema>;

/** Bounds so one search cannot walk a whole disk or read gigabytes. */
export const SEARCH_LIMITS = { timeMs: 10_000, entries: 200_000, contentBytes: 256 * 1024 * 1024 };
/** Directories full of generated files nobody means when they search by name. */
const NOISE_DIRS = new Set(["node_modules", "__pycache__"]);

export interface SearchMatch {
  path: string;
  type: "file" | "dir" | "symlink" | "other";
  size: number;
  line?: number;
  snippet?: string;
  handle?: string;
}

export function createSearchTool(deps: ToolDeps, limits = SEARCH_LIMITS): ToolDefinition {
  const maxFileBytes = deps.config.files.max_read_bytes;
  return defineTool<Args>({
    name: "files_search",
    group: "files",
    description: `Find files under a directory by name (glob such as *.pdf, or a substring) and/or by text content. Skips protected places, hidden entries (unless hidden: true), node_modules and binary files; stops after ${limits.timeMs / 1000} s or ${limits.entries} entries.`,
    parameters: parametersFrom(schema),
    effects: ["read"],
    sensitivity: "private",
    risk: "safe",
    // Content matches quote file text, which may come from anywhere.
    trust: "untrusted",
    examples: ["find {query} in {path}", "search my files for {query}", "where is {query}"],
    async execute(args, ctx) {
      const root = defaultPath(args.path, "read", deps.roots);
      const rootInfo = await statOrUndefined(root);
      if (!rootInfo) throw notFound(root);
      if (!rootInfo.isDirectory()) return fail("ARGS_INVALID", `${root} is not a directory`);
      const nameMatches = compileNameMatcher(args.query);
      const needle = args.query.toLowerCase();
      const byName = args.match !== "content";
      const byContent = args.match !== "name";
      const started = deps.clock.now();
      const matches: SearchMatch[] = [];
      const stats = { entries: 0, unreadable: 0, binary: 0, tooBig: 0, contentBytes: 0 };
      let stopped: string | undefined;
      const queue: Array<{ dir: string; depth: number }> = [{ dir: root, depth: 0 }];

      walk: while (queue.length > 0) {
        const { dir, depth } = queue.shift()!;
        let dirents: Dirent[];
        try {
          dirents = await readdir(dir, { withFileTypes: true });
        } catch {
          stats.unreadable += 1;
          continue;
        }
        dirents.sort((a, b) => a.name.localeCompare(b.name));
        for (const dirent of dirents) {
          ctx.signal.throwIfAborted();
          if (matches.length >= args.limit) {
            stopped = `stopped at ${args.limit} matches (raise limit, max 500)`;
            break walk;
          }
          if (deps.clock.now() - started > limits.timeMs) {
            stopped = `stopped after ${limits.timeMs / 1000} s`;
            break walk;
          }
          if (++stats.entries > limits.entries) {
            stopped = `stopped after ${limits.entries} entries`;
            break walk;
          }
          if (!args.hidden && dirent.name.startsWith(".")) continue;
          const path = join(dir, dirent.name);
          if (isProtected(path, deps.roots)) continue;
          // Symlinks are reported by name but never followed: a link must not lead the walk out.
          const isDir = dirent.isDirectory();
          if (isDir && !NOISE_DIRS.has(dirent.name) && depth < args.max_depth) {
            queue.push({ dir: path, depth: depth + 1 });
          }
          if (byName && nameMatches(dirent.name)) {
            matches.push({ path, type: kindOf(dirent), size: await sizeOf(path) });
            continue;
          }
          if (byContent && dirent.isFile()) {
            const size = await sizeOf(path);
            if (size > maxFileBytes) {
              stats.tooBig += 1;
              continue;
            }
            if (stats.contentBytes + size > limits.contentBytes) {
              stopped = `stopped after reading ${formatSize(limits.contentBytes)} of file content`;
              break walk;
            }
            stats.contentBytes += size;
            const found = await findInFile(path, needle, ctx.signal);
            if (found === "binary") stats.binary += 1;
            else if (found === "unreadable") stats.unreadable += 1;
            else if (found) matches.push({ path, type: "file", size, ...found });
          }
        }
      }

      for (const match of matches) {
        if (match.type === "file" || match.type === "dir") {
          match.handle = ctx.handles.mint(match.type === "dir" ? "d" : "f", match.path, {
            label: relative(root, match.path),
            tool: "files_search",
            trust: "trusted",
          });
        }
      }
      const header = `${matches.length} ${matches.length === 1 ? "match" : "matches"} for "${args.query}" under ${root} (${args.match})`;
      const lines = [header, ...matches.map((m) => renderMatch(m, root))];
      const skipped = [
        stats.binary ? `${stats.binary} binary` : "",
        stats.tooBig ? `${stats.tooBig} larger than ${formatSize(maxFileBytes)}` : "",
        stats.unreadable ? `${stats.unreadable} unreadable` : "",
      ].filter(Boolean);
      if (skipped.length > 0) lines.push(`[skipped ${skipped.join(", ")}]`);
      if (stopped) lines.push(`[${stopped}; searched ${stats.entries} entries — narrow the path or query]`);
      return ok(lines.join("\n"), { root, matches, complete: !stopped, ...stats });
    },
  });
}

/** A glob (`*`, `?`, `[abc]`) matches the whole name; anything else is a substring. Case-insensitive. */
export function compileNameMatcher(query: string): (name: string) => boolean {
  if (!/[*?[]/.test(query)) {
    const needle = query.toLowerCase();
    return (name) => name.toLowerCase().includes(needle);
  }
  let source = "";
  for (let i = 0; i < query.length; i += 1) {
    const char = query[i]!;
    if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else if (char === "[") {
      const close = query.indexOf("]", i + 2);
      if (close === -1) source += "\\[";
      else {
        const body = query
          .slice(i + 1, close)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        source += `[${body}]`;
        i = close;
      }
    } else source += char.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  const pattern = new RegExp(`^${source}$`, "is");
  return (name) => pattern.test(name);
}

async function sizeOf(path: string): Promise<number> {
  return (await lstat(path).catch(() => undefined))?.size ?? 0;
}

function kindOf(dirent: Dirent): SearchMatch["type"] {
  if (dirent.isSymbolicLink()) return "symlink";
  if (dirent.isDirectory()) return "dir";
  if (dirent.isFile()) return "file";
  return "other";
}

async function findInFile(
  path: string,
  needle: string,
  signal: AbortSignal,
): Promise<{ line: number; snippet: string } | "binary" | "unreadable" | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path, { signal });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return "unreadable";
  }
  const decoded = decodeText(bytes);
  if (!decoded.ok) return "binary";
  const lower = decoded.text.toLowerCase();
  const at = lower.indexOf(needle);
  if (at === -1) return undefined;
  const lineStart = decoded.text.lastIndexOf("\n", at) + 1;
  const lineEnd = decoded.text.indexOf("\n", at);
  const line = decoded.text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim();
  const lineNumber = decoded.text.slice(0, at).split("\n").length;
  const snippet =
    line.length > 200 ? `${line.slice(Math.max(0, at - lineStart - 80), at - lineStart + 120)}…` : line;
  return { line: lineNumber, snippet };
}

function renderMatch(match: SearchMatch, root: string): string {
  const handle = (match.handle ?? "").padEnd(5);
  const rel = relative(root, match.path) || ".";
  if (match.line !== undefined) return `${handle} ${rel}:${match.line}: ${match.snippet}`;
  return `${handle} ${rel}${match.type === "dir" ? "/" : ""}${match.type === "file" ? ` (${formatSize(match.size)})` : ""}`;
}
