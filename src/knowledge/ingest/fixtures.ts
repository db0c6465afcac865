/**
 * Document fixtures generated in code for tests and benchmarks (pdf-lib and docx are dev
 * dependencies, so they are imported lazily and only by test code).
 */

/** A PDF with one entry per page; each page holds its paragraphs. */
export async function makePdf(pages: string[][], title?: string): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const paragraphs of pages) {
    const page = doc.addPage([612, 792]);
    let y = 740;
    for (const paragraph of paragraphs) {
      // The standard fonts only encode WinAnsi; other characters become spaces.
      for (const line of wrap(paragraph.replace(/[^\x20-\x7e\xa0-\xff]/g, " "), 90)) {
        if (y < 60) break;
        page.drawText(line, { x: 50, y, size: 11, font });
        y -= 14;
      }
      y -= 14; // blank line between paragraphs
    }
  }
  return doc.save();
}

/** A DOCX with headings (level 1/2) and paragraphs. */
export async function makeDocx(
  blocks: Array<{ heading?: string; level?: 1 | 2; text?: string }>,
): Promise<Uint8Array> {
  const { Document, HeadingLevel, Packer, Paragraph } = await import("docx");
  const children = blocks.map((block) =>
    block.heading
      ? new Paragraph({
          text: block.heading,
          heading: block.level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_1,
        })
      : new Paragraph({ text: block.text ?? "" }),
  );
  const doc = new Document({ sections: [{ children }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/**
 * A PDF protected by the standard security handler with an unknown user password: pdf.js
 * cannot open it without the password, like any real encrypted PDF.
 */
export function makeEncryptedPdf(): Uint8Array {
  const hex = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, "0")).join("");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32, 7)}> /U <${hex(32, 11)}> /P -44 >>`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${hex(16, 3)}> <${hex(16, 3)}>] >>\n`;
  body += `startxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** Deterministic pseudo-prose of `count` words, in paragraphs of ~120 words. */
export function makeWords(count: number, seed = 1): string {
  const vocabulary = (
    "the system stores documents chunks index search query result page paragraph heading memory fact user " +
    "boss project meeting report budget quarter revenue growth model vector keyword ranking relevance test"
  ).split(" ");
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(vocabulary[next() % vocabulary.length]!);
    if (i % 12 === 11) out[out.length - 1] += ".";
    if (i % 120 === 119) out[out.length - 1] += "\n\n";
  }
  return out.join(" ");
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
