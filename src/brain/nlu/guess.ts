import type { Catalog } from "./catalog.js";
import { chatReply } from "./chat.js";
import type { Classification, SoftmaxClassifier } from "./classifier.js";
import { guessConfidence, SURE_FLOOR } from "./guess-confidence.js";
import { ABOUT_BEYOND, DOUBT, MENTION_SURE, rivalsOf, SEE, STRONG } from "./guess-rules.js";
import type { GuessInput } from "./language/types.js";
import { leavesOut } from "./leaves-out.js";
import { NEAR, NEAR_CONFIDENCE, type NearFrom, nearMiss } from "./near-miss.js";
import {
  ASKS_MEANING,
  asksForInfo,
  CLASSIFIER_CAP,
  CONFIDENCE,
  cap,
  HOW_TO,
  MEDIA_LEAD,
  makesSomething,
  OUT_OF_SCOPE,
  THANKS,
  withGroups,
} from "./parse-rules.js";
import type { Thresholds } from "./parser.js";
import { promoted } from "./promote.js";
import {
  type LookupDomain,
  lookupCall,
  lookupDomains,
  oneToOpen,
  ownLookup,
  whatHappened,
} from "./rescue.js";
import { guessArgs, guessedTool, incompleteCall } from "./slot-filling.js";
import type { SlotEnv } from "./slots/index.js";
import { talkReading } from "./talk.js";
import { looksLikeQuestion, startsLikeQuestion, type Token } from "./text/normalize.js";
import { typedExtras } from "./typed-args.js";
import type { Evidence, NluCall, NluResult } from "./types.js";
import { writeBecomesRead } from "./write-guard.js";

export { guessConfidence, SURE_P } from "./guess-confidence.js";

/** A classifier reading that names calls; the parser turns it into an action or a question. */
export interface GuessedCalls {
  guessed: true;
  calls: NluCall[];
  missing?: string[];
  confidence: number;
  groups: string[];
  evidence: Evidence;
}

/**
 * The classifier path of the parser: no template matched, so the classifier may still recognise
 * the request. It decides on the likeliest tool group, then acts with the likeliest tool of that
 * group whose own words are present and whose arguments it can find; or it rescues a read-only
 * look-up, or asks for a clear tool's missing value, or says it is a question or not understood.
 */
export class Guesser {
  private readonly groups: ReadonlySet<string>;
  private readonly domains: readonly LookupDomain[];

  constructor(
    private readonly catalog: Catalog,
    private readonly classifier: SoftmaxClassifier,
    private readonly thresholds: Thresholds,
  ) {
    this.groups = new Set(catalog.groupOf.values());
    this.domains = lookupDomains(catalog);
  }

