import { type Clock, monotonicMs } from "../../core/clock.js";
import { describeWith, type UserVocabulary } from "../../core/language.js";
import { askedInstead } from "./anchored.js";
import { beyondReach } from "./beyond.js";
import { type Catalog, compileCatalog, type NluTool } from "./catalog.js";
import { chatReply } from "./chat.js";
import type { SoftmaxClassifier } from "./classifier.js";
import { Clauses } from "./clauses.js";
import { declineFor } from "./common/declines.js";
import { outOfReach } from "./common/reach.js";
import { onEvent } from "./condition.js";
import { danglingFollowUp, pickPendingHandle, resolveFollowUp, resolveReference } from "./context.js";
import { delayed } from "./delay-reading.js";
import { DialogRecognizer } from "./dialog.js";
import { repeated } from "./follow-up-value.js";
import { Guesser } from "./guess.js";
import { wrongHandle } from "./handle-kinds.js";
import { indirectReading } from "./indirect.js";
import { DEFAULT_APPS, findRepeat, saysRepeat } from "./language/helpers.js";
import { TemplateMatcher, templateConfidence } from "./matcher.js";
import { misheard } from "./misheard.js";
import { asSaid, CONFIDENCE, notOnce, resolveThere, splitConfidence } from "./parse-rules.js";
import { DEFAULT_THRESHOLDS, type EmbeddedNlu, type NluOptions, type Thresholds } from "./parser-options.js";
import { fitsPending } from "./pending-fit.js";
import { markWindowRefs, PointsBack } from "./points-back.js";
import { fillPending, missingArgs, questionFor } from "./slot-filling.js";
import { type SlotEnv, TimeZones } from "./slots/index.js";
import { vagueArgs } from "./slots/vague.js";
import { splitCommands } from "./split.js";
import { SlotCache, wordsOnDemand } from "./template.js";
import { namesWhatWasShown, swallowsAnother } from "./template-guard.js";
import { dropContrasted } from "./text/negation.js";
import { heardAs, openerLength, screen, stripFillers, type Token, tokenize } from "./text/normalize.js";
import { correctTokens, SpellingCorrector, userWords } from "./text/spelling.js";
import { textSpeak } from "./text/texting.js";
import { corpusOf, type TrainingCorpus, trainingSet, trainOn } from "./train.js";
import type { NluCall, NluContext, NluResult } from "./types.js";

export { DEFAULT_THRESHOLDS, type EmbeddedNlu, type NluOptions, type Thresholds } from "./parser-options.js";

/** Builds the embedded NLU from whatever tools are registered (stubs with name + group suffice). */
export function createNlu(tools: readonly NluTool[], options: NluOptions = {}): EmbeddedNlu {
  const started = monotonicMs();
  const catalog = compileCatalog(tools);
  const examples = trainingSet(tools, options, catalog);
  const classifier = trainOn(examples, options);
  return assembleNlu(tools, classifier, corpusOf(examples), options, started, "process", catalog);
}

/** The parser around a trained classifier (trained here or in a worker thread). */
export function assembleNlu(
  tools: readonly NluTool[],
  classifier: SoftmaxClassifier,
  corpus: TrainingCorpus,
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
    speller: new SpellingCorrector(corpus.words, wordsOnDemand(catalog.shapes)),
    vocabulary: options.vocabulary,
  });
  const stats = {
    trainingMs: Math.round((monotonicMs() - started) * 10) / 10,
    templates: catalog.templates.length,
    classes: classifier.classes.length,
    examples: corpus.examples,
    warnings: catalog.warnings,
    trainedIn,
  };
  return { stats, parse: (text, context) => parser.parse(text, context) };
}

interface ParserSettings {
  apps: ReadonlySet<string>;
  clock: Clock | undefined;
  timezone: string;
  thresholds: Thresholds;
  speller: SpellingCorrector;
  vocabulary: UserVocabulary | undefined;
}

class Parser {
  private readonly zones = new TimeZones();
  private readonly dialog = new DialogRecognizer();
  private readonly matcher: TemplateMatcher;
  private readonly clauses: Clauses;
  private readonly guesser: Guesser;
  private readonly back: PointsBack;

