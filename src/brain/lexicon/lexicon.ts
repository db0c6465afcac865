/**
 * Everyday English words → the words the tool catalog uses, read from the table
 * `scripts/lexicon.ts` generates from WordNet (synonyms, derived forms and one step more
 * general, each with a weight). Retrieval reads it as low-weight query expansion for a request
 * word no tool uses. The table is a chunk of its own, loaded on first use by the model path
 * only: a one-shot ask never ranks tools and never reads it.
 */

/** An everyday word's term → catalog terms with weights (0–1). */
export type Lexicon = ReadonlyMap<string, ReadonlyArray<readonly [term: string, weight: number]>>;

/** Reads the table's lines ("crawl creep:9 slow:4", weights in tenths). */
export function parseLexicon(text: string): Lexicon {
  const out = new Map<string, Array<readonly [string, number]>>();
  for (const line of text.split("\n")) {
    const [word, ...targets] = line.split(" ");
    if (!word || targets.length === 0) continue;
    out.set(
      word,
      targets.map((target) => {
        const [term, tenths] = target.split(":");
        return [term!, Number(tenths) / 10] as const;
      }),
    );
  }
  return out;
}

/** The committed WordNet table, parsed (a few milliseconds; the caller keeps it). */
export async function loadLexicon(): Promise<Lexicon> {
  const { LEXICON_TABLE } = await import("./table.js");
  return parseLexicon(LEXICON_TABLE);
}
