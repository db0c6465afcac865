import { contentWords, countWords, splitSentences } from "./text.js";

export interface SummaryInput {
  title?: string | undefined;
  sections: ReadonlyArray<{ text: string; page?: number | undefined }>;
  /** How many points at most; the extractive summarizer scales with length up to this. */
  maxPoints?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface SummaryPoint {
  text: string;
  page?: number | undefined;
}

export interface Summary {
  method: "extractive" | "llm";
  points: SummaryPoint[];
  /** The points as prose with page citations, e.g. "… (p. 3)". */
  text: string;
}

/**
 * Summarizes a document. The extractive one below needs no model; an LLM-backed one
 * (map-reduce over sections, keeping page citations) can be injected wherever this is taken.
 */
export interface Summarizer {
  summarize(input: SummaryInput): Promise<Summary>;
}

interface Candidate {
  text: string;
  page?: number | undefined;
  position: number;
  weights: Map<string, number>;
  norm: number;
}

/**
 * Extractive summary: sentences scored by similarity to the document's TF-IDF centroid, a
 * bonus for the opening sentences and for title words, then picked greedily with maximal
 * marginal relevance so the points do not repeat each other. Returned in document order.
 */
export class ExtractiveSummarizer implements Summarizer {
  async summarize(input: SummaryInput): Promise<Summary> {
    const candidates = collectSentences(input);
    if (candidates.length === 0) return { method: "extractive", points: [], text: "" };
    const wanted = Math.max(
      1,
      Math.min(input.maxPoints ?? 7, Math.max(3, Math.round(Math.sqrt(candidates.length) * 0.8))),
    );
    const centroid = new Map<string, number>();
    for (const c of candidates) for (const [w, v] of c.weights) centroid.set(w, (centroid.get(w) ?? 0) + v);
    const centroidNorm = Math.sqrt([...centroid.values()].reduce((n, v) => n + v * v, 0)) || 1;
    const titleWords = new Set(contentWords(input.title ?? ""));
    const relevance = candidates.map((c) => {
      let score = cosine(c.weights, c.norm, centroid, centroidNorm);
      if (c.position < 3) score += 0.08 * (3 - c.position);
      let overlap = 0;
      for (const w of c.weights.keys()) if (titleWords.has(w)) overlap += 1;
      return score + (titleWords.size > 0 ? (0.15 * overlap) / titleWords.size : 0);
    });
    const chosen: number[] = [];
    const remaining = new Set(candidates.map((_, i) => i));
    while (chosen.length < wanted && remaining.size > 0) {
      input.signal?.throwIfAborted();
      let best = -1;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (const i of remaining) {
        const c = candidates[i]!;
        let redundancy = 0;
        for (const j of chosen) {
          const other = candidates[j]!;
          redundancy = Math.max(redundancy, cosine(c.weights, c.norm, other.weights, other.norm));
        }
        const score = 0.7 * relevance[i]! - 0.3 * redundancy;
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      }
      chosen.push(best);
      remaining.delete(best);
    }
    const points = chosen
      .sort((a, b) => a - b)
      .map((i) => ({ text: candidates[i]!.text, page: candidates[i]!.page }));
    return { method: "extractive", points, text: formatPoints(points) };
  }
}

export function formatPoints(points: readonly SummaryPoint[]): string {
  return points.map((p) => `- ${p.text}${p.page !== undefined ? ` (p. ${p.page})` : ""}`).join("\n");
}

function collectSentences(input: SummaryInput): Candidate[] {
  const raw: Array<{ text: string; page?: number | undefined; words: string[] }> = [];
  for (const section of input.sections) {
    for (const paragraph of section.text.split(/\n\s*\n/)) {
      // Markdown structure (headings, list bullets, table rows) is not prose to quote.
      const prose = paragraph
        .split("\n")
        .filter((line) => !/^\s*(#{1,6}\s|\||```)/.test(line))
        .map((line) => line.replace(/^\s*([-*+]|\d+[.)])\s+/, ""))
        .join(" ");
      for (const sentence of splitSentences(prose)) {
        const n = countWords(sentence);
        if (n < 6 || n > 80 || !/[.!?]["')\]]*$/.test(sentence)) continue;
        raw.push({ text: sentence.replace(/[*_`]/g, ""), page: section.page, words: contentWords(sentence) });
      }
      if (raw.length > 5000) break; // enough to summarize; keeps very long documents bounded
    }
  }
  const documentFrequency = new Map<string, number>();
  for (const s of raw)
    for (const w of new Set(s.words)) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
  return raw.map((s, position) => {
    const weights = new Map<string, number>();
    for (const w of s.words) weights.set(w, (weights.get(w) ?? 0) + 1);
    for (const [w, tf] of weights) {
      weights.set(w, (1 + Math.log(tf)) * Math.log(1 + raw.length / (documentFrequency.get(w) ?? 1)));
    }
    const norm = Math.sqrt([...weights.values()].reduce((n, v) => n + v * v, 0)) || 1;
    return { text: s.text, page: s.page, position, weights, norm };
  });
}

function cosine(a: Map<string, number>, aNorm: number, b: Map<string, number>, bNorm: number): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [w, v] of small) dot += v * (large.get(w) ?? 0);
  return dot / (aNorm * bNorm);
}