  constructor(
    private readonly catalog: Catalog,
    private readonly classifier: SoftmaxClassifier,
    private readonly settings: ParserSettings,
  ) {
    this.back = new PointsBack(catalog, classifier, {
      parse: (text, context) => this.parse(text, context),
      ask: (input, call, missing, confidence) => this.maybeIncomplete(input, call, missing, confidence),
    });
    this.matcher = new TemplateMatcher(catalog);
    this.clauses = new Clauses(this.matcher, catalog);
    this.guesser = new Guesser(catalog, classifier, settings.thresholds);
  }

  parse(text: string, context: NluContext = {}): NluResult {
    const input = typeof text === "string" ? text : "";
    const verdict = screen(input);
    // "7:15" answering "For what time?" has no words yet is an answer (see `guess`)
    const bare = !verdict.ok && verdict.reason === "no_words" && context.pending !== undefined;
    if (!verdict.ok && !bare) return { text: input, kind: "unknown", confidence: 0, reply: verdict.reply };
    const marked = markWindowRefs(input, context, this.catalog);
    if (marked) return { ...this.parse(marked, context), text: input };
    const now = context.now ?? new Date(this.settings.clock?.now() ?? Date.now());
    const timezone =
      context.timezone && this.zones.isValid(context.timezone) ? context.timezone : this.settings.timezone;
    const env: SlotEnv = {
      text: input,
      now,
      timezone,
      zones: this.zones,
      apps: this.settings.apps,
      ...(context.vocabulary || this.settings.vocabulary
        ? { user: { ...this.settings.vocabulary, ...context.vocabulary } }
        : {}),
      memo: new Map(),
    };
    // What the request says it does NOT mean is left out before anything reads it
    const said = stripFillers(
      dropContrasted(stripFillers(heardAs(textSpeak(tokenize(input), this.settings.speller.shaped))), input),
    );
    // Out of scope by its structure ("lock the front door") is declined before any tool reads it
    const beyond = beyondReach(said.map((t) => t.w));
    if (beyond) {
      const reply = declineFor(said.map((t) => t.w).join(" ")) ?? beyond.reply;
      const asks = beyond.kind === "world" || beyond.kind === "advice";
      return { text: input, kind: asks ? "question" : "unknown", confidence: asks ? 0.5 : 0, reply };
    }
    // "every weekday", "on mondays": said of a request whose tool repeats; read the rest alone
    const repeat = findRepeat(said.map((t) => t.w));
    if (repeat) {
      const rest = said.filter((_t, i) => i < repeat.start || i >= repeat.end);
      const result = rest.length > 0 ? this.read(input, context, rest, env) : undefined;
      const calls =
        result?.kind === "action"
          ? (result.calls ?? [{ tool: result.tool ?? "", args: result.args ?? {} }])
          : [];
      if (result && calls.length === 1 && this.catalog.properties.get(calls[0]!.tool)?.repeat)
        return { ...result, args: { ...calls[0]!.args, repeat: repeat.repeat } };
      const again = rest.length === 0 ? repeated(this.catalog, context.lastCall, repeat.repeat) : undefined;
      if (again) return this.action(input, [again], CONFIDENCE.reference);
    }
    const first = this.finish(this.read(input, context, said, env), said, context, env);
    // Words that only join a request to the talk before ("and close chrome", "ok ok stop it"):
    // read with them first (a follow-up may need its "and"), alone when that read no request
    const rest = said.slice(openerLength(said));
    const reread = (swapped: Token[]) =>
      this.finish(this.read(input, context, swapped, env), swapped, context, env);
    const joined = rest.length < said.length && !["action", "dialog", "chat"].includes(first.kind);
    const again = joined ? reread(rest) : undefined;
    const result =
      again?.kind === "action"
        ? again
        : (misheard(first, said, reread, (w) => this.settings.speller.seen(w)) ?? first);
    // indirect.ts: a need stated instead of a command, or a terse form with no verb, read again as the
    // command it stands for (its repeat with it); a turn read as no request is reranked (rerank.ts)
    // or asked as a reading its tool's words and typed values anchor (anchored.ts)
    const reached = indirectReading(result, said, reread, this.catalog);
    const read =
      reached ?? (repeat || saysRepeat(said.map((t) => t.w)) ? notOnce(this.catalog, result) : result);
    const named = this.back.named(input, read, context) ?? read;
    const { speller, thresholds: bars } = this.settings;
    const reach = { classifier: this.classifier, catalog: this.catalog, speller, bars };
    const alone = !context.lastCall && !context.pending;
    const ranked = alone ? askedInstead(named, said, env, reach) : undefined;
    const last = onEvent(asSaid(this.catalog, ranked ?? named, said), said);
    // A clock time said only as a delay from now: its area's length, asked (delay-reading.ts)
    return alone ? delayed(this.catalog, last, said, env) : last;
  }

