import { getDocumentProxy, getMeta } from "unpdf";
import { JarvisError } from "../../core/errors.js";
import type { ParsedDocument, Section } from "../types.js";

interface TextItem {
  str: string;
  transform: number[];
  height: number;
  hasEOL?: boolean;
}

/**
 * PDF text page by page (page numbers kept for citations). Lines come from pdf.js text items;
 * a vertical gap clearly larger than the line height starts a new paragraph, and words
 * hyphenated across a line break are joined.
 */
export async function parsePdf(
  bytes: Uint8Array,
  fallbackTitle: string,
  signal?: AbortSignal,
): Promise<ParsedDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    throw pdfError(error);
  }
  try {
    const sections: Section[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      signal?.throwIfAborted();
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = pageText(content.items as TextItem[]);
      page.cleanup();
      if (text.trim()) sections.push({ text, page: number });
    }
    if (sections.length === 0) {
      throw new JarvisError("TOOL_FAILED", "the PDF has no extractable text (a scan?)", {
        fix: "run it through OCR first (e.g. `ocrmypdf in.pdf out.pdf`) and add the result",
      });
    }
    const title = await pdfTitle(pdf).catch(() => undefined);
    return { kind: "pdf", title: title || fallbackTitle, sections, pages: pdf.numPages };
  } catch (error) {
    throw error instanceof JarvisError ? error : pdfError(error);
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

async function pdfTitle(pdf: Parameters<typeof getMeta>[0]): Promise<string | undefined> {
  const meta = await getMeta(pdf);
  const title = typeof meta.info?.Title === "string" ? meta.info.Title.trim() : "";
  return title && !/^(untitled|microsoft word - )/i.test(title) ? title : undefined;
}

function pageText(items: readonly TextItem[]): string {
  const lines: Array<{ y: number; height: number; text: string }> = [];
  let current = "";
  let y: number | undefined;
  let height = 0;
  const endLine = () => {
    if (current.trim() && y !== undefined) lines.push({ y, height, text: current.trim() });
    current = "";
    y = undefined;
    height = 0;
  };
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    const itemY = item.transform[5] ?? 0;
    // A jump in baseline without an explicit EOL is still a new line.
    if (y !== undefined && Math.abs(itemY - y) > Math.max(2, (item.height || height) * 0.5)) endLine();
    if (y === undefined) y = itemY;
    height = Math.max(height, item.height || 0);
    current += item.str;
    if (item.hasEOL) endLine();
  }
  endLine();
  const heights = lines.map((l) => l.height).filter((h) => h > 0);
  const typical = heights.length > 0 ? median(heights) : 12;
  let out = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const previous = lines[i - 1];
    if (previous) {
      const gap = previous.y - line.y;
      const paragraphBreak = gap > typical * 1.8 || gap < 0;
      if (paragraphBreak) out += "\n\n";
      else if (/[A-Za-z]-$/.test(out)) out = out.slice(0, -1);
      else out += " ";
    }
    out += line.text;
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function pdfError(error: unknown): JarvisError {
  const name = (error as Error)?.name ?? "";
  const message = (error as Error)?.message ?? String(error);
  if (name === "PasswordException" || /password/i.test(message)) {
    return new JarvisError("TOOL_FAILED", "the PDF is encrypted and needs a password", {
      fix: "save an unprotected copy (e.g. `qpdf --decrypt --password=… in.pdf out.pdf`) and add that",
    });
  }
  if (name === "InvalidPDFException" || name === "FormatError" || /invalid pdf|bad xref/i.test(message)) {
    return new JarvisError("TOOL_FAILED", `the PDF is damaged and cannot be read (${message})`, {
      fix: "re-export or re-download the file",
    });
  }
  return new JarvisError("TOOL_FAILED", `cannot read the PDF: ${message}`, { cause: error });
}
