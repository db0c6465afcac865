import type { Clock } from "../../core/clock.js";
import { type Catalog, compileCatalog, type NluTool } from "./catalog.js";
import { chatReply } from "./chat.js";
import type { Classification, SoftmaxClassifier } from "./classifier.js";
import { resolveFollowUp, resolveReference } from "./context.js";
import { DialogRecognizer } from "./dialog.js";
import { DEFAULT_APPS } from "./language/helpers.js";
import type { GuessInput as FallbackInput } from "./language/types.js";
import { type Candidate, TemplateMatcher } from "./matcher.js";
import {
  ASKS_MEANING,
  asksForInfo,
  CONFIDENCE,
  cap,
  HOW_TO,
  MEDIA_LEAD,
  OUT_OF_SCOPE,
  resolveThere,
  THANKS,
  withGroups,
} from "./parse-rules.js";
import { type LookupDomain, lookupCall, lookupDomains } from "./rescue.js";
import { fillPending, guessArgs, guessedTool, incompleteCall, questionFor } from "./slot-filling.js";
import { type SlotEnv, TimeZones } from "./slots/index.js";
import { splitCommands } from "./split.js";
import { talkReading } from "./talk.js";
import { SlotCache } from "./template.js";
import {
  looksLikeQuestion,
  screen,
  startsLikeQuestion,
  stripFillers,
  type Token,
  tokenize,
} from "./text/normalize.js";
import { trainClassifier } from "./train.js";
import type { Nlu, NluCall, NluContext, NluResult } from "./types.js";

export interface Thresholds {
  /** Classifier probability needed before a guess may become an action. */
  action: number;
  /** Required lead of the top class over the runner-up for that. */
  margin: number;
  /** Share of known words below which the utterance is treated as not understood. */
  coverage: number;
  /** Classifier probability for question / chat / dialog labels. */
  talk: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { action: 0.6, margin: 0.25, coverage: 0.5, talk: 0.45 };

export interface NluOptions {
  /** Extra application names ("installed apps") the app slot accepts. */
  apps?: Iterable<string>;
  clock?: Clock;
  /** IANA zone dates are read in when the context does not say (default: the system's). */
  timezone?: string;
  thresholds?: Partial<Thresholds>;
  seed?: number;
  /** Training effort (benchmarks tune these; the defaults keep start-up well under a second). */
  training?: {
    epochs?: number;
    perTemplate?: number;
    perClass?: number;
    leadIns?: number;
  };
}

export interface EmbeddedNlu extends Nlu {
  readonly stats: {
    trainingMs: number;
    templates: number;
    classes: number;
    examples: number;
    warnings: string[];
    /** Where the classifier was trained (`createNluInWorker` falls back to this process). */
    trainedIn: "process" | "worker" | "cache";
  };
}

/** Builds the embedded NLU from whatever tools are registered (stubs with name + group suffice). */
export function createNlu(tools: readonly NluTool[], options: NluOptions = {}): EmbeddedNlu {
  const started = performance.now();
  const catalog = compileCatalog(tools);
  const { classifier, examples } = trainClassifier(tools, options, catalog);
  return assembleNlu(tools, classifier, examples, options, started, "process", catalog);
}

/** The parser around a trained classifier (trained here or in a worker thread). */
export function assembleNlu(
  tools: readonly NluTool[],
  classifier: SoftmaxClassifier,
  examples: number,
  options: NluOptions,
  started: number,
  trainedIn: "process" | "worker" | "cache" = "process",
  catalog = compileCatalog(tools),
): EmbeddedNlu {
  const parser = new Parser(catalog, classifier, {
    apps: new Set([...DEFAULT_APPS, ...[...(options.apps ?? [])].map((a) => a.toLowerCase())]),
    clock: options.clock,
    timezone: options.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC",
    thresholds: { ...DEFAULT_THRESHOLDS, ...options.thresholds },
  });
  const stats = {
    trainingMs: Math.round((performance.now() - started) * 10) / 10,
    templates: catalog.templates.length,
    classes: classifier.classes.length,
    examples,
    warnings: catalog.warnings,
    trainedIn,
  };
  return { stats, parse: (text, context) => parser.parse(text, context) };
}

/** An incomplete call is a reading to ask about, never confident enough for the fast path. */
const INCOMPLETE_CAP = 0.7;
/** Classifier probability at which a guess may act without the domain's anchor words. */
const STRONG = 0.85;

interface ParserSettings {
  apps: ReadonlySet<string>;
  clock: Clock | undefined;
  timezone: string;
  thresholds: Thresholds;
}

class Parser {
  private readonly zones = new TimeZones();
  private readonly dialog = new DialogRecognizer();
  private readonly matcher: TemplateMatcher;
  private readonly groups: ReadonlySet<string>;
  private readonly domains: readonly LookupDomain[];

