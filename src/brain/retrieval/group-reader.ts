import { GROUP_READER_WEIGHTS } from "./group-reader-weights.js";
import { structureFeatures } from "./reader-structure.js";
import { termOf, wordsOf } from "./terms.js";
import { TOOL_READER_WEIGHTS } from "./tool-reader-weights.js";

/** One labelled request: its text and the tool groups it needs. */
export interface GroupExample {
  text: string;
  groups: readonly string[];
  /** The tools it needs (what the tool reader learns; the group reader ignores them). */
  tools?: readonly string[];
  /** How much it counts against a recall request's 1 (a short one-tool request less). */
  weight?: number;
}

/** How the reader learns; the defaults are the ones chosen leave-one-writer-out. */
export interface GroupReaderOptions {
  /** Passes over the examples. */
  epochs?: number;
  /** Step size of the first pass (it decays over the passes). */
  rate?: number;
  /** Pull of every weight toward 0 (per example seen). */
  l2?: number;
  /** A feature seen in fewer examples than this is left out (a single writer's quirk). */
  minCount?: number;
  /** Weight rows features are hashed into (a power of two). */
  buckets?: number;
}

/** Rows of weights the features share (hashed): 4,096 × ~31 groups, one byte each when shipped. */
export const READER_BUCKETS = 4096;

/**
 * Rows of the tool reader's weights: 1,024 × ~125 tools, about the group reader's size shipped.
 * Chosen leave-one-writer-out: 1,024, 2,048 and 4,096 rows read alike (recall within a request).
 */
export const TOOL_READER_BUCKETS = 1024;

/**
 * The features of a request: its words as the ranking reads them (`termOf`: spellings folded, the
 * NLU's light stem), each pair of neighbouring words, and each word's letter triples and
 * quadruples (a misspelt or unseen form still shares most of them with the word it means).
 * Stopwords are kept: "to" before a name and "my" before a role are part of what a request needs.
 * Then what its structure says (`structureFeatures`): value shapes, what each step does and
 * names, what a later step takes from an earlier one, the frame a step is said in.
 */
export function readerFeatures(text: string): string[] {
  const words = wordsOf(text).map((w) => (/^\d+$/.test(w) ? "#" : termOf(w)));
  const out = new Set<string>();
  for (const [i, word] of words.entries()) {
    out.add(`w:${word}`);
    if (i > 0) out.add(`b:${words[i - 1]} ${word}`);
    if (word === "#" || word.length < 3) continue;
    const padded = `<${word}>`;
    for (const n of [3, 4])
      for (let j = 0; j + n <= padded.length; j++) out.add(`c:${padded.slice(j, j + n)}`);
  }
  for (const f of structureFeatures(text)) out.add(f);
  return [...out];
}

/**
 * Which tool groups a request needs, read by one logistic regression per group over
 * `readerFeatures`, trained on the team's writers' labelled requests. Multi-label: a request
 * needing mail and files gets both, each with its own probability. It reads meaning no single
 * cue word holds (a request naming a situation, a role, a delivery) because it learned from
 * many writers' wordings of the same needs; the ranking takes it as one signal among several.
 */
export class GroupReader {
  constructor(
    readonly groups: readonly string[],
    /** Weights, feature-major: `weights[feature * groups.length + group]`. */
    private readonly weights: Float32Array,
    private readonly bias: Float32Array,
  ) {}

  /** What the reader is made of (to pack it for shipping). */
  parts(): { groups: readonly string[]; weights: Float32Array; bias: Float32Array } {
    return { groups: this.groups, weights: this.weights, bias: this.bias };
  }

  /** Each group's probability that the request needs it, most likely first. */
  read(text: string): Array<{ group: string; p: number }> {
    const buckets = this.weights.length / this.groups.length;
    const ids = readerFeatures(text).map((feature) => bucketOf(feature, buckets));
    const g = this.groups.length;
    const scale = 1 / Math.sqrt(Math.max(1, ids.length));
    const z = Float64Array.from(this.bias);
    for (const id of ids) for (let k = 0; k < g; k++) z[k]! += this.weights[id * g + k]! * scale;
    return this.groups
      .map((group, k) => ({ group, p: 1 / (1 + Math.exp(-z[k]!)) }))
      .sort((a, b) => b.p - a.p);
  }
}

/**
 * Trains the reader: plain stochastic gradient descent on the logistic loss, one output per
 * group, features scaled by 1/√n so a long request does not shout. Deterministic (examples are
 * visited in a fixed shuffled order), so two builds from the same examples read alike.
 */
