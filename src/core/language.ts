import type { HandleKind } from "./tool.js";

/**
 * How people ask for a tool: the part of the tool contract the embedded NLU compiles
 * (`ToolDefinition.language`). Each tool group writes its own intents beside its tools; the NLU
 * names no tool, so everything that differs between tools is a property here. A tool without
 * language is simply not in the embedded brain (the model still sees it).
 */
export type Args = Record<string, unknown>;

/** A template, optionally with fixed arguments it implies ("turn it up" → change +10). */
export type TemplateEntry = string | { t: string; args: Args };

/** A word of the utterance: normalised (`w`) with the character span it came from. */
export interface LanguageToken {
  w: string;
  start: number;
  end: number;
}

/** A date or time said by the user, read in their time zone. */
export interface When {
  /** Local ISO 8601 with offset, e.g. 2025-06-12T09:00:00+02:00. */
  iso: string;
  /** Local calendar date, YYYY-MM-DD. */
  date: string;
  /** Was a clock time said (or implied by "morning", "tonight")? */
  hasTime: boolean;
  /** End of a range ("from 2 to 4pm"), when one was said. */
  endIso?: string;
  instant: Date;
}

/** Time-zone arithmetic the NLU offers language code. */
export interface ZoneClock {
  isValid(timezone: string): boolean;
  offsetMinutes(date: Date, timezone: string): number;
  iso(date: Date, timezone: string): string;
  date(date: Date, timezone: string): string;
  at(day: string, time: string, timezone: string): Date;
  startOfDay(day: string, timezone: string): string;
  endOfDay(day: string, timezone: string): string;
}

/** The user's own names (contacts, lists, calendars, files): slot values no template can know. */
export interface UserVocabulary {
  contacts?: ReadonlySet<string>;
  lists?: ReadonlySet<string>;
  /** The names of the routines the person made, as stored. */
  routines?: ReadonlySet<string>;
  calendars?: ReadonlySet<string>;
  /** File names (lower case) → their paths. */
  files?: ReadonlyMap<string, string>;
}

/** What language code may look at besides the words. */
export interface LanguageEnv {
  /** The original text; free-text values are spans of it, verbatim. */
  text: string;
  now: Date;
  timezone: string;
  zones: ZoneClock;
  /** Application names (known and installed) the app slot accepts. */
  apps: ReadonlySet<string>;
  user?: UserVocabulary;
  /** Per-utterance memo shared by every slot parse. */
  memo?: Map<string, unknown>;
}

export interface SlotMatch {
  value: unknown;
  raw: string;
  start: number;
  end: number;
  free: boolean;
}

/** Slot values by name, plus their matches (spans, raw text), for builders that need them. */
export interface BuildInput {
  values: Record<string, unknown>;
  matches: Record<string, SlotMatch>;
  fixed: Args;
  env: LanguageEnv;
}

/** What a classifier-only reading may look at to find arguments anywhere in the utterance. */
export interface GuessInput {
  tokens: readonly LanguageToken[];
  words: readonly string[];
  env: LanguageEnv;
}

/** A call the language proposes (a follow-up may move to another tool of the same group). */
export interface LanguageCall {
  tool: string;
  args: Args;
}

/**
 * How a follow-up leans on the last call: "and tomorrow?" / "what about Paris" asks the same of
 * something else (`and`); "make it 4 minutes" / "actually at 7" changes it (`change`); "and
 * bananas too" adds to it (`more`); "cancel that" / "undo it" takes it back (`undo`).
 */
export type FollowUpKind = "and" | "change" | "more" | "undo";

/** A follow-up to the last call of this tool. */
export interface FollowUpInput {
  kind: FollowUpKind;
  last: LanguageCall;
  /** The newest handle of each kind the session holds ("t" → "#t3"), to change or undo it. */
  newest: Readonly<Partial<Record<string, string>>>;
  /** The words after the follow-up's lead ("tomorrow", "in paris", "4 minutes"). */
  words: readonly string[];
  /** The whole utterance's words (normalised). */
  said: readonly string[];
  env: LanguageEnv;
  /** A day or time the words name, read forwards. */
  when?: When;
  /** A place the words name ("in paris" → "paris"), as said. */
  place?: string;
  /** A duration the words name, in seconds. */
  seconds?: number;
  /** A number the words name. */
  number?: number;
  /** The free text after the lead, as said ("bananas too" → "bananas"). */
  rest?: string;
}

