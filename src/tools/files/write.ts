import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { decodeText, formatSize, statOrUndefined, writeAtomic } from "./common.js";

const schema = z.object({
  path: pathString("write", "file to create or overwrite (must be inside a write root)"),
  content: z.string().max(200_000).describe("the complete new text of the file (UTF-8)"),
  create_dirs: z.boolean().default(false).describe("create missing parent directories"),
});
type Args = z.infer<typeof schema>;

/** Longest diff shown in a confirmation; the rest is summarized, never silently dropped. */
const MAX_PREVIEW_CHARS = 20_000;
/** Existing files larger than this are not diffed in the preview. */
const MAX_DIFF_SOURCE_BYTES = 2_000_000;

/** What the user saw when they approved: the file's state then (so a changed file is not clobbered). */
type Seen = { exists: false } | { exists: true; size: number; mtimeMs: number; sha256?: string };

export function createWriteTool(_deps: ToolDeps): ToolDefinition {
  // Keyed by the args object the gate passes to both preview and execute (one call, one object).
  const approvedState = new WeakMap<object, Seen>();
  return defineTool<Args>({
    name: "files_write",
    group: "files",
    description:
      "Create a text file or replace its whole content (UTF-8). Only inside the configured write roots; the parent directory must exist unless create_dirs is true. Overwriting shows a diff before anything changes.",
    parameters: parametersFrom(schema),
    effects: ["write"],
    risk: "dangerous",
    examples: ["write {content} to {path}", "save this as {path}", "create a file {path}"],
    async preview(args) {
      const current = await currentState(args.path);
      approvedState.set(args, current.seen);
      if (current.kind === "dir") return `files_write: ${args.path} is a directory and will not be written`;
      if (current.kind === "binary" || current.kind === "large") {
        return `OVERWRITE ${current.kind} file ${args.path} (${formatSize(current.size)}) with ${describeText(args.content)}`;
      }
      const header =
        current.kind === "text"
          ? `OVERWRITE ${args.path} (${formatSize(current.size)}):`
          : `CREATE ${args.path} (${describeText(args.content)})${args.create_dirs ? ", creating missing directories" : ""}:`;
      const { createTwoFilesPatch } = await import("diff"); // loaded on the first preview only
      const patch = createTwoFilesPatch(
        current.kind === "text" ? args.path : "/dev/null",
        args.path,
        current.kind === "text" ? current.text : "",
        args.content,
        current.kind === "text" ? "current" : undefined,
        "proposed",
        { context: 3 },
      );
      return `${header}\n${boundPreview(patch)}`;
    },
    async execute(args, ctx) {
      const target = await statOrUndefined(args.path);
      if (target?.isDirectory()) return fail("ARGS_INVALID", `${args.path} is a directory`);
      if (target && !target.isFile()) return fail("ARGS_INVALID", `${args.path} is not a regular file`);
      const seen = approvedState.get(args);
      if (seen && !(await sameState(args.path, seen))) {
        return fail(
          "TOOL_FAILED",
          `${args.path} changed after the preview was shown; nothing was written — ask again with the current content`,
        );
      }
      const parent = dirname(args.path);
      const parentInfo = await statOrUndefined(parent);
      if (!parentInfo) {
        if (!args.create_dirs) {
          return fail("NOT_FOUND", `folder ${parent} does not exist; pass create_dirs: true to create it`);
        }
        ctx.signal.throwIfAborted();
        await mkdir(parent, { recursive: true });
      } else if (!parentInfo.isDirectory()) {
        return fail("ARGS_INVALID", `${parent} is not a directory`);
      }
      ctx.signal.throwIfAborted();
      await writeAtomic(args.path, args.content, {
        signal: ctx.signal,
        ...(target ? { mode: target.mode & 0o7777 } : {}),
      });
      const bytes = Buffer.byteLength(args.content);
      return ok(`${target ? "Overwrote" : "Created"} ${args.path} (${formatSize(bytes)})`, {
        path: args.path,
        bytes,
        created: !target,
      });
    },
  });
}

type Current =
  | { kind: "missing"; seen: Seen }
  | { kind: "dir"; seen: Seen }
  | { kind: "binary" | "large"; size: number; seen: Seen }
  | { kind: "text"; size: number; text: string; seen: Seen };

async function currentState(path: string): Promise<Current> {
  const info = await statOrUndefined(path);
  if (!info) return { kind: "missing", seen: { exists: false } };
  const seen: Seen = { exists: true, size: info.size, mtimeMs: info.mtimeMs };
  if (!info.isFile()) return { kind: "dir", seen };
  // Diffing a huge file would make a preview nobody can read; say what happens instead.
  if (info.size > MAX_DIFF_SOURCE_BYTES) return { kind: "large", size: info.size, seen };
  const bytes = await readFile(path);
  seen.sha256 = sha256(bytes);
  const decoded = decodeText(bytes);
  return decoded.ok
    ? { kind: "text", size: info.size, text: decoded.text, seen }
    : { kind: "binary", size: info.size, seen };
}

async function sameState(path: string, seen: Seen): Promise<boolean> {
  const info = await statOrUndefined(path);
  if (!seen.exists) return info === undefined;
  if (!info?.isFile() || info.size !== seen.size) return false;
  if (seen.sha256 === undefined) return info.mtimeMs === seen.mtimeMs;
  return sha256(await readFile(path)) === seen.sha256;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function describeText(text: string): string {
  const lines = text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  return `${formatSize(Buffer.byteLength(text))}, ${lines} ${lines === 1 ? "line" : "lines"}`;
}

function boundPreview(patch: string): string {
  if (patch.length <= MAX_PREVIEW_CHARS) return patch;
  const shown = patch.slice(0, patch.lastIndexOf("\n", MAX_PREVIEW_CHARS) + 1);
  const hidden = patch.slice(shown.length).split("\n").length;
  return `${shown}… [${hidden} more diff lines not shown]`;
}