  read(
    input: string,
    tokens: readonly Token[],
    words: readonly string[],
    env: SlotEnv,
    /** A turn of its own (no call before it): a first reading with its tool's words may be asked. */
    alone = false,
  ): NluResult | GuessedCalls {
    const t = this.thresholds;
    const said = words.join(" ");
    // "thanks for reminding me": gratitude that names a tool's work is still only thanks
    if (THANKS.test(said))
      return {
        text: input,
        kind: "chat",
        confidence: CONFIDENCE.chat,
        reply: chatReply("thanks", () => this.catalog.intents.values()),
      };
    const result: Classification = this.classifier.classify(words);
    const groups = this.groupsOf(result);
    const question = looksLikeQuestion(input, tokens);
    const top = result.ranked[0];
    // Titles after "play" / "resume" are names the classifier cannot know, not misunderstanding
    const understood =
      result.coverage >= t.coverage ||
      words.length < 3 ||
      (MEDIA_LEAD.test(words[0] ?? "") && words.length <= 8) ||
      // Names and addresses are words no training sentence has: a clear reading is still one
      (result.coverage >= 0.34 && (top?.probability ?? 0) >= 0.95);
    const info = asksForInfo(said, input);
    const context: GuessInput = { tokens, words, env };
    // A close reading with its values in the sentence is asked as the action, not dropped
    const near = (from: NearFrom) =>
      HOW_TO.test(said) ? undefined : this.near(result, context, from, groups, alone);
    if (!top || !understood) {
      const close = near("unread");
      if (close) return close;
      // An English question word up front is evidence enough of a question, even about unknown things
      if (info || (question && (result.coverage >= 0.34 || startsLikeQuestion(tokens))))
        return { text: input, kind: "question", confidence: 0.5, ...withGroups(groups) };
      const put = this.promote(result, context, "unread", groups);
      if (put) return put;
      return {
        text: input,
        kind: "unknown",
        confidence: 0,
        reply: "Sorry, I didn't understand that.",
        ...withGroups(groups),
      };
    }
    const label = top.label;
    const talk = talkReading(input, result, { words, info, question, talk: t.talk });
    if (talk) return talk;
    if (ASKS_MEANING.test(said))
      return { text: input, kind: "question", confidence: 0.5, ...withGroups(groups) };
    const byGroup = this.byGroup(result);
    const ranked = [...byGroup.entries()].sort((a, b) => b[1] - a[1]);
    const [bestGroup, groupP] = ranked[0] ?? ["", 0];
    const runnerUp = ranked[1]?.[1] ?? 0;
    const found = info ? undefined : lookupCall(this.catalog, this.domains, result, context, question);
    // One thing of the group to open, said in the singular: the tool that opens one, asked which
    const one = found && !question ? oneToOpen(this.catalog, found, words) : undefined;
    if (one) return this.incomplete(one, groups, groupP, runnerUp, result.coverage);
    if (found) {
      const domainP = byGroup.get(this.catalog.groupOf.get(found.tool) ?? "") ?? 0;
      const other = Math.max(
        0,
        ...[...byGroup].filter(([g]) => g !== this.catalog.groupOf.get(found.tool)).map(([, p]) => p),
      );
      // Said as a question or a request to see ("show me my alarms"), not as a remark
      const asking = question || SEE.test(said);
      return this.calls([found], groups, context, {
        via: "lookup",
        p: domainP,
        margin: domainP - other,
        coverage: result.coverage,
        anchored: asking,
      });
    }
    if (label === "_question" || (question && !this.catalog.groupOf.has(label)))
      return (
        near("question") ?? {
          text: input,
          kind: "question",
          confidence: cap(Math.max(top.probability, 0.5)),
          ...withGroups(groups),
        }
      );
    if (this.catalog.groupOf.has(label) || this.groups.has(bestGroup)) {
      // Some tools are undone with one word ("stop"): a clear lean is enough for them
      const leading = result.ranked.find((r) => this.catalog.groupOf.get(r.label) === bestGroup);
      const lenient = (this.catalog.intentsOf.get(leading?.label ?? "") ?? []).some((spec) => spec.lenient);
      const [need, lead] = lenient ? [t.action - 0.15, t.margin - 0.1] : [t.action, t.margin];
      if (groupP >= need && groupP - runnerUp >= lead) {
        const leader = leading?.probability ?? 0;
        const evidence = {
          via: "classifier" as const,
          p: groupP,
          margin: groupP - runnerUp,
          coverage: result.coverage,
        };
        for (const { label: l, probability } of result.ranked) {
          // Only the group's leading tools: a distant third is a guess, not a reading
          if (this.catalog.groupOf.get(l) !== bestGroup || probability < leader * 0.5) continue;
          // The first reading's own words were said but not its values: that request is asked
          // for, not swapped for a runner-up that happens to find values ("erase milk from the
          // list" asks which list; it does not empty one). A look-up runner-up changes nothing
          // and may still be read
          if (leading && l !== leading.label && !this.looksUp(l)) {
            const asked = this.firstReadingAsks(leading.label, said, result, context);
            if (asked) return this.incomplete(asked, groups, groupP, runnerUp, result.coverage);
          }
          // A guess may become a milder tool (a guessed send is only drafted)
          const tool = guessedTool(this.catalog, l);
          // A request to change something is not answered by a read (write-guard.ts); said as a
          // question or a request to see, a reading may still answer it
          const reads = question || SEE.test(said);
          if (
            leading &&
            l !== leading.label &&
            !reads &&
            writeBecomesRead(this.catalog, leading, { tool, probability })
          ) {
            const asked = this.leaderAsks(leading.label, said, result, context);
            if (asked) return this.incomplete(asked, groups, groupP, runnerUp, result.coverage);
            continue;
          }
          // Whether a group's things went off or were missed is another tool's reading, its own
          // words found only by a change of tense: asked ("loose" evidence), never acted on
          const happened = this.looksUp(l) ? whatHappened(this.catalog, l, context) : undefined;
          if (happened) return this.calls([happened], groups, context, { ...evidence, anchored: "loose" });
          // A very sure reading need not repeat the domain's own words ("next podcast", "should i wear a hat")
          const sure = !info && probability >= STRONG && groupP - runnerUp >= STRONG - 0.3;
          const anchoredArgs = guessArgs(this.catalog, tool, context, true, probability);
          const args = anchoredArgs ?? (sure ? guessArgs(this.catalog, tool, context, "loose") : undefined);
          if (args)
            return this.calls([{ tool, args }], groups, context, {
              ...evidence,
              anchored: anchoredArgs ? true : "loose",
              // A label that lent its name to other sentences on held-out data needs more
              ...(this.confusable(l, result) ? { confusable: true as const } : {}),
            });
        }
        // The group is clear but no tool of it found its values: ask for them
        if ((!OUT_OF_SCOPE.test(said) || this.onlyMentions(leading, said)) && !HOW_TO.test(said)) {
          const asked = incompleteCall(this.catalog, said, bestGroup, result, context);
          if (asked) return this.incomplete(asked, groups, groupP, runnerUp, result.coverage);
        }
      }
    }
    // A question about the user's own things, clearly one group's look-up, is read
    const own =
      question && !info && !HOW_TO.test(said) ? ownLookup(this.catalog, result, context) : undefined;
    if (own)
      return this.calls([own], groups, context, {
        via: "lookup",
        p: groupP,
        margin: groupP - runnerUp,
        coverage: result.coverage,
        anchored: true,
        ...(this.confusable(own.tool, result) ? { confusable: true as const } : {}),
      });
    const close = near(
      question || info
        ? "question"
        : this.groups.has(bestGroup) && groupP >= t.action
          ? "unknown"
          : "unclear",
    );
    if (close) return close;
    if (question || info) return { text: input, kind: "question", confidence: 0.5, ...withGroups(groups) };
    const put = this.promote(result, context, "unclear", groups);
    if (put) return put;
    return {
      text: input,
      kind: "unknown",
      confidence: cap(top.probability) * (label.startsWith("_") ? 1 : 0.5),
      reply: "I'm not sure what you want me to do.",
      ...withGroups(groups),
    };
  }

