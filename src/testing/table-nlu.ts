import type { Nlu, NluContext, NluResult } from "../brain/nlu/types.js";

/**
 * A stand-in NLU for agent tests: exact (case-insensitive) utterances map to results; anything
 * else is `unknown` with confidence 0. Records the contexts it was given.
 */
export class TableNlu implements Nlu {
  readonly seen: Array<{ text: string; context: NluContext | undefined }> = [];

  constructor(private readonly table: Record<string, Omit<NluResult, "text">> = {}) {}

  parse(text: string, context?: NluContext): NluResult {
    this.seen.push({ text, context });
    const entry = this.table[text.trim().toLowerCase()];
    return entry ? { text, ...entry } : { text, kind: "unknown", confidence: 0 };
  }
}