/** Read-only look-ups a half-recognised question may still run ("where is my meeting at nine"). */
export interface LookupSpec {
  /** Nouns that name this tool's things; the first spec (by `rank`) whose nouns are said is tried. */
  nouns: RegExp;
  /** Lower first: a more specific noun wins ("what time is my meeting" is the calendar's). */
  rank: number;
  /** Words that make it something else than a look-up. */
  vetoes?: RegExp;
  /** Only when asked as a question. */
  askOnly?: boolean;
  /** Words one of which must also be said. */
  needs?: RegExp;
}

/** "open the second one", "read that email", "cancel it": what this tool does with a handle. */
export interface HandleUse {
  kind: HandleKind;
  verbs: ReadonlyArray<"open" | "read" | "cancel" | "summarize">;
  /** The argument the handle goes into. */
  arg: string;
  /** Only handles whose label matches (timers and alarms share a kind). */
  label?: RegExp;
  /** Lower first when several tools take the same handle for the same verb. */
  rank?: number;
}

/**
 * A shape in a request that points at a whole tool group whatever the words around it (a path
 * is about files, a URL about the web): read by tool retrieval, which lifts every tool of the
 * group by `weight` (BM25 units, 1 ≈ a word of the tool's own). The group declares it
 * (`src/tools/<group>/cues.ts`); the ranking names no group.
 */
export interface GroupCue {
  pattern: RegExp;
  weight: number;
}

/** How requests point at a tool group, for tool retrieval (`src/tools/<group>/cues.ts`). */
export interface GroupCues {
  shapes?: readonly GroupCue[];
  /**
   * Everyday words for what the group's tools say in their own terms: a request word adds
   * these terms at a lower weight ("inbox" → mail, "binned" → trash). Read for every request,
   * whichever group it is about: the group declares them because it owns the terms. A key of
   * several words is a phrase, matched whole ("out of the way" → minimize): its words alone
   * would say something else.
   */
  words?: Readonly<Record<string, readonly string[]>>;
  /**
   * A tool of the group → the tools whose results it acts on and that are not named by a
   * handle its description could show (a key chord goes to the window focused first; a timer
   * is cancelled by the name the list shows). Retrieval offers such a lookup with the tool.
   */
  lookups?: Readonly<Record<string, readonly string[]>>;
  /**
   * Tools of the group a request may need whatever its words say, because goals end in them
   * without naming them: a sum on values read somewhere ("is the bundle a saving?"), a fact
   * only a search knows ("is the road shut?"). Retrieval offers them with every request.
   */
  general?: readonly string[];
}

/**
 * The embedded brain's knowledge of one way to ask for a tool: templates matched exactly,
 * phrasings for the classifier, and how slots become the tool's arguments.
 */
