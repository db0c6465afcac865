import { basename, extname } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { markdownSections } from "../chunk.js";
import type { DocumentKind, ParsedDocument, Section } from "../types.js";
import { decodeText, kindFromExtension, looksBinary, sniffKind, unsupportedHint } from "./detect.js";
import { parsePdf } from "./pdf.js";

/**
 * Turns file bytes into sections of text. The extension decides first; the content must agree
 * (a `.txt` full of binary, a `.pdf` that is not one, are refused with a clear reason).
 */
export async function parseDocument(
  bytes: Uint8Array,
  name: string,
  signal?: AbortSignal,
): Promise<ParsedDocument> {
  const kind = resolveKind(bytes, name);
  const fallbackTitle = basename(name, extname(name)) || name;
  let parsed: ParsedDocument;
  switch (kind) {
    case "pdf":
      parsed = await parsePdf(bytes, fallbackTitle, signal);
      break;
    case "docx":
      parsed = await parseDocx(bytes, fallbackTitle);
      break;
    case "html":
      parsed = await parseHtml(decodeText(bytes), fallbackTitle);
      break;
    case "markdown":
      parsed = parseMarkdown(decodeText(bytes), fallbackTitle);
      break;
    case "text":
      parsed = parseText(decodeText(bytes), fallbackTitle);
      break;
  }
  if (!parsed.sections.some((s) => s.text.trim())) {
    throw new JarvisError("TOOL_FAILED", "the document has no text", { fix: "check the file is not empty" });
  }
  return parsed;
}

function resolveKind(bytes: Uint8Array, name: string): DocumentKind {
  if (bytes.length === 0) {
    throw new JarvisError("TOOL_FAILED", "the file is empty", { fix: "check the file is not empty" });
  }
  const byName = kindFromExtension(name);
  const sniffed = sniffKind(bytes);
  if (byName === undefined) {
    const hint = unsupportedHint(name);
    if (hint) throw new JarvisError("TOOL_FAILED", `unsupported format ${extname(name)}`, { fix: hint });
    if (sniffed === "binary") {
      throw new JarvisError("TOOL_FAILED", "unsupported file type (binary content)", {
        fix: "add PDF, DOCX, HTML, Markdown or text files",
      });
    }
    return sniffed;
  }
  if (byName === "pdf" && sniffed !== "pdf") {
    throw new JarvisError("TOOL_FAILED", "the file is named .pdf but is not a PDF", {
      fix: "re-download or re-export the file",
    });
  }
  if (byName === "docx" && sniffed !== "docx") {
    throw new JarvisError("TOOL_FAILED", "the file is named .docx but is not a Word document", {
      fix: "re-save it from Word as .docx",
    });
  }
  if ((byName === "text" || byName === "markdown" || byName === "html") && looksBinary(bytes)) {
    throw new JarvisError("TOOL_FAILED", `the file is named ${extname(name)} but holds binary data`, {
      fix: "check what the file really is (`file <path>`)",
    });
  }
  return byName;
}

/** HTML → Markdown (headings kept as `#`). Converters load on first use: CLI start-up stays fast. */
export async function htmlToMarkdown(html: string): Promise<string> {
  const { default: TurndownService } = await import("turndown");
  const turndown = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
  });
  // Images (often base64 data URIs from Word) and scripts carry no searchable text.
  turndown.remove(["head", "title", "script", "style", "noscript", "img", "svg", "iframe", "form"] as never);
  return turndown.turndown(html).replace(/\n{3,}/g, "\n\n");
}

async function parseDocx(bytes: Uint8Array, fallbackTitle: string): Promise<ParsedDocument> {
  const { default: mammoth } = await import("mammoth");
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: "" })) },
    );
    html = result.value;
  } catch (error) {
    throw new JarvisError("TOOL_FAILED", `the Word document is damaged: ${(error as Error).message}`, {
      fix: "open and re-save it in Word or LibreOffice",
    });
  }
  const sections = markdownSections(await htmlToMarkdown(html));
  const firstHeading = sections.find((s) => s.heading)?.heading?.split(" › ")[0];
  return { kind: "docx", title: firstHeading || fallbackTitle, sections };
}

export async function parseHtml(html: string, fallbackTitle: string): Promise<ParsedDocument> {
  const [{ parseHTML }, { Readability }] = await Promise.all([
    import("linkedom"),
    import("@mozilla/readability"),
  ]);
  const { document } = parseHTML(html);
  const pageTitle = document.querySelector("title")?.textContent?.trim();
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  let markdown = article?.content ? await htmlToMarkdown(article.content) : "";
  // Short pages (an index, a form) are not "articles"; keep their whole body instead.
  if (markdown.replace(/\s+/g, "").length < 200) {
    const body = parseHTML(html).document.body?.innerHTML ?? "";
    markdown = await htmlToMarkdown(body.trim() ? body : html);
  }
  const title = article?.title?.trim() || pageTitle || fallbackTitle;
  return { kind: "html", title, sections: markdownSections(markdown) };
}

function parseMarkdown(text: string, fallbackTitle: string): ParsedDocument {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, ""); // front matter is metadata, not prose
  const sections = markdownSections(body);
  const h1 = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  return { kind: "markdown", title: h1 || fallbackTitle, sections };
}

function parseText(text: string, fallbackTitle: string): ParsedDocument {
  const sections: Section[] = [{ text: text.replace(/\r\n?/g, "\n").replace(/\f/g, "\n\n") }];
  return { kind: "text", title: fallbackTitle, sections };
}
