import type { Catalog } from "./catalog.js";
import { INFO_TOPICS } from "./common/topics.js";
import { holdsBack, moodOf } from "./text/mood.js";
import type { Token } from "./text/normalize.js";
import type { NluCall, NluResult } from "./types.js";

/** Fixed confidences of the parser's readings, and the rules that gate classifier guesses. */
export const CONFIDENCE = {
  template: 0.95,
  freeTemplate: 0.9,
  /** A free-text template whose tool's medium was not named: a question, not an action. */
  unnamedMedium: 0.8,
  multi: 0.9,
  reference: 0.92,
  dialog: 0.95,
  chat: 0.95,
  /** A request's clause beside its reason (clauses.ts): in the middle band, never acted on. */
  clause: 0.85,
  /** An incomplete call is a reading to ask about, never confident enough for the fast path. */
  incomplete: 0.7,
};
export const CLASSIFIER_CAP = 0.85;

/**
 * Domains Jarvis has no tools for. A classifier guess that mentions them is never acted on
 * ("what time is the next train" is not a question for the clock); templates are not affected.
 */
export const OUT_OF_SCOPE =
  /\b(?:trains?|bus|buses|flights?|taxi|uber|lyft|cab|ride|traffic|commute|restaurants?|pizza|food|takeout|takeaway|delivery|deliver|recipes?|cook\w*|movies?|theat(?:er|re)|cinema|facebook|twitter|tweet|instagram|snapchat|social|linkedin|feed|lights|(?:the|a|my|that|this) light(?! (?:jacket|coat|sweater|rain|snow|breeze|wind|music|jazz|or heavy))|lamp|thermostat|heating|vacuum|cleaner|robot|coffee|espresso|games?|stocks?|shares|exchange rate|currency|bank|credit card|account balance|plug|socket|wemo|hue|oven|fridge|dishwasher|washing machine|door|garage|blinds|curtains|tickets?|hotel|reservation|concerts?|festivals?|near me|nearby|in town|around (?:here|me|town))\b/;

/** A day or span named: "events today", "meetings between three and five", "plans for next week". */
export const DATED =
  /\b(?:today|tonight|tomorrow|yesterday|(?:this|next|coming) (?:week|weekend|month|year|morning|afternoon|evening)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|between|(?:three|two|next|coming) (?:days|weeks|months))\b/;
/** "in chicago", "at young circle", "within twenty miles": the town's events, not one's own. */
export const SOMEWHERE =
  /\b(?:around|local|area|town|hometown|city|near\w*|location|recommend\w*|miles|(?:in|at) (?!(?:my|the|our|this|that|next|a|an|all|any|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|night|\d+|work|home|office|jan\w*|feb\w*|mar\w*|apr\w*|may|june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|morning|afternoon|evening|least|most)\b)[a-z]+)\b/;
/** The speaker's own: "my", "i", "we" — "me" only when it is not just "show me" / "tell me". */
export const PERSONAL = /\b(?:i|my|we|our|us|(?<!\b(?:show|tell|give|let|find|get|send) )me)\b/;

export const MEDIA_LEAD = /^(?:play|resume|continue)$/;

export const SPLIT_WORDS: readonly string[][] = [
  ["and", "then"],
  ["and", "also"],
  ["after", "that"],
  ["then"],
  ["and"],
  ["also"],
];

export function cap(p: number): number {
  return Math.round(Math.min(p, CLASSIFIER_CAP) * 1000) / 1000;
}

export function withGroups(groups: string[]): { groups?: string[] } {
  return groups.length > 0 ? { groups } : {};
}

/** "what's the weather in Oslo and what time is it there": "there" is the place said before. */
export function resolveThere(calls: NluCall[], tokens: readonly Token[], catalog: Catalog): NluCall[] {
  if (!tokens.some((t) => t.w === "there")) return calls;
  let place: unknown;
  return calls.map((call) => {
    const arg = catalog.intentsOf.get(call.tool)?.find((spec) => spec.placeArg)?.placeArg;
    if (!arg) return call;
    if (typeof call.args[arg] === "string") place = call.args[arg];
    else if (place && Object.keys(call.args).length === 0) return { tool: call.tool, args: { [arg]: place } };
    return call;
  });
}

/** "define alarm": the word is asked about, not used. */
export const ASKS_MEANING = /^(?:define|describe|explain|definition of|meaning of|description of)\b/;
export const HOW_TO =
  /^(?:how (?:do|can|should|would|could) (?:i|you|we|one)|how to|(?:where|why) (?:does|do|did|is|are))\b/;
/** Thanks, with nothing asked after it. */
export const THANKS =
  /^(?:thanks|thank you|thank u|thx|many thanks)\b(?!.*\b(?:but|now|and then|also|please)\b)/;
/** Playing a programme: news or reports on the radio or in a podcast are something to hear. */
const PLAYS_BROADCAST =
  /^(?:play|resume|continue|listen to|put on|tune in to)\b.*\b(?:podcasts?|radio|station|episodes?|audiobooks?|fm)\b/;

/**
 * Money, markets, news, sums, word meanings: a request for information, never an action. Words
 * after a colon ("add to the note Invoices: paid 340 euro") are what is to be kept, not what is
 * asked: with `typed` (the sentence as typed), only the words before its colon say the topic.
 */
