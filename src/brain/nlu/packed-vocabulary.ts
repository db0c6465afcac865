/**
 * Feature ids by feature, as the classifier reads them: a Map after training, the weights
 * file's packed table when read back. Ids run from 0 in `keys()` order.
 */
export interface Vocabulary {
  readonly size: number;
  get(feature: string): number | undefined;
  has(feature: string): boolean;
  keys(): IterableIterator<string>;
}

/**
 * The classifier's vocabulary as the weights file keeps it (decision 0043): every feature in one
 * string, where feature `i` is `text.slice(offsets[i], offsets[i + 1])`, and an open-addressing
 * table of feature ids by hash (`-1`: empty). Read back, it is three views over the file read
 * ahead and one string: a one-shot `jarvis ask` no longer parses ~25,000 strings from JSON and
 * sets them in a Map (~7 ms and ~3 MB of old generation at every start), and a turn looks up a
 * few dozen features. Same ids, same answers as the Map it replaces (`keys()` in id order).
 */
export class PackedVocabulary implements Vocabulary {
  private constructor(
    private readonly text: string,
    private readonly offsets: Int32Array,
    private readonly table: Int32Array,
  ) {}

  get size(): number {
    return this.offsets.length - 1;
  }

  get(feature: string): number | undefined {
    const { offsets, table, text } = this;
    const mask = table.length - 1;
    for (let slot = hash(feature) & mask; ; slot = (slot + 1) & mask) {
      const id = table[slot]!;
      if (id < 0) return undefined;
      const start = offsets[id]!;
      if (offsets[id + 1]! - start === feature.length && text.startsWith(feature, start)) return id;
    }
  }

  has(feature: string): boolean {
    return this.get(feature) !== undefined;
  }

  *keys(): IterableIterator<string> {
    for (let id = 0; id < this.size; id++) yield this.text.slice(this.offsets[id]!, this.offsets[id + 1]!);
  }

  /** The packed form of `features` (ids are their positions; no feature twice). */
  static pack(features: readonly string[]): { text: string; offsets: Int32Array; table: Int32Array } {
    const offsets = new Int32Array(features.length + 1);
    for (let id = 0; id < features.length; id++) offsets[id + 1] = offsets[id]! + features[id]!.length;
    // At most half full, so a probe for a missing feature ends soon
    let slots = 2;
    while (slots < features.length * 2) slots *= 2;
    const table = new Int32Array(slots).fill(-1);
    const mask = slots - 1;
    features.forEach((feature, id) => {
      let slot = hash(feature) & mask;
      while (table[slot] !== -1) slot = (slot + 1) & mask;
      table[slot] = id;
    });
    return { text: features.join(""), offsets, table };
  }

  /**
   * The vocabulary these parts describe, or undefined when they do not hold together (a
   * damaged file): offsets rising from 0 to the text's end, a table whose size is a power of
   * two with an empty slot and every id once. A feature that hashes elsewhere than the table
   * says is not found, which the weights' key rules out for a file this code wrote.
   */
  static from(text: string, offsets: Int32Array, table: Int32Array): PackedVocabulary | undefined {
    const size = offsets.length - 1;
    if (size < 0 || offsets[0] !== 0 || offsets[size] !== text.length) return undefined;
    for (let id = 0; id < size; id++) if (offsets[id + 1]! < offsets[id]!) return undefined;
    const slots = table.length;
    if (slots < 2 || (slots & (slots - 1)) !== 0 || slots <= size) return undefined;
    const seen = new Uint8Array(size);
    for (let slot = 0; slot < slots; slot++) {
      const id = table[slot]!;
      if (id === -1) continue;
      if (id < 0 || id >= size || seen[id]) return undefined;
      seen[id] = 1;
    }
    if (seen.includes(0)) return undefined;
    return new PackedVocabulary(text, offsets, table);
  }
}

/** FNV-1a over UTF-16 code units. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
