import { type FeatureRows, featureRows, features, maskWord, STOP, type TrainingExample } from "./features.js";
import type { Vocabulary } from "./packed-vocabulary.js";

export { type FeatureRows, featureRows, features, type TrainingExample } from "./features.js";

/**
 * The statistical fallback: a linear classifier over stemmed words and word pairs, trained
 * at start-up on expansions of the team's templates (milliseconds, no files). It only ever
 * proposes; the parser decides whether a guess is safe enough to act on.
 */
export interface Prediction {
  label: string;
  probability: number;
}

export interface Classification {
  ranked: Prediction[];
  /** Share of the utterance's words the classifier has seen in training (0..1). */
  coverage: number;
}

/**
 * Per label, the labels whose held-out sentences it took for its own ("_none" among them: a
 * request no tool serves). A reading of the label is doubtful while one of them is in the running.
 */
export interface Calibration {
  confusers: Record<string, string[]>;
}

/** A trained model as plain data: what a training worker hands back (buffers transferable). */
export interface ClassifierSnapshot {
  labels: string[];
  /** The features in id order (training), or the kept file's packed vocabulary. */
  vocabulary: string[] | Vocabulary;
  weights: Float32Array;
  bias: Float32Array;
  /** What held-out calibration found (`calibrate` in train.ts). */
  calibration?: Calibration;
}

/**
 * Multinomial logistic regression over binary features, trained with SGD. Discriminative, so
 * one strong out-of-scope word ("lights", "taxi") can outweigh a shared verb ("turn off").
 */
export class SoftmaxClassifier {
  private vocabulary: Vocabulary = new Map<string, number>();
  private readonly labels: string[] = [];
  private weights: Float32Array = new Float32Array(0);
  private bias: Float32Array = new Float32Array(0);
  private calibration: Calibration = { confusers: {} };

  constructor(
    private readonly options: { epochs?: number; rate?: number; l2?: number; random?: () => number } = {},
  ) {}

