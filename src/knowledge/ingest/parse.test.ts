import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeDocx, makeEncryptedPdf, makePdf } from "./fixtures.js";
import { parseDocument } from "./parse.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("parseDocument", () => {
  it("reads a PDF page by page, keeping page numbers, paragraphs and the title", async () => {
    const pdf = await makePdf(
      [
        ["Quarterly report for the board.", "Revenue grew by twelve percent in the third quarter."],
        ["Hiring plans for next year include four engineers and a designer."],
        [],
        ["Appendix: the travel policy prefers window seats on long flights."],
      ],
      "Q3 Report",
    );
    const parsed = await parseDocument(pdf, "q3.pdf");
    expect(parsed.kind).toBe("pdf");
    expect(parsed.title).toBe("Q3 Report");
    expect(parsed.pages).toBe(4);
    expect(parsed.sections.map((s) => s.page)).toEqual([1, 2, 4]); // the empty page has no text
    expect(parsed.sections[0]!.text).toBe(
      "Quarterly report for the board.\n\nRevenue grew by twelve percent in the third quarter.",
    );
    expect(parsed.sections[2]!.text).toContain("window seats");
  });

  it("joins wrapped lines of a long PDF paragraph into one paragraph", async () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const parsed = await parseDocument(await makePdf([[long]]), "long.pdf");
    expect(parsed.sections[0]!.text).toBe(long);
    expect(parsed.title).toBe("long"); // no metadata title: the file name
  });

  it("reads DOCX with its headings as sections", async () => {
    const docx = await makeDocx([
      { heading: "Travel Guide", level: 1 },
      { text: "Our team travels twice a year." },
      { heading: "Seats", level: 2 },
      { text: "Book window seats when the flight is longer than four hours." },
    ]);
    const parsed = await parseDocument(docx, "guide.docx");
    expect(parsed.kind).toBe("docx");
    expect(parsed.title).toBe("Travel Guide");
    expect(parsed.sections).toEqual([
      { text: "Our team travels twice a year.", heading: "Travel Guide" },
      {
        text: "Book window seats when the flight is longer than four hours.",
        heading: "Travel Guide › Seats",
      },
    ]);
  });

  it("reads HTML as the readable article in Markdown, dropping navigation and scripts", async () => {
    const body = Array.from(
      { length: 6 },
      (_, i) =>
        `<p>Paragraph ${i} explains how the solar inverter converts direct current into alternating current for the home grid.</p>`,
    ).join("");
    const html = `<!doctype html><html><head><title>Solar | Site</title><script>alert(1)</script></head>
      <body><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
      <article><h1>How inverters work</h1>${body}<h2>Safety</h2><p>Never open the inverter case while it is connected to panels.</p></article>
      <footer>© 2025 Example</footer></body></html>`;
    const parsed = await parseDocument(utf8(html), "solar.html");
    expect(parsed.kind).toBe("html");
    expect(parsed.title).toMatch(/Solar|inverters/);
    const text = parsed.sections.map((s) => s.text).join("\n");
    expect(text).toContain("alternating current");
    expect(text).not.toContain("alert(1)");
    expect(parsed.sections.some((s) => s.heading?.endsWith("Safety"))).toBe(true);
  });

  it("keeps a short HTML page's body when it is not an article", async () => {
    const parsed = await parseDocument(
      utf8("<html><body><p>Door code is 4711.</p></body></html>"),
      "note.htm",
    );
    expect(parsed.sections[0]!.text).toBe("Door code is 4711.");
  });

  it("reads Markdown sections by heading and drops front matter; text stays one section", async () => {
    const md =
      "---\ntags: [x]\n---\n# Notes\nintro\n\n## Wifi\nThe password is on the fridge.\n\n```\n# not a heading\n```\n";
    const parsed = await parseDocument(utf8(md), "notes.md");
    expect(parsed.title).toBe("Notes");
    expect(parsed.sections.map((s) => s.heading)).toEqual(["Notes", "Notes › Wifi"]);
    expect(parsed.sections[1]!.text).toContain("# not a heading");
    const text = await parseDocument(utf8("\uFEFFplain words\r\nnext line"), "a.txt");
    expect(text).toMatchObject({ kind: "text", title: "a", sections: [{ text: "plain words\nnext line" }] });
  });

  it("decodes legacy Windows-1252 text instead of failing", async () => {
    const parsed = await parseDocument(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]), "old.txt");
    expect(parsed.sections[0]!.text).toBe("café");
  });

  it("sniffs files without a known extension", async () => {
    expect((await parseDocument(await makePdf([["sniffed pdf"]]), "download")).kind).toBe("pdf");
    expect((await parseDocument(utf8("<!DOCTYPE html><p>x y z</p>"), "page")).kind).toBe("html");
    expect((await parseDocument(utf8("just text"), "README")).kind).toBe("text");
  });

  it("refuses bad input with one clear reason each", async () => {
    const reasons = async (bytes: Uint8Array, name: string) =>
      parseDocument(bytes, name).then(
        () => "parsed",
        (e: Error) => e.message,
      );
    const pdf = await makePdf([["Some text that will be cut off."]]);
    expect(await reasons(makeEncryptedPdf(), "secret.pdf")).toMatch(/encrypted and needs a password/);
    expect(await reasons(pdf.subarray(0, 200), "cut.pdf")).toMatch(/damaged|no extractable text|cannot read/);
    expect(await reasons(utf8("%PDF-1.7\nthis is not really a pdf"), "fake.pdf")).toMatch(
      /damaged|cannot read/,
    );
    expect(await reasons(utf8("hello"), "fake.pdf")).toMatch(/named .pdf but is not a PDF/);
    expect(await reasons(utf8("PK\u0003\u0004word/ garbage"), "broken.docx")).toMatch(
      /Word document is damaged/,
    );
    expect(await reasons(randomBytes(4096), "photo.txt")).toMatch(/holds binary data/);
    expect(await reasons(randomBytes(4096), "blob")).toMatch(/unsupported file type/);
    expect(await reasons(utf8("x"), "old.doc")).toMatch(/unsupported format .doc/);
    expect(await reasons(new Uint8Array(0), "empty.txt")).toMatch(/the file is empty/);
    expect(await reasons(utf8("   \n\n  "), "blank.md")).toMatch(/no text/);
    expect(await reasons(await makePdf([[], []]), "scan.pdf")).toMatch(/no extractable text/);
  });
});
