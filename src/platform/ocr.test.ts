import { describe, expect, it } from "vitest";
import { center, contains, findText, ocrLines, parseTesseractTsv } from "./ocr.js";

const TSV = [
  "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
  "1\t1\t0\t0\t0\t0\t0\t0\t1280\t800\t-1\t",
  "4\t1\t1\t1\t1\t0\t8\t24\t825\t30\t-1\t",
  "5\t1\t1\t1\t1\t1\t8\t26\t267\t28\t84.826897\troot@vm:/tmp#",
  "5\t1\t1\t1\t1\t2\t345\t24\t81\t24\t90.642593\tHéllo",
  "5\t1\t1\t1\t1\t3\t449\t26\t110\t22\t93.294899\tWorld,",
  "5\t1\t1\t1\t2\t1\t8\t65\t39\t16\t96.3\tSave",
  "5\t1\t1\t1\t2\t2\t60\t65\t50\t16\t95.1\tFile…",
  "5\t1\t1\t1\t2\t3\t120\t65\t50\t16\t95.1\tconcatenate",
  "5\t1\t1\t1\t2\t4\t200\t65\t20\t16\t-1\t ",
].join("\n");

describe("tesseract TSV", () => {
  it("keeps word rows with boxes, confidence and line keys", () => {
    const words = parseTesseractTsv(TSV);
    expect(words).toHaveLength(6);
    expect(words[1]).toEqual({
      text: "Héllo",
      confidence: 90.6,
      box: { x: 345, y: 24, width: 81, height: 24 },
      line: "1.1.1",
    });
    expect(parseTesseractTsv(TSV, { x: 100, y: 10 })[0]?.box).toEqual({
      x: 108,
      y: 36,
      width: 267,
      height: 28,
    });
  });

  it("groups lines with their union box", () => {
    const lines = ocrLines(parseTesseractTsv(TSV));
    expect(lines.map((l) => l.text)).toEqual(["root@vm:/tmp# Héllo World,", "Save File… concatenate"]);
    expect(lines[0]?.box).toEqual({ x: 8, y: 24, width: 551, height: 30 });
  });

  it("finds phrases across words ignoring case, accents and punctuation; whole words first", () => {
    const words = parseTesseractTsv(TSV);
    const hello = findText(words, "hello world");
    expect(hello).toHaveLength(1);
    expect(hello[0]?.box).toEqual({ x: 345, y: 24, width: 214, height: 24 });
    expect(findText(words, "save file")[0]?.text).toBe("Save File…");
    expect(findText(words, "cat")[0]).toMatchObject({ text: "concatenate", exact: false });
    expect(findText(words, "nowhere")).toEqual([]);
    expect(findText(words, "  ")).toEqual([]);
  });

  it("computes centers and containment", () => {
    expect(center({ x: 10, y: 10, width: 11, height: 5 })).toEqual({ x: 16, y: 13 });
    expect(contains({ x: 0, y: 0, width: 10, height: 10 }, { x: 9, y: 9 })).toBe(true);
    expect(contains({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 5 })).toBe(false);
  });
});
