import { readdir } from "node:fs/promises";
import { z } from "zod";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import { checkPath } from "../../gate/paths.js";
import type { ToolDeps } from "../deps.js";
import { formatSize, formatTime, notFound, statOrUndefined } from "./common.js";
import { FileTrash, type TrashItem } from "./trash-store.js";

const trashSchema = z.object({
  path: pathString(
    "write",
    "file or folder to move to the trash (inside a write root); a #f/#d handle works",
  ),
});
const restoreSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(512)
    .describe(
      "the trash item id from files_trash or files_trash_list, e.g. 2025-03-04T17-02-09-123Z-notes.txt",
    ),
});
const emptySchema = z.object({});

export function createTrashTools(deps: ToolDeps): ToolDefinition[] {
  const trash = new FileTrash(deps.paths.trash, deps.clock);
  const roots = deps.roots;
  const isRoot = (path: string) =>
    path === "/" || path === roots.home || roots.writeRoots.includes(path) || roots.readRoots.includes(path);

  const trashTool = defineTool<z.infer<typeof trashSchema>>({
    name: "files_trash",
    group: "files",
    description:
      "Move a file or folder to Jarvis's trash (JARVIS_HOME/trash). Nothing is deleted: files_restore puts it back.",
    parameters: parametersFrom(trashSchema),
    effects: ["delete"],
    risk: "destructive",
    examples: ["delete {path}", "trash {path}", "throw away {path}", "remove {path}"],
    async preview(args) {
      const info = await statOrUndefined(args.path, false);
      if (!info) return `MOVE TO TRASH ${args.path} (does not exist — nothing will happen)`;
      const what = info.isDirectory()
        ? `folder with ${(await readdir(args.path).catch(() => [])).length} entries`
        : `${formatSize(info.size)}, modified ${formatTime(info.mtimeMs)}`;
      return `MOVE TO TRASH ${args.path} (${what})\nIt goes to ${trash.dir}; nothing is deleted and files_restore brings it back.`;
    },
    async execute(args, ctx) {
      if (isRoot(args.path)) {
        return fail("ARGS_INVALID", `${args.path} is a root folder; trash what is inside it instead`);
      }
      if (!(await statOrUndefined(args.path, false))) throw notFound(args.path);
      ctx.signal.throwIfAborted();
      const item = await trash.put(args.path, ctx.signal);
      return ok(
        `Moved ${args.path} to the trash (id ${item.id}). Undo with files_restore {"id": "${item.id}"}.`,
        item,
      );
    },
  });

  const listTool = defineTool<Record<string, never>>({
    name: "files_trash_list",
    group: "files",
    description: "What is in Jarvis's trash: id, original location and when it was trashed, newest first.",
    parameters: parametersFrom(emptySchema),
    effects: ["read"],
    sensitivity: "private",
    risk: "safe",
    // Names of trashed files: whoever made the files chose them.
    trust: "untrusted",
    examples: ["what is in the trash", "show the trash"],
    async execute() {
      const items = await trash.list();
      if (items.length === 0) return ok("The trash is empty.", { items });
      const lines = items.map(
        (item) =>
          `${item.id}  ←  ${item.originalPath}  (${item.type === "dir" ? "folder" : formatSize(item.size)}, trashed ${formatTime(Date.parse(item.trashedAt))})`,
      );
      return ok([`${items.length} in the trash:`, ...lines].join("\n"), { items });
    },
  });

  const restoreTool = defineTool<z.infer<typeof restoreSchema>>({
    name: "files_restore",
    group: "files",
    description:
      "Put an item from Jarvis's trash back where it was. Refuses if something now exists there or the place is no longer a write root.",
    parameters: parametersFrom(restoreSchema),
    effects: ["write"],
    risk: "caution",
    examples: ["restore {id}", "undo the delete of {id}"],
    async preview(args) {
      const item = await trash.get(args.id);
      return item
        ? `RESTORE ${item.name} to ${item.originalPath}`
        : `RESTORE ${args.id} (no such item — nothing will happen)`;
    },
    async execute(args, ctx) {
      const item: TrashItem | undefined = await trash.get(args.id);
      if (!item) {
        return fail("NOT_FOUND", `no trash item "${args.id}"; files_trash_list shows what is there`);
      }
      // The original place is checked now, against today's roots, like any other write.
      const target = checkPath(item.originalPath, "write", roots);
      ctx.signal.throwIfAborted();
      await trash.restore(item, target, ctx.signal);
      return ok(`Restored ${target}`, { ...item, restoredTo: target });
    },
  });

  return [trashTool, listTool, restoreTool];
}