  /** Last touches: a request no tool serves is told so; a call gets what the user set and its summary. */
  private finish(result: NluResult, said: readonly Token[], context: NluContext, env: SlotEnv): NluResult {
    if (result.kind === "unknown" || result.kind === "question") {
      const reply = declineFor(said.map((t) => t.w).join(" "));
      return reply ? { ...result, reply } : result;
    }
    if (result.kind !== "action") return result;
    // A handle of the wrong kind is refused here, before the gate sees it
    for (const call of result.calls ?? [{ tool: result.tool ?? "", args: result.args ?? {} }]) {
      const beyond = outOfReach(
        said.map((t) => t.w).join(" "),
        this.catalog.intentsOf.get(call.tool) ?? [],
        call.args,
        env,
      );
      if (beyond) return this.unknown(result.text, beyond);
      const problem = wrongHandle(this.catalog, call);
      if (problem) return this.unknown(result.text, problem);
    }
    if (!result.tool) return result;
    const intents = this.catalog.intentsOf.get(result.tool) ?? [];
    const args = { ...(result.args ?? {}) };
    // "email someone", "open the file": a placeholder is no value; ask for it instead of guessing
    const vague = vagueArgs(
      args,
      this.catalog.required.get(result.tool),
      this.catalog.properties.get(result.tool),
    );
    if (vague.length > 0) {
      for (const arg of vague) delete args[arg];
      const missing = missingArgs(args, this.catalog.required.get(result.tool));
      return this.maybeIncomplete(
        result.text,
        { tool: result.tool, args },
        missing,
        result.confidence,
        result.groups,
      );
    }
    if (result.missing?.length) return result;
    for (const arg of intents.flatMap((spec) => spec.remember ?? [])) {
      if (args[arg] !== undefined) continue;
      const known = context.remembered?.[arg];
      if (known !== undefined) args[arg] = known;
      else
        return this.maybeIncomplete(
          result.text,
          { tool: result.tool, args },
          [arg],
          result.confidence,
          result.groups,
        );
    }
    const summary = describeWith(intents, args, env);
    return { ...result, args, ...(summary ? { summary } : {}) };
  }