  /**
   * Fits the weights to the examples. `extracted` holds their features (one row per example,
   * in the same order) when the caller extracted them already: the calibration fold trains
   * on a part of the rows the full training uses, over the same vocabulary.
   */
  train(examples: readonly TrainingExample[], extracted: FeatureRows = featureRows(examples)): void {
    const labelIndex = new Map<string, number>();
    const rows: Array<{ f: Int32Array; y: number }> = [];
    for (const [i, example] of examples.entries()) {
      let y = labelIndex.get(example.label);
      if (y === undefined) {
        y = this.labels.length;
        labelIndex.set(example.label, y);
        this.labels.push(example.label);
      }
      rows.push({ f: extracted.rows[i]!, y });
    }
    this.vocabulary = extracted.vocabulary;
    const C = this.labels.length;
    // Single precision from the start: half the memory to walk and nothing to convert after
    const weights = new Float32Array(this.vocabulary.size * C);
    const bias = new Float32Array(C);
    this.weights = weights;
    this.bias = bias;
    const epochs = this.options.epochs ?? 4;
    const l2 = this.options.l2 ?? 1e-4;
    const random = this.options.random ?? Math.random;
    const p = new Float64Array(C);
    const active = new Int32Array(C);
    const order = rows.map((_, i) => i);
    let longest = 0;
    for (const row of rows) longest = Math.max(longest, row.f.length);
    const scratch = new Int32Array(longest);
    // p(y) >= 1 / (1 + (C-1)·e^-lead) > SURE; the slack covers rounding in `normalize`
    const sureLead = Math.log(Math.max(1, C - 1) * (SURE / (1 - SURE))) + 0.01;
    for (let epoch = 0; epoch < epochs; epoch++) {
      const rate = (this.options.rate ?? 0.5) / (1 + epoch * 0.5);
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
      }
      for (let r = 0; r < order.length; r++) {
        const row = rows[order[r]!]!;
        const ids = row.f;
        const n = ids.length;
        logits(weights, bias, ids, C, p, scratch);
        // Already confidently right: no update (most examples after the first epochs). A lead
        // that wide settles it without the exponentials
        if (epoch > 0 && leads(p, row.y, C, sureLead)) continue;
        normalize(p, C);
        if (epoch > 0 && p[row.y]! > SURE) continue;
        p[row.y]! -= 1;
        // Sparse update: classes the example barely touches are skipped (most of them), so
        // only the few it does are walked for each of its features
        let m = 0;
        for (let c = 0; c < C; c++) {
          const g = p[c]!;
          if (g <= -2e-3 || g >= 2e-3) {
            bias[c]! -= rate * g;
            active[m++] = c;
          }
        }
        if (m === C) {
          // Every class moves (the first sentences of the first pass): a straight walk, the
          // same arithmetic without the indirection
          for (let k = 0; k < n; k++) {
            const base = ids[k]! * C;
            for (let c = 0; c < C; c++) {
              const w = weights[base + c]!;
              weights[base + c] = w - rate * (p[c]! + l2 * w);
            }
          }
          continue;
        }
        for (let k = 0; k < n; k++) {
          const base = ids[k]! * C;
          for (let j = 0; j < m; j++) {
            const c = active[j]!;
            const w = weights[base + c]!;
            weights[base + c] = w - rate * (p[c]! + l2 * w);
          }
        }
      }
    }
  }

  snapshot(): ClassifierSnapshot {
    return {
      labels: [...this.labels],
      vocabulary: [...this.vocabulary.keys()],
      weights: this.weights,
      bias: this.bias,
      calibration: this.calibration,
    };
  }

  calibrated(calibration: Calibration): void {
    this.calibration = calibration;
  }

  /**
   * A reading of `label` is doubtful when a label it was confused with on held-out sentences
   * (and that `counts`) still holds at least `floor` of the probability.
   */
  doubted(
    label: string,
    ranked: readonly Prediction[],
    floor: number,
    counts: (confuser: string) => boolean = () => true,
  ): boolean {
    const confusers = this.calibration.confusers[label];
    if (!confusers) return false;
    return ranked.some((r) => r.probability >= floor && confusers.includes(r.label) && counts(r.label));
  }

  static fromSnapshot(snapshot: ClassifierSnapshot): SoftmaxClassifier {
    const classifier = new SoftmaxClassifier();
    classifier.labels.push(...snapshot.labels);
    if (Array.isArray(snapshot.vocabulary)) {
      // Set one by one: ~20,000 [feature, id] pairs were garbage a one-shot start collected
      const vocabulary = new Map<string, number>();
      for (let i = 0; i < snapshot.vocabulary.length; i++) vocabulary.set(snapshot.vocabulary[i]!, i);
      classifier.vocabulary = vocabulary;
    } else classifier.vocabulary = snapshot.vocabulary;
    classifier.weights = snapshot.weights;
    classifier.bias = snapshot.bias;
    if (snapshot.calibration) classifier.calibration = snapshot.calibration;
    return classifier;
  }

  get classes(): readonly string[] {
    return this.labels;
  }

  knows(word: string): boolean {
    return this.vocabulary.has(maskWord(word));
  }

  /** The `top` likeliest classes; a re-ranker (rerank.ts) asks for every class. */
  classify(words: readonly string[], top = 5): Classification {
    const { p, coverage } = this.distribution(words);
    return { ranked: p ? ranking(this.labels, p, top) : [], coverage };
  }

  /**
   * The likeliest class for already extracted feature ids (none when there are none): what
   * `classify` ranks first, without the words' coverage or a sorted ranking.
   */
  best(ids: ArrayLike<number>): Prediction | undefined {
    const C = this.labels.length;
    if (ids.length === 0 || C === 0) return undefined;
    const p = new Float64Array(C);
    softmax(this.weights, this.bias, ids, C, p);
    // The first of equals, as the stable sort in `ranking` keeps it
    let top = 0;
    for (let c = 1; c < C; c++) if (p[c]! > p[top]!) top = c;
    return { label: this.labels[top]!, probability: p[top]! };
  }

  /** Every class's probability (undefined when no feature is known), and the coverage. */
  private distribution(words: readonly string[]): { p: Float64Array | undefined; coverage: number } {
    const unigrams = words.filter((w) => !STOP.has(w));
    const known = unigrams.filter((w) => this.vocabulary.has(maskWord(w))).length;
    const coverage = unigrams.length === 0 ? (words.length > 0 ? 1 : 0) : known / unigrams.length;
    const ids: number[] = [];
    for (const feature of new Set(features(words))) {
      const f = this.vocabulary.get(feature);
      if (f !== undefined) ids.push(f);
    }
    const C = this.labels.length;
    if (ids.length === 0 || C === 0) return { p: undefined, coverage };
    const p = new Float64Array(C);
    softmax(this.weights, this.bias, ids, C, p);
    return { p, coverage };
  }
}