export function asksForInfo(said: string, typed?: string): boolean {
  // A colon that labels (a space after it), not one inside a clock time ("07:55")
  const colon = typed?.search(/:\s/) ?? -1;
  const head =
    typed && colon > 0 && /\p{L}/u.test(typed.slice(colon + 1)) ? typed.slice(0, colon) : undefined;
  const topic = head === undefined ? said : head.toLowerCase();
  return INFO_TOPICS.test(topic) && !PLAYS_BROADCAST.test(said);
}

/**
 * Acts on a thing, or talks about it, rather than asking after it. Taking something "off the
 * list" is a removal however it is said ("knock", "scrub", "get"), never a look at the list.
 */
export const NOT_A_LOOKUP =
  /\b(?:add|put|(?<!\b(?:did i|have i|where i|i) )save|delete|remove|erase|clear|create|make|change|move|cancel|send|write|shoot|compose|draft|reply|respond|forward|record|block(?:ed|ing)? (?:out|off)|pencil(?:led)? in|(?<!\bleft )off (?:my|the|our|your) (?:[a-z']+ ){0,2}list|(?<!\blook(?:s|ing|ed)? )like|love|hate|enjoy|favou?rite|playlist)\b/;

/**
 * Asking whether something was done ("did Kessler reply yet", "has the file been saved") makes
 * nothing, whatever verb of making it names: the doing was someone else's, or is past.
 */
// "have a look", "have the car washed": "have" before an article may be an imperative
const ASKS_IF_DONE = /^(?:did|has|had)\b|^have\b(?! (?:a|an|the|to)\b)/;

/** A request to make or change something, not a question about whether it was. */
export function makesSomething(said: string): boolean {
  return NOT_A_LOOKUP.test(said) && !ASKS_IF_DONE.test(said);
}

/** Free text that opens on where to put it ("on my ... list", "in the ... folder"), not what. */
export const SWALLOWED_PLACE = /^(?:on|in|into|onto|to|at) (?:my|the|this|that|your|our)\b/i;
/** Free text that ends on a named field ("… into the postcode box", "… into @e12"): the words and where they go. */
export const SWALLOWED_FIELD =
  /\b(?:in|into|onto) (?:(?:my|the|this|that|your|our) (?:[\p{L}\d'’-]+ ){0,3}(?:box|field|textbox|form|input|cell|bar)|@?e\d{1,5})$/iu;

export const ONCE_ONLY =
  "I can’t set that up to repeat like that. For something that repeats, say for example “every Monday at 9 remind me to …”.";

/**
 * A request said as no command ("how do I mute the sound", "do not mute it") is at most put as a
 * question, whatever read it: acting on it would be a false action (text/mood.ts).
 */
export function asSaid(catalog: Catalog, result: NluResult, said: readonly Token[]): NluResult {
  if (result.kind !== "action" || result.confidence <= CLASSIFIER_CAP) return result;
  const calls = result.calls ?? [{ tool: result.tool ?? "", args: result.args ?? {} }];
  const looksUp = calls.every((call) =>
    (catalog.intentsOf.get(call.tool) ?? []).some((spec) => spec.lookup !== undefined),
  );
  if (!holdsBack(moodOf(said.map((t) => t.w).join(" ")), looksUp)) return result;
  return { ...result, confidence: CLASSIFIER_CAP };
}

/**
 * Free text that is a short question about the thing just named ("the clipboard - anything on it",
 * "the shopping list - is there milk on it"): asked after it, not words to keep. A longer
 * question ("ask him how he is and whether I can help") is a message of its own.
 */
const SWALLOWED_QUESTION =
  /^(?:what'?s|where'?s|(?:what|where|how|who|which) (?:is|are|was|were|does|did|has|have)|(?:is|are) (?:it|there|that|this|they)|anything)\b(?:\s+\S+){0,4}?\s+(?:it|there|that|this|them|they)$/i;

/** A free-text value that swallowed where its words go ("… into the postcode box"), or a question. */
export function swallowed(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const text = value.replace(/[.!?]+$/, "").replace(/^[\s\p{P}]+/u, "");
  return SWALLOWED_PLACE.test(value) || SWALLOWED_FIELD.test(text) || SWALLOWED_QUESTION.test(text);
}

/** Several commands are sure unless a part's free text swallowed where it goes: then asked. */
export function splitConfidence(parts: readonly NluCall[]): number {
  const sure = !parts.some((part) => Object.values(part.args).some(swallowed));
  return sure ? CONFIDENCE.multi : CONFIDENCE.unnamedMedium;
}

/** A request that repeats is not one for a tool that acts once: acting once would do less. */
export function notOnce(catalog: Catalog, result: NluResult): NluResult {
  if (result.kind !== "action") return result;
  const calls = result.calls ?? [{ tool: result.tool ?? "", args: result.args ?? {} }];
  const once = calls.some((call) => catalog.intentsOf.get(call.tool)?.some((spec) => spec.once));
  if (!once) return result;
  return {
    text: result.text,
    kind: "unknown",
    confidence: 0.3,
    ...(result.groups ? { groups: result.groups } : {}),
    reply: ONCE_ONLY,
  };
}