  /** A reading that would end "not understood", put to the person instead (promote.ts). */
  private promote(
    result: Classification,
    context: GuessInput,
    from: NearFrom,
    groups: string[],
  ): GuessedCalls | undefined {
    const put = promoted(this.catalog, result, context, from);
    if (!put) return undefined;
    const { call, missing, confidence, evidence } = put;
    return { guessed: true, calls: [call], ...(missing ? { missing } : {}), confidence, groups, evidence };
  }

  private near(
    result: Classification,
    context: GuessInput,
    from: NearFrom,
    groups: string[],
    alone: boolean,
  ): GuessedCalls | undefined {
    const doubted = (l: string) => this.confusable(l, result);
    const found = nearMiss(this.catalog, result, this.byGroup(result), context, from, doubted, alone);
    if (!found) return undefined;
    const { tool } = found.call;
    const args = typedExtras(this.catalog, tool, found.call.args, context.tokens, context.env);
    const missing = found.missing?.filter((name) => args[name] === undefined) ?? [];
    // Typed values may complete a question for values only for a sure first reading (a file slot
    // swallowing "convert report.docx" is no call)
    if (found.missing && missing.length === 0 && (found.evidence.label ?? 0) < NEAR.complete)
      return undefined;
    return {
      guessed: true,
      calls: [{ tool, args }],
      ...(missing.length > 0 ? { missing } : {}),
      confidence: NEAR_CONFIDENCE,
      groups,
      evidence: found.evidence,
    };
  }