/** The `top` likeliest classes (five unless said), best first. */
function ranking(labels: readonly string[], p: ArrayLike<number>, top = 5): Prediction[] {
  const ranked: Prediction[] = [];
  for (let c = 0; c < labels.length; c++) ranked.push({ label: labels[c]!, probability: p[c]! });
  ranked.sort((a, b) => b.probability - a.probability);
  return ranked.slice(0, top);
}

/** A training sentence read this surely as its own label needs no update. */
const SURE = 0.97;

/** Softmax probabilities into `out` for the given feature ids. */
function softmax(
  weights: Float32Array,
  bias: Float32Array,
  ids: ArrayLike<number>,
  C: number,
  out: Float64Array,
): void {
  logits(weights, bias, ids, C, out);
  normalize(out, C);
}

/**
 * Each class's score for the given feature ids into `out`. Four classes at a time, each summed
 * in a local in the order of the ids: the same additions in the same order as walking the ids
 * and adding each row into `out` (so the same bits), without storing and reloading `out` for
 * every feature. This is most of training's time: every pass reads every sentence's scores.
 */
function logits(
  weights: Float32Array,
  bias: Float32Array,
  ids: ArrayLike<number>,
  C: number,
  out: Float64Array,
  scratch?: Int32Array,
): void {
  const n = ids.length;
  // Training hands in one scratch for every sentence; a reading at parse time makes its own
  const bases = scratch && scratch.length >= n ? scratch : new Int32Array(n);
  for (let k = 0; k < n; k++) bases[k] = ids[k]! * C;
  let c = 0;
  for (; c + 3 < C; c += 4) {
    let s0 = bias[c]!;
    let s1 = bias[c + 1]!;
    let s2 = bias[c + 2]!;
    let s3 = bias[c + 3]!;
    for (let k = 0; k < n; k++) {
      const b = bases[k]! + c;
      s0 += weights[b]!;
      s1 += weights[b + 1]!;
      s2 += weights[b + 2]!;
      s3 += weights[b + 3]!;
    }
    out[c] = s0;
    out[c + 1] = s1;
    out[c + 2] = s2;
    out[c + 3] = s3;
  }
  for (; c < C; c++) {
    let s = bias[c]!;
    for (let k = 0; k < n; k++) s += weights[bases[k]! + c]!;
    out[c] = s;
  }
}

/** Whether class `y`'s score is ahead of every other's by at least `lead`. */
function leads(scores: Float64Array, y: number, C: number, lead: number): boolean {
  const bar = scores[y]! - lead;
  for (let c = 0; c < C; c++) if (c !== y && scores[c]! > bar) return false;
  return true;
}

/** Scores into probabilities, in place. */
function normalize(out: Float64Array, C: number): void {
  let max = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < C; c++) if (out[c]! > max) max = out[c]!;
  let sum = 0;
  for (let c = 0; c < C; c++) {
    const e = Math.exp(out[c]! - max);
    out[c] = e;
    sum += e;
  }
  for (let c = 0; c < C; c++) out[c]! /= sum;
}
