import { readdir } from "node:fs/promises";
import { basename, extname } from "node:path";
import { z } from "zod";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { formatSize, formatTime, notFound, sniffText, statOrUndefined, typeOf } from "./common.js";

const schema = z.object({
  path: pathString("read", "file or directory; a #f or #d handle works too"),
});
type Args = z.infer<typeof schema>;

export function createInfoTool(_deps: ToolDeps): ToolDefinition {
  return defineTool<Args>({
    name: "files_info",
    group: "files",
    description:
      "Details of one file or directory: type, size, times, permissions, whether a file is text, and for a directory how many entries it has.",
    parameters: parametersFrom(schema),
    effects: ["read"],
    sensitivity: "private",
    risk: "safe",
    examples: ["how big is {path}", "when was {path} modified", "info about {path}"],
    async execute(args, ctx) {
      const stats = await statOrUndefined(args.path);
      if (!stats) throw notFound(args.path);
      const type = typeOf(stats);
      ctx.signal.throwIfAborted();
      const data: Record<string, unknown> = {
        path: args.path,
        name: basename(args.path),
        type,
        size: stats.size,
        mode: `0${(stats.mode & 0o7777).toString(8)}`,
        permissions: permissionString(stats.mode, type),
        uid: stats.uid,
        gid: stats.gid,
        modified: new Date(stats.mtimeMs).toISOString(),
        changed: new Date(stats.ctimeMs).toISOString(),
        accessed: new Date(stats.atimeMs).toISOString(),
        ...(stats.birthtimeMs > 0 ? { created: new Date(stats.birthtimeMs).toISOString() } : {}),
      };
      const lines = [
        args.path,
        `type: ${type}${type === "file" && extname(args.path) ? ` (${extname(args.path).slice(1)})` : ""}`,
      ];
      if (type === "file") {
        data.text = await sniffText(args.path).catch(() => false);
        lines.push(
          `size: ${formatSize(stats.size)} (${stats.size} bytes)`,
          `content: ${data.text ? "text" : "binary"}`,
        );
      } else if (type === "dir") {
        const entries = await readdir(args.path).catch(() => undefined);
        data.entries = entries?.length;
        lines.push(`entries: ${entries ? entries.length : "unreadable"}`);
      }
      lines.push(
        `modified: ${formatTime(stats.mtimeMs)}`,
        `permissions: ${data.permissions} (${data.mode}), owner uid ${stats.uid}`,
      );
      if (stats.birthtimeMs > 0) lines.push(`created: ${formatTime(stats.birthtimeMs)}`);
      return ok(lines.join("\n"), data);
    },
  });
}

/** `-rw-r--r--` / `drwxr-xr-x`, as `ls -l` shows it. */
export function permissionString(mode: number, type: string): string {
  const kind = type === "dir" ? "d" : type === "symlink" ? "l" : type === "file" ? "-" : "?";
  const bits = ["r", "w", "x"];
  let out = kind;
  for (let shift = 6; shift >= 0; shift -= 3) {
    for (let i = 0; i < 3; i += 1) out += mode & (1 << (shift + 2 - i)) ? bits[i] : "-";
  }
  return out;
}
