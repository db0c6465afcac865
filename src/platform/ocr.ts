import type { OcrWord, Rect } from "./types.js";

/**
 * Parses `tesseract <image> stdout tsv`: one row per word (level 5) with its box and confidence.
 * Rows with empty text or negative confidence are layout rows, not words.
 */
export function parseTesseractTsv(tsv: string, offset: { x: number; y: number } = { x: 0, y: 0 }): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split("\n").slice(1)) {
    const cols = row.split("\t");
    if (cols.length < 12 || cols[0] !== "5") continue;
    const text = (cols.slice(11).join("\t") ?? "").trim();
    const confidence = Number(cols[10]);
    if (!text || !(confidence >= 0)) continue;
    words.push({
      text,
      confidence: Math.round(confidence * 10) / 10,
      box: {
        x: Number(cols[6]) + offset.x,
        y: Number(cols[7]) + offset.y,
        width: Number(cols[8]),
        height: Number(cols[9]),
      },
      line: `${cols[2]}.${cols[3]}.${cols[4]}`,
    });
  }
  return words;
}

export interface OcrLine {
  text: string;
  box: Rect;
  words: OcrWord[];
}

export function ocrLines(words: OcrWord[]): OcrLine[] {
  const lines = new Map<string, OcrWord[]>();
  for (const word of words) {
    const line = lines.get(word.line);
    if (line) line.push(word);
    else lines.set(word.line, [word]);
  }
  return [...lines.values()].map((lineWords) => ({
    text: lineWords.map((w) => w.text).join(" "),
    box: union(lineWords.map((w) => w.box)),
    words: lineWords,
  }));
}

export function union(boxes: Rect[]): Rect {
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

export interface TextMatch {
  text: string;
  box: Rect;
  confidence: number;
  /** The words are exactly the phrase (not the phrase inside a longer word). */
  exact: boolean;
}

/**
 * Finds a phrase as consecutive words on one line, ignoring case, accents and punctuation
 * (OCR often glues or drops them), so "save file" matches `Save  File…`.
 */
export function findText(words: OcrWord[], phrase: string): TextMatch[] {
  const target = phrase.split(/\s+/).map(fold).filter(Boolean);
  if (target.length === 0) return [];
  const joined = target.join("");
  const matches: TextMatch[] = [];
  for (const line of ocrLines(words)) {
    const folded = line.words.map((w) => fold(w.text));
    for (let start = 0; start < folded.length; start++) {
      let acc = "";
      for (let end = start; end < folded.length; end++) {
        acc += folded[end];
        if (acc.length > joined.length + 2 && !acc.includes(joined)) break;
        if (acc.includes(joined)) {
          // The phrase must start in the first word; otherwise a later start finds it tighter.
          if (end > start && acc.slice((folded[start] ?? "").length).includes(joined)) break;
          const hit = line.words.slice(start, end + 1);
          matches.push({
            text: hit.map((w) => w.text).join(" "),
            box: union(hit.map((w) => w.box)),
            confidence: Math.min(...hit.map((w) => w.confidence)),
            exact: acc === joined,
          });
          start = end;
          break;
        }
      }
    }
  }
  return matches.sort((a, b) => Number(b.exact) - Number(a.exact) || b.confidence - a.confidence);
}

export function center(box: Rect): { x: number; y: number } {
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
}

export function contains(rect: Rect, point: { x: number; y: number }): boolean {
  return (
    point.x >= rect.x && point.y >= rect.y && point.x < rect.x + rect.width && point.y < rect.y + rect.height
  );
}