  private read(input: string, context: NluContext, said: Token[], env: SlotEnv): NluResult {
    // Misspelt words read as the catalog's ("shoping" → "shopping"); spans stay the user's own
    const tokens = correctTokens(this.settings.speller, said, input, userWords(env));
    const misspelt = tokens.length !== said.length || tokens.some((t, i) => t.w !== said[i]!.w);
    const words = tokens.map((t) => t.w);
    const cache = new SlotCache(misspelt ? said : tokens, env);

    // The last call's own tool reads a follow-up first ("cancel that" after adding to a list),
    // unless a question is waiting for its answer ("cancel" then drops the question)
    const followUp = context.pending ? undefined : resolveFollowUp(words, context, cache, env, this.catalog);
    const [one, ...more] = followUp?.calls ?? [];
    if (one && more.length === 0)
      return this.maybeIncomplete(input, one, followUp!.missing, CONFIDENCE.reference);
    if (followUp) return this.action(input, followUp.calls, CONFIDENCE.reference);
    const act = this.dialog.recognize(words);
    if (act) return { text: input, kind: "dialog", dialog: act, confidence: CONFIDENCE.dialog };
    const reference = resolveReference(words, context, this.catalog);
    if (reference?.call) return this.action(input, [reference.call], CONFIDENCE.reference);
    if (reference?.ask)
      return this.maybeIncomplete(input, reference.ask.call, reference.ask.missing, CONFIDENCE.reference);
    if (reference?.problem)
      return this.back.pointed({ tokens, words, env }, context) ?? this.unknown(input, reference.problem);
    const dangling = danglingFollowUp(words, context);
    if (dangling) return this.clauses.or(this.unknown(input, dangling), tokens, env);

    const chatAct = this.matcher.chatAct(cache);
    if (chatAct)
      return {
        text: input,
        kind: "chat",
        confidence: CONFIDENCE.chat,
        reply: chatReply(chatAct, () => this.catalog.intents.values()),
      };

    // Templates read the corrected words first ("my shoping list" is the shopping list)
    const whole =
      (misspelt ? this.matcher.best(new SlotCache(tokens, env)) : undefined) ?? this.matcher.best(cache);
    if (!whole || whole.splittable) {
      const parts = splitCommands(this.matcher, tokens, env);
      if (parts) return this.action(input, resolveThere(parts, tokens, this.catalog), splitConfidence(parts));
    }
    if (whole?.missing)
      return this.maybeIncomplete(
        input,
        { tool: whole.tool, args: whole.args },
        whole.missing,
        CONFIDENCE.template,
      );
    if (whole) {
      const read = templateConfidence(this.catalog, whole, words, input);
      // Its words may name what the last call showed instead (template-guard.ts): asked
      const shown = namesWhatWasShown(this.catalog, whole, context.lastCall, words);
      const confidence = shown ? Math.min(read, CONFIDENCE.unnamedMedium) : read;
      const acted = this.action(input, [{ tool: whole.tool, args: whole.args }], confidence);
      // A template that swallowed a sentence about another group's thing is left to the
      // classifier, and asked when that reads nothing (template-guard.ts)
      if (!swallowsAnother(this.catalog, whole, () => this.classifier.classify(words))) return acted;
      // The group the guard found the sentence about: its reading is at least asked
      const other = this.guess(input, context, tokens, words, env);
      if (other.kind === "action")
        return { ...other, confidence: Math.max(other.confidence, CONFIDENCE.incomplete) };
      return other.kind === "question"
        ? other
        : { ...acted, confidence: Math.min(confidence, CONFIDENCE.unnamedMedium) };
    }
    return this.guess(input, context, tokens, words, env);
  }

  /** No template read the words: a pending question's answer, or the classifier's reading. */
  private guess(
    input: string,
    context: NluContext,
    tokens: readonly Token[],
    words: readonly string[],
    env: SlotEnv,
  ): NluResult {
    if (context.pending && fitsPending(context.pending, words, input, this.catalog)) {
      // "the second one" answers "Which event?" with a handle from the last listing
      const picked = pickPendingHandle(words, context, this.catalog);
      if (picked) return this.maybeIncomplete(input, picked.call, picked.missing, CONFIDENCE.reference);
      const filled = fillPending(
        context.pending,
        tokens,
        env,
        this.catalog.properties.get(context.pending.tool),
      );
      if (filled) return this.maybeIncomplete(input, filled.call, filled.missing, CONFIDENCE.reference);
    }
    const wordless = screen(input);
    if (!wordless.ok) return { text: input, kind: "unknown", confidence: 0, reply: wordless.reply };
    // A turn of its own (no call before it) may be asked on weaker evidence and its clauses read
    // alone; after a call, its words may point back at that call instead
    const alone = !context.lastCall && !context.pending;
    const part = (p: readonly Token[]) =>
      this.fallback(
        input,
        p,
        p.map((t) => t.w),
        env,
        true,
      );
    const guessed = this.fallback(input, tokens, words, env, alone);
    const reading = this.clauses.or(guessed, tokens, env, alone ? part : undefined);
    // Unless sure or in the last call's area, words that point back are read against it
    if (this.back.stands(reading, context, words.join(" "))) return reading;
    return this.back.pointed({ tokens, words, env }, context) ?? this.back.unsure(reading, context);
  }

  private unknown(text: string, reply: string): NluResult {
    return { text, kind: "unknown", confidence: 0.5, reply };
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
    return { ...result, confidence: Math.min(confidence, CONFIDENCE.incomplete), missing, reply };
  }

  /** No template matched: the classifier may still recognise the request (guess.ts). */
  private fallback(
    input: string,
    tokens: readonly Token[],
    words: readonly string[],
    env: SlotEnv,
    alone = false,
  ): NluResult {
    const reading = this.guesser.read(input, tokens, words, env, alone);
    if (!("guessed" in reading)) return reading;
    const { calls, missing, confidence, groups, evidence } = reading;
    if (missing?.length)
      return { ...this.maybeIncomplete(input, calls[0]!, missing, confidence, groups), evidence };
    return { ...this.action(input, calls, confidence, groups), evidence };
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
