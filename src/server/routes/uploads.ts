import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { checkPath } from "../../gate/paths.js";
import type { ServerContext } from "../context.js";
import { HttpError } from "../errors.js";
import { parseInput } from "./body.js";

const UploadQuery = z.object({ name: z.string().min(1).max(255) }).strict();

/** A file name safe to create: no directories, control characters or leading dots. */
export function safeFileName(name: string): string {
  const cleaned = basename(name.replace(/\\/g, "/"))
    .replace(/[\u0000-\u001f\u007f/]/g, "")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 200);
  return cleaned || "dropped-file";
}

/** Where dropped files land: `~/Downloads/Jarvis` when it is a write root, else the first one. */
export function dropDirectory(context: ServerContext): string {
  const { roots } = context.runtime;
  const candidates = [join(roots.home, "Downloads"), ...roots.writeRoots];
  for (const base of candidates) {
    const dir = join(base, "Jarvis");
    try {
      checkPath(dir, "write", roots);
      checkPath(dir, "read", roots);
      return dir;
    } catch {
      // not both readable and writable by tools; try the next
    }
  }
  throw new HttpError(
    409,
    "PATH_DENIED",
    "no write root is also readable, so a dropped file could not be used",
    {
      fix: "add a folder to both files.read_roots and files.write_roots",
    },
  );
}

function uniquePath(dir: string, name: string): string {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  let candidate = join(dir, name);
  for (let n = 2; existsSync(candidate); n += 1) candidate = join(dir, `${stem} (${n})${ext}`);
  return candidate;
}

/**
 * `POST /api/files?name=…` (raw bytes): a file dropped on the chat. A browser never reveals a
 * dropped file's own path, so the bytes are saved where tools may read them and that path is
 * returned for the chat to offer. Streamed to disk and size-capped (413, partial file removed).
 */
export function registerUploads(app: FastifyInstance, context: ServerContext, limit: number): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));
    scope.post("/api/files", { bodyLimit: limit }, async (request) => {
      const { name } = parseInput(UploadQuery, request.query, "query");
      const declared = Number(request.headers["content-length"] ?? Number.NaN);
      if (declared > limit)
        throw new HttpError(413, "PAYLOAD_TOO_LARGE", `files over ${limit} bytes are refused`);
      const dir = dropDirectory(context);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const path = uniquePath(dir, safeFileName(name));
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > limit)
            callback(new HttpError(413, "PAYLOAD_TOO_LARGE", `files over ${limit} bytes are refused`));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(
          request.body as NodeJS.ReadableStream,
          counter,
          createWriteStream(path, { flags: "wx", mode: 0o600 }),
        );
      } catch (error) {
        rmSync(path, { force: true });
        throw error;
      }
      return { path, name: basename(path), size };
    });
  });
}