  /**
   * The classifier's first reading of the group, asked for its missing values, when the
   * sentence says that tool's own words (its anchors, none of its vetoes) and no look-up is
   * ruled out by a request to make something: undefined when its words are not there (then a
   * runner-up that finds its values may still act).
   */
  private firstReadingAsks(
    label: string,
    said: string,
    result: Classification,
    context: GuessInput,
  ): { call: NluCall; missing: string[] } | undefined {
    if (OUT_OF_SCOPE.test(said) || HOW_TO.test(said)) return undefined;
    const specs = this.catalog.intentsOf.get(label) ?? [];
    const makes = makesSomething(said);
    const own = specs.some(
      (spec) => spec.anchors?.test(said) && !spec.vetoes?.test(said) && !(makes && spec.lookup),
    );
    return own ? this.leaderAsks(label, said, result, context) : undefined;
  }

  /** A domain word without tools beside a sure reading with its tool's own words ("the lunch
   * with the hotel manager") is a mention: asking for the values still missing acts on nothing. */
  private onlyMentions(leading: { label: string; probability: number } | undefined, said: string): boolean {
    if (!leading || leading.probability < MENTION_SURE || ABOUT_BEYOND.test(said)) return false;
    const specs = this.catalog.intentsOf.get(leading.label) ?? [];
    return specs.some((spec) => spec.anchors?.test(said)) && !specs.some((spec) => spec.vetoes?.test(said));
  }

  /** The first reading alone, asked for its missing values (undefined when it needs none). */
  private leaderAsks(
    label: string,
    said: string,
    result: Classification,
    context: GuessInput,
  ): { call: NluCall; missing: string[] } | undefined {
    const first = result.ranked.find((r) => r.label === label);
    const group = this.catalog.groupOf.get(label) ?? "";
    return first
      ? incompleteCall(this.catalog, said, group, { ...result, ranked: [first] }, context)
      : undefined;
  }

  /** A read-only look-up ("show my alarms"): acting on it changes nothing. */
  private looksUp(label: string): boolean {
    return (this.catalog.intentsOf.get(label) ?? []).some((spec) => spec.lookup !== undefined);
  }

  private incomplete(
    asked: { call: NluCall; missing: string[] },
    groups: string[],
    p: number,
    runnerUp: number,
    coverage: number,
  ): GuessedCalls {
    return {
      guessed: true,
      calls: [asked.call],
      missing: asked.missing,
      confidence: cap(p),
      groups,
      evidence: { via: "incomplete", p, margin: p - runnerUp, coverage, anchored: false },
    };
  }

  private confusable(label: string, result: Classification): boolean {
    return this.classifier.doubted(label, result.ranked, DOUBT, rivalsOf(this.catalog.groupOf, label));
  }

  private calls(calls: NluCall[], groups: string[], context: GuessInput, evidence: Evidence): GuessedCalls {
    // A value or a scope said that the reading has nowhere to put: asked, not acted on (leaves-out.ts)
    const leftOut = calls.length === 1 && leavesOut(this.catalog, calls[0]!, context.words, context.env.text);
    const confidence = leftOut
      ? Math.min(guessConfidence(evidence), CLASSIFIER_CAP)
      : guessConfidence(evidence);
    // A reading asked as a question shows every value the sentence gave, so "yes" runs what was said
    const asked =
      confidence < SURE_FLOOR
        ? calls.map((c) => ({
            tool: c.tool,
            args: typedExtras(this.catalog, c.tool, c.args, context.tokens, context.env),
          }))
        : calls;
    return { guessed: true, calls: asked, confidence, groups, evidence };
  }

  /** Each tool group's probability: its tools' summed. */
  private byGroup(result: Classification): Map<string, number> {
    const byGroup = new Map<string, number>();
    for (const { label, probability } of result.ranked) {
      const group = this.catalog.groupOf.get(label) ?? label;
      byGroup.set(group, (byGroup.get(group) ?? 0) + probability);
    }
    return byGroup;
  }

  private groupsOf(result: Classification): string[] {
    const out: string[] = [];
    for (const { label, probability } of result.ranked) {
      const group = this.catalog.groupOf.get(label);
      if (group && probability >= 0.05 && !out.includes(group)) out.push(group);
    }
    return out.slice(0, 3);
  }
}
