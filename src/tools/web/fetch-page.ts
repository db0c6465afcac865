import { JarvisError } from "../../core/errors.js";
import type { HandleStore } from "../../core/tool.js";
import { decodeText } from "./charset.js";
import type { SafeFetchResult } from "./http.js";

export interface PageContent {
  title: string;
  kind: "html" | "pdf" | "text";
  text: string;
  links: number;
  pages?: number;
}

const TEXTUAL = /^(text\/|application\/(json|ld\+json|xml|rss\+xml|atom\+xml|javascript|x-ndjson)$)/;

/** Mints `#u` handles for links found in third-party text (untrusted: a page chose them). */
export function linkMinter(handles: HandleStore, tool: string) {
  return (url: string, text: string) =>
    handles.mint("u", url, { label: text.slice(0, 80), tool, trust: "untrusted" });
}

function sniffMediaType(response: SafeFetchResult): string {
  if (response.mediaType && response.mediaType !== "application/octet-stream") return response.mediaType;
  const head = response.body.subarray(0, 512).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("%pdf-")) return "application/pdf";
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return "text/html";
  return response.mediaType || "application/octet-stream";
}

/** What a fetched document says, as text the model can read: HTML → markdown, PDF → text. */
export async function pageContent(
  response: SafeFetchResult,
  handles: HandleStore,
  tool: string,
): Promise<PageContent> {
  const mediaType = sniffMediaType(response);
  const contentType = String(response.headers["content-type"] ?? "");
  if (mediaType === "application/pdf") {
    if (response.truncated) {
      throw new JarvisError(
        "LIMIT_REACHED",
        "the PDF is larger than web.max_bytes and cannot be read in part",
        {
          fix: "raise web.max_bytes in config.yaml",
        },
      );
    }
    try {
      // PDF.js and the HTML stack load on first use, not when the tool list is built.
      const { pdfToText } = await import("./pdf.js");
      const pdf = await pdfToText(response.body);
      return { title: pdf.title ?? "", kind: "pdf", text: pdf.text, links: 0, pages: pdf.pages };
    } catch (error) {
      throw new JarvisError("TOOL_FAILED", `the PDF could not be read: ${(error as Error).message}`);
    }
  }
  if (mediaType === "text/html" || mediaType === "application/xhtml+xml") {
    const html = decodeText(response.body, contentType, mediaType);
    const { htmlToMarkdown } = await import("./readable.js");
    const page = htmlToMarkdown(html, { baseUrl: response.url, mintLink: linkMinter(handles, tool) });
    const byline = page.byline ? `By ${page.byline}\n\n` : "";
    return { title: page.title, kind: "html", text: `${byline}${page.markdown}`, links: page.links };
  }
  if (TEXTUAL.test(mediaType)) {
    return { title: "", kind: "text", text: decodeText(response.body, contentType, mediaType), links: 0 };
  }
  throw new JarvisError("TOOL_FAILED", `${mediaType} content is not text, HTML or PDF; it was not read`, {
    fix: "open it in the browser instead",
  });
}