export interface IntentSpec {
  /** A name for this reading when a tool has several; defaults to the tool's name. */
  name?: string;
  templates?: readonly TemplateEntry[];
  /**
   * Templates of a request that names this tool but not all its required values ("open a
   * file", "text someone"): matched, Jarvis asks for what is missing (`ask`) instead of
   * guessing. A complete reading of another template wins over them.
   */
  asks?: readonly TemplateEntry[];
  /**
   * Templates matched exactly but never taught to the classifier: a shape of the sentence that
   * only its punctuation makes a request ("packing list: passport, charger"). As training data
   * their words alone would teach every sentence about a list to add to it.
   */
  shapes?: readonly TemplateEntry[];
  /**
   * Shapes of a request that names this tool but not all its values ("reply saying we'll come"
   * with no message named): matched like `asks`, never taught, for the same reason as `shapes`.
   */
  askShapes?: readonly TemplateEntry[];
  /** Classifier-only phrasings the templates do not cover (the team's own words). */
  samples?: readonly string[];
  /** Sentences that sound like this tool but are not for it (trained as "none of the tools"). */
  negatives?: readonly string[];
  /** Arguments from a template match; undefined means "this reading is not a valid call". */
  build?(input: BuildInput): Args | undefined;
  /** Arguments when only the classifier chose this tool; undefined means "cannot act on it". */
  fallback?(input: GuessInput): Args | undefined;
  /** What values a classifier-only reading can find when not all are there (slot filling). */
  partial?(input: GuessInput): Args | undefined;
  /** Words one of which must appear before a classifier guess may act ("alarm" for alarms). */
  anchors?: RegExp;
  /**
   * Shapes in a request that point at this tool whatever words surround them (a number with
   * a unit is a sum, "ctrl+s" a key chord): read by tool retrieval, not by the NLU. The tool
   * owns them; the ranking names no tool.
   */
  cues?: RegExp;
  /**
   * Words that name where this tool acts (the web, one's memory, a text field). A template whose
   * free-text slot could be any tool's ("search for {query}") acts only when one of them was
   * said; without, its reading is put to the user as a question. Unset: the template's own
   * words already name the medium ("remind me to ...").
   */
  medium?: RegExp;
  /**
   * The tool acts at one moment and cannot repeat (an event, a reminder): a request that says
   * it repeats ("on the first of each month", "every weekday") is not this one, however sure the
   * reading, since acting once would quietly do less than was asked.
   */
  once?: boolean;
  /** What a very sure guess needs instead of `anchors`: `false` keeps them required. */
  loose?: RegExp | false;
  /** Words that rule a classifier guess out ("schedule a meeting" is not a calendar lookup). */
  vetoes?: RegExp;
  /** Any mention of something Jarvis cannot do rules a guess out, however sure. */
  strictScope?: boolean;
  /**
   * Acts on this computer only (its player, its speakers, its screen): a request that names
   * another room or device ("on the kitchen speaker", "on the tv") is declined, template or not.
   */
  thisComputer?: boolean;
  /**
   * A call this tool cannot serve although the words are its own (a forecast for next month):
   * the sentence that says so, or undefined. Declined with it instead of acting.
   */
  beyond?(args: Args, env: LanguageEnv): string | undefined;
  /** An unsure guess is asked about (an incomplete call) only when `anchors` were said. */
  asksWithAnchors?: boolean;
  /** The question for each missing argument ("Which list?"). */
  ask?: Readonly<Record<string, string>>;
  /** Never asked for a missing value: without it, it was a question, not a request. */
  neverAsk?: boolean;
  /** The tool a classifier guess becomes instead (a guessed send is only drafted). */
  guessAs?: string;
  /** Undone with one word ("stop"): a clear lean is enough for a guess to act. */
  lenient?: boolean;
  /**
   * Said beside its reason ("minimise Teams, I'm off the call"), a clause this intent's
   * template read whole with typed values only is acted on, not asked: what it does on this
   * screen is undone by one more request and reaches no one else. Unset: such a clause is
   * asked (the middle band).
   */
  besideReason?: "act";
  lookup?: LookupSpec;
  handles?: readonly HandleUse[];
  /** Handle kinds each argument accepts: a handle of another kind is refused before the gate. */
  accepts?: Readonly<Record<string, readonly HandleKind[]>>;
  /** A follow-up to the last call of this tool, or undefined when it is not one. */
  followUp?(input: FollowUpInput): LanguageCall | readonly LanguageCall[] | undefined;
  /**
   * Arguments the user sets once and Jarvis then reuses when they are not said (the weather's
   * city): never said before, they are asked for with `ask`.
   */
  remember?: readonly string[];
  /** The argument that names a place ("and what time is it there" reuses it). */
  placeArg?: string;
  /** What this tool lets Jarvis do, for "what can you do": area and a short verb phrase. */
  capability?: { area: string; can: string; example?: string };
  /**
   * How a follow-up may name what this call showed or did, so that its "it" or "the second
   * one" is read as the thing itself: `it` stands for the whole ("the shopping list", "Marcus"),
   * `one` for one of what it listed ("alarm", "reminder"). Undefined: nothing to point back at.
   */
  refersTo?(args: Args): { it?: string; one?: string } | undefined;
  /** The call as a question to the user ("Set a timer for 11 minutes"), without the "?". */
  describe?(args: Args, env: Pick<LanguageEnv, "now" | "timezone" | "zones">): string | undefined;
}

/**
 * A call in the person's words from its tool's intents: the first `describe` that reads these
 * arguments ("Set a timer for 11 minutes"). One reading for the middle band's question, the
 * confirmation and the progress line. A describe that cannot read them says nothing.
 */
export function describeWith(
  intents: readonly IntentSpec[],
  args: Args,
  env: Pick<LanguageEnv, "now" | "timezone" | "zones">,
): string | undefined {
  for (const spec of intents) {
    try {
      const text = spec.describe?.(args, env);
      if (typeof text === "string" && text.trim()) return text.trim();
    } catch {
      // this describe cannot read these arguments; the next may
    }
  }
  return undefined;
}
