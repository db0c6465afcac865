import { deflateRawSync, inflateRawSync } from "node:zlib";
import { bucketOf, readerFeatures } from "./group-reader.js";
import { NEIGHBOUR_INDEX } from "./neighbour-index.js";

/** One labelled request the neighbour reader remembers: its text and every tool it needs. */
export interface NeighbourExample {
  text: string;
  tools: readonly string[];
}

/** How a reading is made; the defaults are the ones chosen leave-one-writer-out. */
export interface NeighbourSettings {
  /** How many of the most similar requests vote. */
  k: number;
  /** A request less similar than this (cosine, 0–1) does not vote. */
  floor: number;
  /**
   * How alike the closest request must be for the votes to count whole; below it they count
   * that share (a request nothing labelled is much like is read by the other signals).
   */
  sure?: number;
}

export const NEIGHBOUR_SETTINGS: NeighbourSettings = { k: 10, floor: 0.1, sure: 0.3 };

/** A feature held by more than this share of the examples is not looked up (it says little). */
const COMMON_SHARE = 0.03;
/** …but a feature held by this few is always looked up (a small index has no common ones). */
const COMMON_LEAST = 50;

/** Rows the features are hashed into (two bytes an id when shipped). */
export const NEIGHBOUR_BUCKETS = 65_536;

/**
 * The neighbour reader: the labelled requests most similar to a new one (cosine over
 * `readerFeatures`, hashed, each feature weighted by how rare it is among the examples), each
 * voting for every tool it needed, by its similarity. A linear reader gives each tool its own
 * weight per feature; this one carries whole tool sets over ("requests shaped like this needed
 * the finder and the step acting on its result"). Pure: an inverted index over the examples'
 * feature ids, built once; a reading touches only the examples sharing a feature.
 */
export class NeighbourReader {
  /** For each bucket, the examples holding it (CSR: `starts[b]…starts[b+1]` in `holders`). */
  private readonly starts: Uint32Array;
  private readonly holders: Uint32Array;
  /** Each bucket's weight (inverse document frequency) and each example's vector length. */
  private readonly idf: Float32Array;
  private readonly norms: Float32Array;
  private readonly ignored: Uint8Array;

