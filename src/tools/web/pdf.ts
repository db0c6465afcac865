import { extractText, getDocumentProxy, getMeta } from "unpdf";

export interface PdfText {
  title?: string;
  pages: number;
  text: string;
}

/** Text of a PDF (unpdf / PDF.js, no eval); pages are separated so citations stay possible. */
export async function pdfToText(data: Uint8Array): Promise<PdfText> {
  const document = await getDocumentProxy(new Uint8Array(data));
  try {
    const { totalPages, text } = await extractText(document, { mergePages: false });
    let title: string | undefined;
    try {
      const meta = await getMeta(document);
      const raw = meta.info?.Title;
      title = typeof raw === "string" && raw.trim() ? raw.trim() : undefined;
    } catch {
      title = undefined;
    }
    const body = text
      .map((page, index) => `--- page ${index + 1} ---\n${page.replace(/[ \t]+\n/g, "\n").trim()}`)
      .join("\n\n");
    return { ...(title ? { title } : {}), pages: totalPages, text: body };
  } finally {
    await document.destroy();
  }
}