  constructor(
    private readonly catalog: Catalog,
    private readonly classifier: SoftmaxClassifier,
    private readonly settings: ParserSettings,
  ) {
    this.matcher = new TemplateMatcher(catalog);
    this.groups = new Set(catalog.groupOf.values());
    this.domains = lookupDomains(catalog);
  }

  parse(text: string, context: NluContext = {}): NluResult {
    const input = typeof text === "string" ? text : "";
    const verdict = screen(input);
    if (!verdict.ok) return { text: input, kind: "unknown", confidence: 0, reply: verdict.reply };
    const now = context.now ?? new Date(this.settings.clock?.now() ?? Date.now());
    const timezone =
      context.timezone && this.zones.isValid(context.timezone) ? context.timezone : this.settings.timezone;
    const env: SlotEnv = {
      text: input,
      now,
      timezone,
      zones: this.zones,
      apps: this.settings.apps,
      memo: new Map(),
    };
    const tokens = stripFillers(tokenize(input));
    const words = tokens.map((t) => t.w);
    const cache = new SlotCache(tokens, env);

    const act = this.dialog.recognize(words);
    if (act) return { text: input, kind: "dialog", dialog: act, confidence: CONFIDENCE.dialog };

    const reference = resolveReference(words, context, this.catalog);
    if (reference?.call) return this.action(input, [reference.call], CONFIDENCE.reference);
    if (reference?.problem)
      return { text: input, kind: "unknown", confidence: 0.5, reply: reference.problem };
    const followUp = resolveFollowUp(words, context, cache, env, this.catalog);
    if (followUp && this.catalog.groupOf.has(followUp.tool))
      return this.action(input, [followUp], CONFIDENCE.reference);

    for (const { act: chatAct, template } of this.catalog.chat) {
      if (this.matcher.matchesWhole(template, cache)) {
        return {
          text: input,
          kind: "chat",
          confidence: CONFIDENCE.chat,
          reply: chatReply(chatAct, () => this.catalog.intents.values()),
        };
      }
    }

    const whole = this.matcher.best(cache);
    if (!whole || whole.splittable) {
      const parts = splitCommands(this.matcher, tokens, env);
      if (parts) return this.action(input, resolveThere(parts, tokens, this.catalog), CONFIDENCE.multi);
    }
    if (whole) {
      return this.action(
        input,
        [{ tool: whole.tool, args: whole.args }],
        whole.free ? CONFIDENCE.freeTemplate : CONFIDENCE.template,
      );
    }
    if (context.pending && this.catalog.groupOf.has(context.pending.tool)) {
      const filled = fillPending(
        context.pending,
        tokens,
        env,
        this.catalog.properties.get(context.pending.tool),
      );
      if (filled) return this.maybeIncomplete(input, filled.call, filled.missing, CONFIDENCE.reference);
    }
    return this.fallback(input, tokens, words, env);
  }

  /** A call, or when values are still missing, the question for the first of them. */
  private maybeIncomplete(
    input: string,
    call: NluCall,
    missing: string[],
    confidence: number,
    groups: string[] = [],
  ): NluResult {
    const result = this.action(input, [call], confidence, groups);
    if (missing.length === 0) return result;
    const reply = questionFor(
      missing[0]!,
      this.catalog.intentsOf.get(call.tool),
      this.catalog.properties.get(call.tool),
    );
    return { ...result, confidence: Math.min(confidence, INCOMPLETE_CAP), missing, reply };
  }

  /** No tool of the clear group found its values: ask for them (slot-filling.ts). */
  private incomplete(
    input: string,
    said: string,
    bestGroup: string,
    groupP: number,
    result: Classification,
    context: FallbackInput,
    groups: string[],
  ): NluResult | undefined {
    // "how do i work out the area of a triangle" asks how, it does not ask Jarvis to find
    if (OUT_OF_SCOPE.test(said) || HOW_TO.test(said)) return undefined;
    const found = incompleteCall(this.catalog, said, bestGroup, result, context);
    return found && this.maybeIncomplete(input, found.call, found.missing, cap(groupP), groups);
  }