  constructor(
    /** Every tool an example needs, by index into `tools`. */
    readonly tools: readonly string[],
    /** The examples' feature ids, sorted and distinct, `featureStarts[i]…featureStarts[i+1]`. */
    private readonly featureStarts: Uint32Array,
    private readonly features: Uint32Array,
    /** The examples' tool ids, `toolStarts[i]…toolStarts[i+1]` in `toolIds`. */
    private readonly toolStarts: Uint32Array,
    private readonly toolIds: Uint16Array,
    /** Features too common to say anything (`commonBuckets`): left out of every similarity. */
    private readonly common: Uint16Array,
    readonly buckets: number = NEIGHBOUR_BUCKETS,
    readonly settings: NeighbourSettings = NEIGHBOUR_SETTINGS,
  ) {
    this.ignored = new Uint8Array(buckets);
    for (const id of common) this.ignored[id] = 1;
    const n = featureStarts.length - 1;
    const counts = new Uint32Array(buckets + 1);
    for (const id of features) counts[id + 1]! += 1;
    const starts = new Uint32Array(buckets + 1);
    for (let b = 0; b < buckets; b++) starts[b + 1] = starts[b]! + counts[b + 1]!;
    const fill = starts.slice(0, buckets);
    const holders = new Uint32Array(features.length);
    for (let i = 0; i < n; i++)
      for (let j = featureStarts[i]!; j < featureStarts[i + 1]!; j++) holders[fill[features[j]!]!++] = i;
    const idf = new Float32Array(buckets);
    for (let b = 0; b < buckets; b++) idf[b] = Math.log((n + 1) / (starts[b + 1]! - starts[b]! + 1)) + 1;
    const norms = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let j = featureStarts[i]!; j < featureStarts[i + 1]!; j++) sum += idf[features[j]!]! ** 2;
      norms[i] = Math.sqrt(sum);
    }
    this.starts = starts;
    this.holders = holders;
    this.idf = idf;
    this.norms = norms;
  }

  /** The same examples read with other settings (the bench tries several). */
  with(settings: NeighbourSettings): NeighbourReader {
    return new NeighbourReader(
      this.tools,
      this.featureStarts,
      this.features,
      this.toolStarts,
      this.toolIds,
      this.common,
      this.buckets,
      settings,
    );
  }

  /** What the reader is made of (to pack it for shipping). */
  parts() {
    const { tools, featureStarts, features, toolStarts, toolIds, common } = this;
    return { tools, featureStarts, features, toolStarts, toolIds, common };
  }

  /**
   * Each tool's vote, 0–1: the similarity-weighted share of the k nearest examples (at least
   * `floor` alike) that needed it. Empty when no example is alike enough.
   */
  read(text: string): Map<string, number> {
    const { k, floor } = this.settings;
    const ids = [...new Set(readerFeatures(text).map((f) => bucketOf(f, this.buckets)))];
    const n = this.norms.length;
    const dot = new Float32Array(n);
    const touched: number[] = [];
    let query = 0;
    for (const id of ids) {
      const from = this.starts[id]!;
      const to = this.starts[id + 1]!;
      if (this.ignored[id]) continue;
      const w = this.idf[id]!;
      query += w * w;
      for (let j = from; j < to; j++) {
        const example = this.holders[j]!;
        if (dot[example] === 0) touched.push(example);
        dot[example]! += w * w;
      }
    }
    const norm = Math.sqrt(query);
    // The k most alike, kept in order as they are met (k is small)
    const near: Array<[number, number]> = [];
    for (const example of touched) {
      const similarity = dot[example]! / (norm * this.norms[example]! || 1);
      if (similarity < floor || (near.length === k && similarity <= near[k - 1]![1])) continue;
      let at = near.length;
      while (at > 0 && near[at - 1]![1] < similarity) at--;
      near.splice(at, 0, [example, similarity]);
      if (near.length > k) near.pop();
    }
    const votes = new Map<string, number>();
    let total = 0;
    for (const [example, similarity] of near) {
      total += similarity;
      for (let j = this.toolStarts[example]!; j < this.toolStarts[example + 1]!; j++) {
        const tool = this.tools[this.toolIds[j]!]!;
        votes.set(tool, (votes.get(tool) ?? 0) + similarity);
      }
    }
    const sure = this.settings.sure ? Math.min(1, (near[0]?.[1] ?? 0) / this.settings.sure) : 1;
    for (const [tool, vote] of votes) votes.set(tool, (sure * vote) / total);
    return votes;
  }
}

/** The reader over a set of labelled requests (deterministic: the examples in the order given). */
export function buildNeighbourReader(
  examples: readonly NeighbourExample[],
  settings: NeighbourSettings = NEIGHBOUR_SETTINGS,
  buckets = NEIGHBOUR_BUCKETS,
): NeighbourReader {
  const tools = [...new Set(examples.flatMap((example) => example.tools))].sort();
  const toolIndex = new Map(tools.map((tool, i) => [tool, i]));
  const featured = examples.map((example) => [
    ...new Set(readerFeatures(example.text).map((f) => bucketOf(f, buckets))),
  ]);
  const common = commonBuckets(featured, buckets);
  const ignored = new Set(common);
  const featureStarts = new Uint32Array(examples.length + 1);
  const toolStarts = new Uint32Array(examples.length + 1);
  const features: number[] = [];
  const toolIds: number[] = [];
  for (const [i, example] of examples.entries()) {
    features.push(...featured[i]!.filter((id) => !ignored.has(id)).sort((a, b) => a - b));
    featureStarts[i + 1] = features.length;
    toolIds.push(...new Set(example.tools.map((tool) => toolIndex.get(tool)!)));
    toolStarts[i + 1] = toolIds.length;
  }
  return new NeighbourReader(
    tools,
    featureStarts,
    Uint32Array.from(features),
    toolStarts,
    Uint16Array.from(toolIds),
    Uint16Array.from(common),
    buckets,
    settings,
  );
}

