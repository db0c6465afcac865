import { extname } from "node:path";
import type { DocumentKind } from "../types.js";

/** Extensions picked up when walking a folder; an explicit file is also sniffed by content. */
export const EXTENSION_KINDS: Readonly<Record<string, DocumentKind>> = {
  ".pdf": "pdf",
  ".docx": "docx",
  ".html": "html",
  ".htm": "html",
  ".xhtml": "html",
  ".md": "markdown",
  ".markdown": "markdown",
  ".mdown": "markdown",
  ".txt": "text",
  ".text": "text",
  ".rst": "text",
  ".org": "text",
};

/** Formats people try that we cannot read, with what to do instead. */
const UNSUPPORTED_HINTS: Readonly<Record<string, string>> = {
  ".doc": "old Word format: save it as .docx",
  ".rtf": "save it as .docx or .txt",
  ".odt": "save it as .docx",
  ".pages": "export it as .docx or PDF",
  ".epub": "convert it to PDF or HTML",
};

export function kindFromExtension(path: string): DocumentKind | undefined {
  return EXTENSION_KINDS[extname(path).toLowerCase()];
}

export function unsupportedHint(path: string): string | undefined {
  return UNSUPPORTED_HINTS[extname(path).toLowerCase()];
}

/** What the bytes say the file is, independent of its name. */
export function sniffKind(bytes: Uint8Array): DocumentKind | "binary" {
  const head = Buffer.from(bytes.subarray(0, 1024));
  if (head.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    return head.includes("word/") || head.includes("[Content_Types].xml") ? "docx" : "binary";
  }
  if (looksBinary(bytes)) return "binary";
  const start = head.toString("utf8").trimStart().slice(0, 200).toLowerCase();
  if (start.startsWith("<!doctype html") || start.startsWith("<html")) return "html";
  return "text";
}

/**
 * Binary if the first 8 KiB hold a NUL byte or mostly control characters; this is what keeps a
 * renamed image or archive called `notes.txt` out of the index.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) control += 1;
  }
  return control / sample.length > 0.1;
}

/** UTF-8 (BOM stripped) when valid, else Windows-1252, the usual legacy encoding of text files. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
