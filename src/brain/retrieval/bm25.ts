/**
 * Okapi BM25 over small documents whose terms carry field weights (a tool's name counts more
 * than one of its example phrasings). Built once per catalog; scoring is a loop over the
 * query's terms, microseconds for a hundred tools.
 */
export class Bm25Index<Id extends string = string> {
  private readonly postings = new Map<string, Array<{ id: Id; tf: number }>>();
  private readonly lengths = new Map<Id, number>();
  private totalLength = 0;

  constructor(
    private readonly k1 = 1.2,
    private readonly b = 0.6,
  ) {}

  /** Adds a document as term → weighted frequency. */
  add(id: Id, terms: ReadonlyMap<string, number>): void {
    let length = 0;
    for (const [term, tf] of terms) {
      if (tf <= 0) continue;
      length += tf;
      let list = this.postings.get(term);
      if (!list) {
        list = [];
        this.postings.set(term, list);
      }
      list.push({ id, tf });
    }
    this.lengths.set(id, length);
    this.totalLength += length;
  }

  /** The documents that hold a term, with how often. */
  holders(term: string): ReadonlyArray<{ id: Id; tf: number }> {
    return this.postings.get(term) ?? [];
  }

  get size(): number {
    return this.lengths.size;
  }

  /** Scores every document that shares a term with the weighted query. */
  score(query: ReadonlyMap<string, number>): Map<Id, number> {
    const scores = new Map<Id, number>();
    const n = this.lengths.size;
    const averageLength = this.totalLength / n || 1;
    for (const [term, weight] of query) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { id, tf } of list) {
        const length = this.lengths.get(id) ?? 0;
        const norm = tf + this.k1 * (1 - this.b + (this.b * length) / averageLength);
        scores.set(id, (scores.get(id) ?? 0) + weight * idf * ((tf * (this.k1 + 1)) / norm));
      }
    }
    return scores;
  }
}