/**
 * The features most examples share (a common word, its letters): held by more than
 * `COMMON_SHARE` of them (and more than `COMMON_LEAST`). They say little and cost the most to
 * look up, so they are left out of both sides of every similarity, and not shipped.
 */
function commonBuckets(featured: readonly number[][], buckets: number): number[] {
  const counts = new Uint32Array(buckets);
  for (const ids of featured) for (const id of ids) counts[id]! += 1;
  const most = Math.max(COMMON_LEAST, featured.length * COMMON_SHARE);
  const common: number[] = [];
  for (let b = 0; b < buckets; b++) if (counts[b]! > most) common.push(b);
  return common;
}

/**
 * A reader as it ships (`neighbour-index.ts`, written by `scripts/group-reader-weights.ts`): its
 * tools, and for each example how many feature ids and tool ids it has followed by them (two
 * bytes an id), deflated and base64-encoded.
 */
export interface PackedNeighbourReader {
  tools: readonly string[];
  examples: number;
  buckets: number;
  /** The features left out (`commonBuckets`), base64 of two bytes each. */
  common: string;
  data: string;
}

/** The reader packed for shipping (lossless: the examples' ids, not their texts). */
export function packNeighbourReader(reader: NeighbourReader): PackedNeighbourReader {
  const { tools, featureStarts, features, toolStarts, toolIds, common } = reader.parts();
  const n = featureStarts.length - 1;
  const out = new Uint16Array(2 * n + features.length + toolIds.length);
  let at = 0;
  for (let i = 0; i < n; i++) {
    out[at++] = featureStarts[i + 1]! - featureStarts[i]!;
    out[at++] = toolStarts[i + 1]! - toolStarts[i]!;
    for (let j = featureStarts[i]!; j < featureStarts[i + 1]!; j++) out[at++] = features[j]!;
    for (let j = toolStarts[i]!; j < toolStarts[i + 1]!; j++) out[at++] = toolIds[j]!;
  }
  const data = deflateRawSync(Buffer.from(out.buffer), { level: 9 }).toString("base64");
  const commonText = Buffer.from(common.buffer, common.byteOffset, common.byteLength).toString("base64");
  return { tools, examples: n, buckets: reader.buckets, common: commonText, data };
}

/** A packed reader read back (one inflate, one pass to rebuild the inverted index). */
export function unpackNeighbourReader(
  packed: PackedNeighbourReader,
  settings: NeighbourSettings = NEIGHBOUR_SETTINGS,
): NeighbourReader {
  const bytes = inflateRawSync(Buffer.from(packed.data, "base64"));
  const words = new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
  const n = packed.examples;
  const featureStarts = new Uint32Array(n + 1);
  const toolStarts = new Uint32Array(n + 1);
  const features: number[] = [];
  const toolIds: number[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    const f = words[at++]!;
    const t = words[at++]!;
    for (let j = 0; j < f; j++) features.push(words[at++]!);
    for (let j = 0; j < t; j++) toolIds.push(words[at++]!);
    featureStarts[i + 1] = features.length;
    toolStarts[i + 1] = toolIds.length;
  }
  return new NeighbourReader(
    packed.tools,
    featureStarts,
    Uint32Array.from(features),
    toolStarts,
    Uint16Array.from(toolIds),
    new Uint16Array(new Uint8Array(Buffer.from(packed.common, "base64")).buffer),
    packed.buckets,
    settings,
  );
}

/** The reader over every team writer's labelled requests, as shipped (scripts/neighbour-index.ts). */
export function shippedNeighbourReader(): NeighbourReader {
  return unpackNeighbourReader(NEIGHBOUR_INDEX);
}