  /** No template matched: the classifier may still recognise the request; act only when sure. */
  private fallback(
    input: string,
    tokens: readonly Token[],
    words: readonly string[],
    env: SlotEnv,
  ): NluResult {
    const t = this.settings.thresholds;
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
    const info = asksForInfo(said);
    if (!top || !understood) {
      // An English question word up front is evidence enough of a question, even about unknown things
      if (info || (question && (result.coverage >= 0.34 || startsLikeQuestion(tokens)))) {
        return { text: input, kind: "question", confidence: 0.5, ...withGroups(groups) };
      }
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
    const found = info
      ? undefined
      : lookupCall(this.catalog, this.domains, result, { tokens, words, env }, question);
    if (found) return this.action(input, [found], 0.61, groups);
    if (label === "_question" || (question && !this.catalog.groupOf.has(label))) {
      return {
        text: input,
        kind: "question",
        confidence: cap(Math.max(top.probability, 0.5)),
        ...withGroups(groups),
      };
    }
    // Decide on the most likely tool group (its tools' probabilities summed), then act with the
    // likeliest tool of that group whose own words are present and whose arguments can be found
    const byGroup = new Map<string, number>();
    for (const { label: l, probability } of result.ranked) {
      const group = this.catalog.groupOf.get(l) ?? l;
      byGroup.set(group, (byGroup.get(group) ?? 0) + probability);
    }
    const [bestGroup, groupP] = [...byGroup.entries()].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    const runnerUp = [...byGroup.values()].sort((a, b) => b - a)[1] ?? 0;
    if (this.catalog.groupOf.has(label) || this.groups.has(bestGroup)) {
      // Some tools are undone with one word ("stop"): a clear lean is enough for them
      const leading = result.ranked.find((r) => this.catalog.groupOf.get(r.label) === bestGroup)?.label;
      const lenient = (this.catalog.intentsOf.get(leading ?? "") ?? []).some((spec) => spec.lenient);
      const [need, lead] = lenient ? [t.action - 0.15, t.margin - 0.1] : [t.action, t.margin];
      if (groupP >= need && groupP - runnerUp >= lead) {
        const leader =
          result.ranked.find((r) => this.catalog.groupOf.get(r.label) === bestGroup)?.probability ?? 0;
        for (const { label: l, probability } of result.ranked) {
          // Only the group's leading tools: a distant third is a guess, not a reading
          if (this.catalog.groupOf.get(l) !== bestGroup || probability < leader * 0.5) continue;
          // A guess may become a milder tool (a guessed send is only drafted)
          const tool = guessedTool(this.catalog, l);
          // A very sure reading need not repeat the domain's own words ("next podcast", "should i wear a hat")
          const sure = !info && probability >= STRONG && groupP - runnerUp >= STRONG - 0.3;
          const args =
            this.fallbackArgs(tool, tokens, words, env, true, probability) ??
            (sure ? this.fallbackArgs(tool, tokens, words, env, "loose") : undefined);
          if (args) return this.action(input, [{ tool, args }], cap(groupP), groups);
        }
        const asked = this.incomplete(input, said, bestGroup, groupP, result, { tokens, words, env }, groups);
        if (asked) return asked;
      }
    }
    if (question || info) return { text: input, kind: "question", confidence: 0.5, ...withGroups(groups) };
    return {
      text: input,
      kind: "unknown",
      confidence: cap(top.probability) * (label.startsWith("_") ? 1 : 0.5),
      reply: "I'm not sure what you want me to do.",
      ...withGroups(groups),
    };
  }

  private fallbackArgs(
    tool: string,
    tokens: readonly Token[],
    words: readonly string[],
    env: SlotEnv,
    anchored: boolean | "loose" = true,
    probability = 0,
  ) {
    return guessArgs(this.catalog, tool, { tokens, words, env }, anchored, probability);
  }

  private groupsOf(result: Classification): string[] {
    const out: string[] = [];
    for (const { label, probability } of result.ranked) {
      const group = this.catalog.groupOf.get(label);
      if (group && probability >= 0.05 && !out.includes(group)) out.push(group);
    }
    return out.slice(0, 3);
  }

  private action(text: string, calls: NluCall[], confidence: number, groups: string[] = []): NluResult {
    const own = [
      ...new Set(calls.map((c) => this.catalog.groupOf.get(c.tool)).filter((g): g is string => !!g)),
    ];
    const allGroups = [...new Set([...own, ...groups])].slice(0, 3);
    if (calls.length === 1) {
      const [call] = calls as [NluCall];
      return { text, kind: "action", tool: call.tool, args: call.args, confidence, groups: allGroups };
    }
    return { text, kind: "action", calls, confidence, groups: allGroups };
  }
}

export type { Candidate };
