import { AllowList } from "../../config/allowlist.js";
import { expandTilde } from "../../config/paths.js";
import type { JarvisConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import { findProgram } from "../../platform/programs.js";
import { decodeText } from "./charset.js";
import { type LookupFn, systemLookup } from "./guard.js";
import { safeFetch, trustStore } from "./http.js";
import { coerceUrl } from "./url.js";
import { formatTranscript } from "./youtube/captions.js";
import { execRunner, fetchTranscript, type ProgramRunner, youtubeWatchUrl } from "./youtube/ytdlp.js";

/** A document read from the web, ready for a document parser (name's extension = its kind). */
export interface WebDocument {
  bytes: Uint8Array;
  name: string;
  /** Final URL (after redirects), or the canonical watch URL of a video. */
  url: string;
  title?: string;
  kind: "page" | "youtube";
  /** True when only the first `maxBytes` were read. */
  truncated: boolean;
}

export interface WebDocumentOptions {
  /** DNS for the SSRF guard (tests). */
  lookup?: LookupFn;
  /** How yt-dlp is run (tests). */
  runner?: ProgramRunner;
  /** Path to yt-dlp; null means not installed. Default: found on PATH. */
  ytDlp?: string | null;
}

export type WebDocumentReader = (
  rawUrl: string,
  options: { maxBytes: number; signal: AbortSignal },
) => Promise<WebDocument>;

const EXTENSIONS: Record<string, string> = {
  "application/pdf": ".pdf",
  "text/html": ".html",
  "application/xhtml+xml": ".html",
  "text/markdown": ".md",
  "text/x-markdown": ".md",
  "text/plain": ".txt",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
};
const BINARY = new Set(["application/pdf", EXTENSIONS[".docx"] ?? ""]);

function fileName(url: URL, mediaType: string): string {
  const last = decodeURIComponent(url.pathname.split("/").filter(Boolean).at(-1) ?? "").replace(
    /[/\\]/g,
    "_",
  );
  const ext = EXTENSIONS[mediaType];
  const base = last || url.hostname;
  if (!ext) return base;
  return base.toLowerCase().endsWith(ext) ? base : `${base.replace(/\.[A-Za-z0-9]{1,5}$/, "")}${ext}`;
}

/**
 * Reads a URL as a document for summaries and the like, through the same guarded path as
 * web_fetch (SSRF guard on every hop, size and time limits, web.ca_file) — or, for a YouTube
 * video, its captions through yt-dlp (only YouTube URLs reach yt-dlp, which fetches by itself).
 */
export function createWebDocumentReader(
  web: JarvisConfig["web"],
  env: NodeJS.ProcessEnv,
  options: WebDocumentOptions = {},
): WebDocumentReader {
  const guard = { allow: new AllowList(web.allow_private), lookup: options.lookup ?? systemLookup };
  const ca = trustStore(web.ca_file && expandTilde(web.ca_file, env.HOME));
  const ytDlp = options.ytDlp === undefined ? findProgram("yt-dlp", env) : (options.ytDlp ?? undefined);
  return async (rawUrl, { maxBytes, signal }) => {
    const url = coerceUrl(rawUrl);
    if (!url) throw new JarvisError("ARGS_INVALID", `"${rawUrl.slice(0, 100)}" is not a URL`);
    const watch = youtubeWatchUrl(url.href);
    if (watch) {
      if (!ytDlp) {
        throw new JarvisError("UNAVAILABLE", "reading a YouTube video needs yt-dlp", {
          fix: "install it with `pipx install yt-dlp` or `apt-get install yt-dlp`",
        });
      }
      const transcript = await fetchTranscript({
        url: watch,
        language: "en",
        program: ytDlp,
        runner: options.runner ?? execRunner,
        timeoutMs: 170_000,
        signal,
      });
      const title = transcript.title ?? transcript.id;
      // Automatic captions have no punctuation: each ~15 s paragraph (led by its time) ends as
      // a sentence, so readers that work sentence by sentence (the summarizer) can use them.
      const text = `${formatTranscript(transcript.cues, 15)
        .split("\n\n")
        .map((paragraph) => (/[.!?]["')\]]*$/.test(paragraph) ? paragraph : `${paragraph}.`))
        .join("\n\n")}\n`;
      const bytes = Buffer.from(text, "utf8");
      return {
        bytes: bytes.subarray(0, maxBytes),
        name: `${transcript.id}.txt`,
        url: watch,
        title,
        kind: "youtube",
        truncated: bytes.length > maxBytes,
      };
    }
    const response = await safeFetch(url, {
      guard,
      maxBytes,
      timeoutMs: web.timeout_s * 1000,
      maxRedirects: web.max_redirects,
      signal,
      ca,
    });
    const host = new URL(response.url).host;
    if (response.status >= 400) throw new JarvisError("TOOL_FAILED", `HTTP ${response.status} from ${host}`);
    const final = new URL(response.url);
    const name = fileName(final, response.mediaType);
    if (response.truncated && BINARY.has(response.mediaType)) {
      throw new JarvisError("LIMIT_REACHED", `the document at ${host} is larger than ${maxBytes} bytes`, {
        fix: "raise web.max_bytes in config.yaml, or download it and give the file",
      });
    }
    // Text in its declared or sniffed charset, handed on as UTF-8 (what the parser reads first).
    const textual = response.mediaType.startsWith("text/") || response.mediaType === "application/xhtml+xml";
    const bytes = !textual
      ? response.body
      : Buffer.from(
          decodeText(response.body, String(response.headers["content-type"] ?? ""), response.mediaType),
        );
    return { bytes, name, url: response.url, kind: "page", truncated: response.truncated };
  };
}
