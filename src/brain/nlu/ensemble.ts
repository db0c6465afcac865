import { type Classification, type ClassifierSnapshot, ranking, SoftmaxClassifier } from "./classifier.js";

/** What the parser needs from the statistical fallback. */
export interface TextClassifier {
  readonly classes: readonly string[];
  classify(words: readonly string[]): Classification;
}

/**
 * A few softmax classifiers trained on different draws of the template expansions, their
 * probabilities averaged: one model's quirks (which sentences its sample happened to hold, the
 * order SGD saw them in) decide some borderline readings, and members disagree on those. One
 * member (the default) is just that classifier.
 */
export class ClassifierEnsemble implements TextClassifier {
  /** Where each member keeps each of the first member's classes. */
  private readonly columns: Int32Array[];

  constructor(private readonly members: readonly SoftmaxClassifier[]) {
    if (members.length === 0) throw new Error("an ensemble needs at least one classifier");
    const first = members[0]!.classes;
    this.columns = members.map((member) => {
      const at = new Map(member.classes.map((label, i) => [label, i]));
      return Int32Array.from(first, (label) => at.get(label) ?? -1);
    });
  }

  get classes(): readonly string[] {
    return this.members[0]!.classes;
  }

  classify(words: readonly string[]): Classification {
    const labels = this.classes;
    const sum = new Float64Array(labels.length);
    let voters = 0;
    let coverage = 0;
    for (const [m, member] of this.members.entries()) {
      const { p, coverage: c } = member.distribution(words);
      coverage = Math.max(coverage, c);
      if (!p) continue;
      voters += 1;
      const column = this.columns[m]!;
      for (let i = 0; i < labels.length; i++) if (column[i]! >= 0) sum[i]! += p[column[i]!]!;
    }
    if (voters === 0) return { ranked: [], coverage };
    for (let i = 0; i < sum.length; i++) sum[i]! /= voters;
    return { ranked: ranking(labels, sum), coverage };
  }

  snapshots(): ClassifierSnapshot[] {
    return this.members.map((member) => member.snapshot());
  }

  static fromSnapshots(snapshots: readonly ClassifierSnapshot[]): ClassifierEnsemble {
    return new ClassifierEnsemble(snapshots.map((s) => SoftmaxClassifier.fromSnapshot(s)));
  }
}
