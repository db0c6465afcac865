import { readdir, readlink, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import {
  defaultPath,
  type EntryType,
  formatSize,
  formatTime,
  isProtected,
  notFound,
  statOrUndefined,
  typeOf,
} from "./common.js";

const schema = z.object({
  path: pathString("read", "directory to list (default: home); a #d handle works too").optional(),
  hidden: z.boolean().default(false).describe("include entries whose name starts with a dot"),
  limit: z.number().int().min(1).max(1000).default(200).describe("most entries to return"),
});
type Args = z.infer<typeof schema>;

export interface ListedEntry {
  name: string;
  path: string;
  type: EntryType;
  /** For symlinks: what the link points at, and the type of that target. */
  target?: string;
  targetType?: EntryType;
  size: number;
  mtime: string;
  handle?: string;
  protected?: boolean;
}

export function createListTool(deps: ToolDeps): ToolDefinition {
  return defineTool<Args>({
    name: "files_list",
    group: "files",
    description:
      "List a directory: each entry's type, size and modification time, with a handle (#f1 file, #d1 directory) to pass to other files tools.",
    parameters: parametersFrom(schema),
    effects: ["read"],
    sensitivity: "private",
    risk: "safe",
    // File names are chosen by whoever made the files (a download, an archive, a shared folder).
    trust: "untrusted",
    examples: ["list files in {path}", "what is in {path}", "show my {path} folder"],
    async execute(args, ctx) {
      const dir = defaultPath(args.path, "read", deps.roots);
      const info = await statOrUndefined(dir);
      if (!info) throw notFound(dir);
      if (!info.isDirectory()) {
        return ok(
          `${dir} is a file (${formatSize(info.size)}), not a directory; use files_info or files_read`,
          {
            path: dir,
            entries: [],
          },
        );
      }
      const dirents = await readdir(dir, { withFileTypes: true });
      const visible = dirents.filter((d) => args.hidden || !d.name.startsWith("."));
      // Directories first, then names in the user's locale order (case-insensitive).
      visible.sort(
        (a, b) =>
          Number(b.isDirectory()) - Number(a.isDirectory()) ||
          a.name.localeCompare(b.name, undefined, { sensitivity: "base" }),
      );
      const shown = visible.slice(0, args.limit);
      const entries: ListedEntry[] = [];
      for (const dirent of shown) {
        ctx.signal.throwIfAborted();
        const path = join(dir, dirent.name);
        const own = await statOrUndefined(path, false);
        if (!own) continue; // vanished while listing
        const entry: ListedEntry = {
          name: dirent.name,
          path,
          type: typeOf(own),
          size: own.size,
          mtime: new Date(own.mtimeMs).toISOString(),
        };
        if (entry.type === "symlink") {
          entry.target = await readlink(path).catch(() => "?");
          const target = await stat(path).catch(() => undefined);
          entry.targetType = target ? typeOf(target) : "other";
        }
        const effective = entry.type === "symlink" ? entry.targetType : entry.type;
        if (isProtected(path, deps.roots)) entry.protected = true;
        else if (effective === "dir" || effective === "file") {
          entry.handle = ctx.handles.mint(effective === "dir" ? "d" : "f", path, {
            label: dirent.name,
            tool: "files_list",
            trust: "trusted",
          });
        }
        entries.push(entry);
      }
      const more = visible.length - shown.length;
      const hiddenCount = dirents.length - visible.length;
      const lines = [
        `${dir}: ${visible.length} ${visible.length === 1 ? "entry" : "entries"}${
          hiddenCount > 0 && !args.hidden ? ` (+${hiddenCount} hidden; pass hidden: true)` : ""
        }`,
        ...entries.map(renderEntry),
      ];
      if (more > 0) lines.push(`… ${more} more not shown (raise limit, max 1000)`);
      return ok(lines.join("\n"), { path: dir, entries, total: visible.length, truncated: more > 0 });
    },
  });
}

function renderEntry(entry: ListedEntry): string {
  const handle = (entry.handle ?? (entry.protected ? "(protected)" : "")).padEnd(5);
  const size = entry.type === "file" ? formatSize(entry.size) : "-";
  const name =
    entry.type === "dir"
      ? `${entry.name}/`
      : entry.type === "symlink"
        ? `${entry.name} → ${entry.target}${entry.targetType === "dir" ? "/" : ""}`
        : entry.name;
  return `${handle} ${entry.type.padEnd(7)} ${size.padStart(8)}  ${formatTime(Date.parse(entry.mtime))}  ${name}`;
}
