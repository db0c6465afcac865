import { countWords, splitSentences } from "./text.js";
import type { Chunk, Section } from "./types.js";

export interface ChunkOptions {
  /** Target chunk size in words; a chunk closes before it would pass this. */
  chunkWords: number;
  /** Words of trailing context (whole sentences) repeated at the start of the next chunk. */
  overlapWords: number;
  /** Sections shorter than this merge into the next one on the same page. */
  minSectionWords?: number;
}

/**
 * Splits sections into chunks that respect structure: a chunk never crosses a page or a
 * heading, paragraphs stay whole when they fit, long paragraphs split at sentences (and only
 * a sentence longer than a whole chunk is cut at words). A chunk closed for size carries its
 * last sentences into the next one, so a fact on the boundary is found from either side.
 */
export function chunkSections(sections: readonly Section[], options: ChunkOptions): Chunk[] {
  const target = Math.max(20, options.chunkWords);
  const overlap = Math.min(options.overlapWords, Math.floor(target / 2));
  const chunks: Chunk[] = [];
  for (const section of mergeSmallSections(sections, options.minSectionWords ?? 40, target)) {
    const units = unitsOf(section.text, target);
    let current: string[] = [];
    let size = 0;
    let carried = 0;
    const flush = (forSize: boolean) => {
      if (size - carried <= 0) return;
      const text = current.join("\n\n").trim();
      chunks.push({ ord: chunks.length, text, page: section.page, heading: section.heading, words: size });
      if (forSize && overlap > 0) {
        const tail = tailSentences(current, overlap);
        current = tail.length > 0 ? [tail.join(" ")] : [];
        carried = tail.reduce((n, s) => n + countWords(s), 0);
        size = carried;
      } else {
        current = [];
        size = 0;
        carried = 0;
      }
    };
    for (const unit of units) {
      const n = countWords(unit);
      if (size + n > target && size - carried > 0) flush(true);
      current.push(unit);
      size += n;
    }
    flush(false);
  }
  return chunks;
}

/** Paragraphs, with any paragraph longer than the target broken into sentence groups. */
function unitsOf(text: string, target: number): string[] {
  const units: string[] = [];
  for (const raw of text.split(/\n\s*\n/)) {
    const paragraph = raw.trim();
    if (!paragraph) continue;
    if (countWords(paragraph) <= target) {
      units.push(paragraph);
      continue;
    }
    for (const sentence of splitSentences(paragraph)) {
      if (countWords(sentence) <= target) units.push(sentence);
      else units.push(...splitWords(sentence, target));
    }
  }
  return units;
}

function splitWords(text: string, size: number): string[] {
  const all = text.split(/\s+/);
  const out: string[] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size).join(" "));
  return out;
}

function tailSentences(units: readonly string[], budget: number): string[] {
  const sentences = splitSentences(units.join(" "));
  const tail: string[] = [];
  let n = 0;
  for (let i = sentences.length - 1; i >= 0; i--) {
    const sentence = sentences[i]!;
    const w = countWords(sentence);
    if (n + w > budget) break;
    tail.unshift(sentence);
    n += w;
  }
  return tail;
}

/** Tiny sections (a heading with one line) join the next one on the same page. */
function mergeSmallSections(sections: readonly Section[], minWords: number, target: number): Section[] {
  const out: Section[] = [];
  for (const section of sections) {
    if (!section.text.trim()) continue;
    const previous = out.at(-1);
    if (
      previous &&
      previous.page === section.page &&
      countWords(previous.text) < minWords &&
      countWords(previous.text) + countWords(section.text) <= target
    ) {
      const heading = section.heading ? `\n\n${section.heading.split(" › ").at(-1)}` : "";
      out[out.length - 1] = { ...previous, text: `${previous.text}${heading}\n\n${section.text}` };
      continue;
    }
    out.push({ ...section });
  }
  return out;
}

/**
 * Splits Markdown into sections at ATX headings (`#`..`######`, not inside code fences).
 * The heading path ("Guide › Install › Linux") becomes each section's heading.
 */
export function markdownSections(markdown: string): Section[] {
  const sections: Section[] = [];
  const stack: Array<{ level: number; text: string }> = [];
  let buffer: string[] = [];
  let fenced = false;
  const heading = () => (stack.length > 0 ? stack.map((h) => h.text).join(" › ") : undefined);
  const flush = () => {
    // A heading with no text of its own still says something (an outline, a title-only page);
    // tiny sections like this merge into the next one when chunked.
    const text = buffer.join("\n").trim() || stack.at(-1)?.text || "";
    if (text) sections.push({ text, heading: heading() });
    buffer = [];
  };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) {
      buffer.push(line);
      continue;
    }
    flush();
    const level = match[1]!.length;
    while (stack.length > 0 && stack.at(-1)!.level >= level) stack.pop();
    stack.push({ level, text: match[2]!.replace(/[*_`]/g, "").trim() });
  }
  flush();
  return sections;
}