export function trainGroupReader(
  examples: readonly GroupExample[],
  options: GroupReaderOptions = {},
): GroupReader {
  const epochs = options.epochs ?? 10;
  const rate = options.rate ?? 2;
  const l2 = options.l2 ?? 1e-5;
  const minCount = options.minCount ?? 3;
  const featured = examples.map((example) => readerFeatures(example.text));
  const counts = new Map<string, number>();
  for (const features of featured) for (const f of features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const buckets = options.buckets ?? READER_BUCKETS;
  const groups = [...new Set(examples.flatMap((example) => example.groups))].sort();
  const g = groups.length;
  const groupIndex = new Map(groups.map((group, k) => [group, k]));
  const rows = featured.map((features) =>
    features.filter((f) => counts.get(f)! >= minCount).map((f) => bucketOf(f, buckets)),
  );
  const labels = examples.map((example) => new Set(example.groups.map((group) => groupIndex.get(group)!)));
  const weightOf = examples.map((example) => example.weight ?? 1);
  const weights = new Float32Array(buckets * g);
  const bias = new Float32Array(g);
  // Each group starts at its share of the examples, so rare groups do not begin at even odds
  for (let k = 0; k < g; k++) {
    const share = labels.filter((set) => set.has(k)).length / Math.max(1, labels.length);
    bias[k] = Math.log(Math.max(1e-4, share) / Math.max(1e-4, 1 - share));
  }
  const order = shuffled(rows.length);
  const z = new Float64Array(g);
  for (let epoch = 0; epoch < epochs; epoch++) {
    const step = rate / (1 + epoch);
    for (const r of order) {
      const ids = rows[r]!;
      if (ids.length === 0) continue;
      const scale = 1 / Math.sqrt(ids.length);
      z.set(bias);
      for (const id of ids) for (let k = 0; k < g; k++) z[k]! += weights[id * g + k]! * scale;
      const want = labels[r]!;
      for (let k = 0; k < g; k++) {
        const error = (1 / (1 + Math.exp(-z[k]!)) - (want.has(k) ? 1 : 0)) * weightOf[r]!;
        z[k] = error;
        bias[k]! -= step * error * 0.1;
      }
      for (const id of ids) {
        const base = id * g;
        for (let k = 0; k < g; k++) weights[base + k]! -= step * (z[k]! * scale + l2 * weights[base + k]!);
      }
    }
  }
  return new GroupReader(groups, weights, bias);
}

/**
 * The tool reader: the same learner on each request's tools instead of its groups (one output
 * per tool, ~125), in fewer rows. The ranking does not lift tools by it: it says which of a
 * read group's tools take most of the group's lift (`ToolIndex.rank`), so a group the request
 * needs offers the tools its verbs and objects point at (a routine run, a note searched) before
 * the ones most requests for that group need.
 */
export function trainToolReader(
  examples: readonly GroupExample[],
  options: GroupReaderOptions = {},
): GroupReader {
  return trainGroupReader(
    examples.map((example) => ({ ...example, groups: example.tools ?? [] })),
    { buckets: TOOL_READER_BUCKETS, ...options },
  );
}

/** 0…n-1 in a fixed pseudo-random order (a small LCG: the same order on every build). */
function shuffled(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let seed = 0x2545f491;
  for (let i = n - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** A feature's weight row: FNV-1a of its text, folded into `buckets` (a power of two). */
export function bucketOf(feature: string, buckets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) hash = Math.imul(hash ^ feature.charCodeAt(i), 0x01000193);
  return (hash >>> 0) & (buckets - 1);
}

/**
 * A reader as it ships (`group-reader-weights.ts`, written by `scripts/group-reader-weights.ts`):
 * its groups, biases, and its weights quantised to one signed byte each with a scale per group,
 * base64-encoded, feature-major.
 */
export interface PackedGroupReader {
  groups: readonly string[];
  bias: readonly number[];
  scales: readonly number[];
  weights: string;
}

/** The reader packed for shipping (weights rounded to 1/127 of each group's largest). */
export function packGroupReader(reader: GroupReader): PackedGroupReader {
  const { groups, weights, bias } = reader.parts();
  const g = groups.length;
  const scales = groups.map((_, k) => {
    let most = 0;
    for (let i = k; i < weights.length; i += g) most = Math.max(most, Math.abs(weights[i]!));
    return most / 127 || 1;
  });
  const bytes = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) bytes[i] = Math.round(weights[i]! / scales[i % g]!);
  return {
    groups,
    bias: Array.from(bias, (b) => Math.round(b * 1e4) / 1e4),
    scales: scales.map((s) => Number(s.toPrecision(6))),
    weights: Buffer.from(bytes.buffer).toString("base64"),
  };
}

/** A packed reader read back: one base64 decode and one pass over the bytes (~1 ms). */
export function unpackGroupReader(packed: PackedGroupReader): GroupReader {
  const bytes = new Int8Array(Buffer.from(packed.weights, "base64"));
  const g = packed.groups.length;
  const weights = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) weights[i] = bytes[i]! * packed.scales[i % g]!;
  return new GroupReader(packed.groups, weights, Float32Array.from(packed.bias));
}

/** The reader trained on every writer's requests, as shipped. */
export function shippedGroupReader(): GroupReader {
  return unpackGroupReader(GROUP_READER_WEIGHTS);
}

/** The tool reader trained on every writer's requests, as shipped (its "groups" are tool names). */
export function shippedToolReader(): GroupReader {
  return unpackGroupReader(TOOL_READER_WEIGHTS);
}
