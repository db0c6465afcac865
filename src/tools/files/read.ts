import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { z } from "zod";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { decodeText, formatSize, notFound, readHead, SNIFF_BYTES, statOrUndefined } from "./common.js";

const schema = z.object({
  path: pathString("read", "file to read; a #f handle works too"),
  offset: z.number().int().min(0).optional().describe("first byte to read (byte window mode)"),
  length: z.number().int().min(1).optional().describe("bytes to read from offset (capped)"),
  start_line: z.number().int().min(1).optional().describe("first line to read, 1-based (line mode)"),
  end_line: z.number().int().min(1).optional().describe("last line to read, inclusive"),
});
type Args = z.infer<typeof schema>;

/** Below this many bytes from the cap, a capped read ends at the last newline for readability. */
const LINE_SNAP_BYTES = 4096;

export function createReadTool(deps: ToolDeps): ToolDefinition {
  const cap = deps.config.files.max_read_bytes;
  return defineTool<Args>({
    name: "files_read",
    group: "files",
    description: `Read a text file (UTF-8). Reads at most ${cap} bytes per call: pass offset/length for a byte window or start_line/end_line for lines. Binary files are refused.`,
    parameters: parametersFrom(schema),
    effects: ["read"],
    sensitivity: "private",
    risk: "safe",
    // A file can be anything (a downloaded page, a mail attachment): its text is not the user's word.
    trust: "untrusted",
    examples: ["read {path}", "show me {path}", "open {path} and read it"],
    async execute(args, ctx) {
      const byLines = args.start_line !== undefined || args.end_line !== undefined;
      if (byLines && (args.offset !== undefined || args.length !== undefined)) {
        return fail("ARGS_INVALID", "use either offset/length or start_line/end_line, not both");
      }
      if (args.start_line !== undefined && args.end_line !== undefined && args.end_line < args.start_line) {
        return fail("ARGS_INVALID", "end_line is before start_line");
      }
      const info = await statOrUndefined(args.path);
      if (!info) throw notFound(args.path);
      if (info.isDirectory()) return fail("ARGS_INVALID", `${args.path} is a directory; use files_list`);
      // FIFOs and devices could block forever or never end; only regular files are read.
      if (!info.isFile()) return fail("ARGS_INVALID", `${args.path} is not a regular file`);
      ctx.signal.throwIfAborted();
      const head = await readHead(args.path, SNIFF_BYTES);
      const sniff = decodeText(head, false, head.length === SNIFF_BYTES);
      if (!sniff.ok) return binaryRefusal(args.path, info.size, sniff.why);
      const window = byLines
        ? await readLines(args.path, args.start_line ?? 1, args.end_line, cap, ctx.signal)
        : await readBytes(args.path, info.size, args.offset ?? 0, args.length, cap);
      const decoded = decodeText(window.bytes, window.cutStart, window.cutEnd);
      if (!decoded.ok) return binaryRefusal(args.path, info.size, decoded.why);
      const data = { path: args.path, size: info.size, ...window.range, truncated: window.more };
      return ok(window.more || window.note ? `${decoded.text}\n${window.note}` : decoded.text, data);
    },
  });
}

function binaryRefusal(path: string, size: number, why: string) {
  return fail(
    "ARGS_INVALID",
    `${path} is a binary file (${why}, ${formatSize(size)}); files_read only reads text — use files_info for its type and size`,
  );
}

interface Window {
  bytes: Uint8Array;
  cutStart: boolean;
  cutEnd: boolean;
  more: boolean;
  note: string;
  range: Record<string, number>;
}

async function readBytes(
  path: string,
  size: number,
  offset: number,
  length: number | undefined,
  cap: number,
): Promise<Window> {
  const want = Math.min(length ?? cap, cap, Math.max(0, size - offset));
  const handle = await open(path, "r");
  let bytes: Uint8Array;
  try {
    const buffer = Buffer.alloc(want);
    const { bytesRead } = await handle.read(buffer, 0, want, offset);
    bytes = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const cappedByUs = (length === undefined || length > cap) && offset + bytes.length < size;
  if (cappedByUs) {
    const newline = bytes.lastIndexOf(10);
    if (newline >= 0 && bytes.length - newline <= LINE_SNAP_BYTES) bytes = bytes.subarray(0, newline + 1);
  }
  const end = offset + bytes.length;
  const more = end < size;
  let note = "";
  if (offset >= size && size > 0) note = `[offset ${offset} is past the end of the file (${size} bytes)]`;
  else if (more) {
    note = `[${cappedByUs ? "truncated: " : ""}showing bytes ${offset}–${end} of ${size}; continue with offset: ${end}]`;
  }
  return {
    bytes,
    cutStart: offset > 0,
    cutEnd: more,
    more,
    note,
    range: { offset, end },
  };
}

/** Streams the file, keeping only lines `start..end`, never holding more than `cap` bytes. */
async function readLines(
  path: string,
  start: number,
  end: number | undefined,
  cap: number,
  signal: AbortSignal,
): Promise<Window> {
  const parts: Buffer[] = [];
  let kept = 0;
  let line = 1;
  let lastLine = start - 1;
  let capped = false;
  let more = false;
  const stream = createReadStream(path, { signal, highWaterMark: 64 * 1024 });
  try {
    outer: for await (const chunk of stream as AsyncIterable<Buffer>) {
      let position = 0;
      while (position < chunk.length) {
        if (end !== undefined && line > end) {
          more = true;
          break outer;
        }
        const newline = chunk.indexOf(10, position);
        const segmentEnd = newline === -1 ? chunk.length : newline + 1;
        if (line >= start) {
          if (kept >= cap) {
            more = true;
            break outer;
          }
          const room = cap - kept;
          const segment = chunk.subarray(position, Math.min(segmentEnd, position + room));
          parts.push(segment);
          kept += segment.length;
          lastLine = line;
          if (segment.length < segmentEnd - position) {
            capped = true;
            more = true;
            break outer;
          }
        }
        position = segmentEnd;
        if (newline !== -1) line += 1;
      }
    }
  } finally {
    stream.destroy();
  }
  const bytes = Buffer.concat(parts);
  let note = "";
  if (lastLine < start) note = `[the file has fewer than ${start} lines]`;
  else if (capped)
    note = `[truncated at ${cap} bytes in line ${lastLine}; continue with start_line: ${lastLine}]`;
  else if (more)
    note = `[lines ${start}–${lastLine}; more follow — continue with start_line: ${lastLine + 1}]`;
  return {
    bytes,
    cutStart: false,
    cutEnd: capped,
    more,
    note,
    range: { start_line: start, end_line: Math.max(lastLine, start - 1) },
  };
}
