import { mkdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import { checkPath, isWithin, type PathRoots } from "../../gate/paths.js";
import type { ToolDeps } from "../deps.js";
import { notFound, statOrUndefined } from "./common.js";
import { relocate } from "./relocate.js";
import { FileTrash } from "./trash-store.js";

const schema = z.object({
  source: pathString("write", "file or folder to move or rename (inside a write root); a #f/#d handle works"),
  destination: pathString(
    "write",
    "new path, or an existing folder to move it into (inside a write root); a #d handle works",
  ),
  overwrite: z
    .boolean()
    .default(false)
    .describe("replace an existing destination (the replaced one goes to the trash)"),
  create_dirs: z.boolean().default(false).describe("create missing parent folders of the destination"),
});
type Args = z.infer<typeof schema>;

interface Plan {
  source: string;
  target: string;
  /** Something already at `target` that an overwrite would send to the trash. */
  replaces: boolean;
}

export function createMoveTool(deps: ToolDeps): ToolDefinition {
  const trash = new FileTrash(deps.paths.trash, deps.clock);
  return defineTool<Args>({
    name: "files_move",
    group: "files",
    description:
      "Move or rename a file or folder within the write roots. An existing folder as destination means 'into it'. Refuses to replace anything unless overwrite is true; a replaced item goes to the trash, never deleted.",
    parameters: parametersFrom(schema),
    effects: ["write"],
    // Replacing a file is harder to undo (it needs files_restore) than a plain move or rename.
    risk: (args) => (args.overwrite ? "dangerous" : "caution"),
    examples: ["move {source} to {destination}", "rename {source} to {destination}"],
    async preview(args) {
      const plan = await planMove(args, deps.roots).catch((error: Error) => error);
      if (plan instanceof Error)
        return `MOVE ${args.source} → ${args.destination} (will fail: ${plan.message})`;
      const replacing = plan.replaces
        ? args.overwrite
          ? `\nREPLACES ${plan.target} (the existing one goes to the trash)`
          : `\n(will fail: ${plan.target} exists and overwrite is false)`
        : "";
      return `MOVE ${plan.source} → ${plan.target}${replacing}`;
    },
    async execute(args, ctx) {
      const plan = await planMove(args, deps.roots);
      if (plan.replaces && !args.overwrite) {
        return fail(
          "TOOL_FAILED",
          `${plan.target} already exists; pass overwrite: true to replace it (the old one goes to the trash)`,
        );
      }
      const parent = dirname(plan.target);
      const parentInfo = await statOrUndefined(parent);
      if (!parentInfo && !args.create_dirs) {
        return fail("NOT_FOUND", `folder ${parent} does not exist; pass create_dirs: true to create it`);
      }
      if (parentInfo && !parentInfo.isDirectory()) return fail("ARGS_INVALID", `${parent} is not a folder`);
      ctx.signal.throwIfAborted();
      if (!parentInfo) await mkdir(parent, { recursive: true });
      const replaced = plan.replaces ? await trash.put(plan.target, ctx.signal) : undefined;
      await relocate(plan.source, plan.target, { signal: ctx.signal });
      const note = replaced ? ` (the previous one is in the trash as ${replaced.id})` : "";
      return ok(`Moved ${plan.source} → ${plan.target}${note}`, {
        source: plan.source,
        destination: plan.target,
        replaced: replaced?.id,
      });
    },
  });
}

/** Resolves where the move really lands and checks it again (a folder destination adds a name). */
async function planMove(args: Args, roots: PathRoots): Promise<Plan> {
  // The source leaves its place, so it must be both readable and writable there.
  const source = checkPath(args.source, "read", roots);
  const sourceInfo = await statOrUndefined(source, false);
  if (!sourceInfo) throw notFound(source);
  if (source === roots.home || roots.writeRoots.includes(source) || roots.readRoots.includes(source)) {
    throw new JarvisError("ARGS_INVALID", `${source} is a root folder and cannot be moved`);
  }
  let target = args.destination;
  const destinationInfo = await statOrUndefined(target);
  if (destinationInfo?.isDirectory() && target !== source) {
    target = checkPath(join(target, basename(source)), "write", roots);
  }
  if (target === source) throw new JarvisError("ARGS_INVALID", "source and destination are the same");
  if (sourceInfo.isDirectory() && isWithin(target, source)) {
    throw new JarvisError("ARGS_INVALID", `cannot move ${source} into itself`);
  }
  return { source, target, replaces: (await statOrUndefined(target, false)) !== undefined };
}
