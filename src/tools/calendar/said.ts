import {
  type Args,
  DATED,
  findDuration,
  findWhen,
  parseWhen,
  type When,
} from "../../brain/nlu/language/index.js";

/**
 * How a new event is said when no template holds it: the words that make a sentence an event,
 * and where in it the moment, the length, the calendar and the place are.
 */
/** Things people put in a diary, by what they are rather than by calendar words. */
const OCCASION =
  "calendar|diary|planner|agenda|meetings?|events?|appointments?|part(?:y|ies)|dinner|lunch|breakfast|brunch|drinks|coffee|(?:a |the )?call with|class|practice|session|lesson|shift|interview|dentist|doctor|gp|physio|haircut|check ?up|catch ?up|stand ?up|training|rehearsal|viewing|parents evening|one to one|1:1";
const DAY_NAMED =
  "today|tonight|tomorrow|(?:mon|tues?|wed(?:nes)?|weds|thu(?:rs?)?|thursday|fri|sat(?:ur)?|sun)(?:day)?|the \\d{1,2}(?:st|nd|rd|th)|next week";
const CLOCK_SAID = "at \\d|\\d ?(?:am|pm)\\b|\\d[:.]\\d\\d|\\b(?:noon|midday|lunchtime|first thing)\\b";
/** A sentence opening on these is a question, or another tool's request, not an event named. */
const OPENS_OTHERWISE =
  "what|when|where|which|who|how|why|is|are|am|do|does|did|have|has|had|can|could|should|would|will|any|cancel|delete|remove|move|change|reschedule|push|shift|order|get|buy|text|tell|email|mail|message|call|ring|phone|remind|wish|post|tweet|find|search|look|show|list|check|open|play|send|start|stop";
/**
 * The words that make a request a new event: a verb of putting something in the diary with
 * what it is, or, with no verb, what it is first (at most three words in, after the day it is
 * for) with its day and its hour ("lunch with Kim friday at 1"); never a question about one,
 * and never a statement about one ("the dentist moved my appointment to …").
 */
export const EVENT_SAID = new RegExp(
  `\\b(?:add|put|schedule|set|create|book|plan|mark|make|stick|pop|pencil|block|slot|squeeze|fit|throw|arrange|organi[sz]e)\\b.*\\b(?:${OCCASION})\\b|^(?!(?:${OPENS_OTHERWISE})\\b)(?!.*\\?)(?!.*\\b(?:is|are|was|were|moved|got|has|have|had|did|does)\\b)(?=.*\\b(?:${DAY_NAMED})\\b)(?=.*(?:${CLOCK_SAID}))(?:(?:for|on) (?:${DAY_NAMED}) )?(?:[\\w'&-]+ ){0,3}?(?:${OCCASION})\\b`,
);

/** An hour said after the words that follow a bare day, read together with that day. */
export function timeAfter(
  words: readonly string[],
  day: { start: number; end: number },
  options: Parameters<typeof findWhen>[1],
): { when: When; raw: string; at: number } | undefined {
  if (day.start > 0 && day.end < words.length) return undefined;
  const from = day.start > 0 ? 0 : day.end;
  const upto = day.start > 0 ? day.start : words.length;
  const hour = findWhen(words.slice(from, upto), options);
  if (!hour?.when.hasTime) return undefined;
  const said = [...words.slice(day.start, day.end), ...words.slice(from + hour.start, from + hour.end)];
  const when = parseWhen(said, options);
  if (!when?.hasTime) return undefined;
  // The title stops where the hour starts ("lunch with Kim at 1" → "lunch with Kim")
  let at = from + hour.start;
  if (at > from && /^(?:at|from|by|around)$/.test(words[at - 1]!)) at -= 1;
  return { when, raw: said.join(" "), at };
}

const DAY_WORD =
  /^(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tues?|weds?|thu|thurs?|fri|sat|sun|next|\d{1,2}(?:st|nd|rd|th))$/;

/**
 * The moment an event is at, when a sentence holds more than one ("parents' evening …
 * Wednesday 6 till 7.30pm"): the one that names a day and an hour beats a part of the day
 * said as part of the title; among equals, the first.
 */
export function bestWhen(
  words: readonly string[],
  options: Parameters<typeof findWhen>[1],
): { when: When; start: number; end: number } | undefined {
  let best: { when: When; start: number; end: number; score: number } | undefined;
  let offset = 0;
  while (offset < words.length) {
    const found = findWhen(words.slice(offset), options);
    if (!found) break;
    const start = offset + found.start;
    const end = offset + found.end;
    const day = words.slice(start, end).some((w) => DAY_WORD.test(w));
    const score = (day ? 2 : 0) + (found.when.hasTime ? 1 : 0);
    if (!best || score > best.score) best = { when: found.when, start, end, score };
    offset = end;
  }
  return best && { when: best.when, start: best.start, end: best.end };
}

/** "a 45 min call", "20 mins", "for two hours": how long the event lasts, in minutes. */
export function lengthSaid(
  words: readonly string[],
  moment: { start: number; end: number },
): number | undefined {
  const rest = words.map((w, i) => (i >= moment.start && i < moment.end ? "|" : w));
  const found = findDuration(rest);
  if (!found || rest[found.start - 1] === "in" || found.seconds < 300 || found.seconds > 86_400)
    return undefined;
  return Math.round(found.seconds / 60);
}

/** "on my Work calendar", "in the family diary": which of the user's calendars, as said. */
const NAMED_CALENDAR = /\b(?:on|to|in|into) (?:my|the|our) ((?:[\p{L}\d'&-]+ ){1,3}?)(?:calendar|diary)\b/iu;
/** "at Dishoom", "in Room B": a place named with capitals after "at" or "in", at the end. */
const NAMED_PLACE = /\b(?:at|in) ((?:the )?\p{Lu}[\p{L}\d'&-]*(?: (?:\p{Lu}|\d)[\p{L}\d'&-]*){0,3})[.!?]?$/u;

/** The calendar and the place a request names, with the words that named them. */
export function namedIn(text: string): { args: Args; spans: string[] } {
  const args: Args = {};
  const spans: string[] = [];
  const calendar = NAMED_CALENDAR.exec(text);
  if (calendar && !/^(?:main|default|own)$/i.test(calendar[1]!.trim())) {
    args.calendar = calendar[1]!.trim();
    // The title may already have lost the noun ("… on my Family")
    spans.push(calendar[0], calendar[0].replace(/ (?:calendar|diary)$/i, ""));
  }
  const rest = calendar ? text.replace(calendar[0], "").trim() : text;
  const place = NAMED_PLACE.exec(rest);
  // A weekday or month with a capital is a moment, not a place
  if (place && !DATED.test(place[1]!.toLowerCase())) {
    args.location = place[1]!;
    spans.push(place[0]);
  }
  return { args, spans };
}

/** The title without the calendar and place it named ("deep work on my Work calendar"). */
export function withoutNamed(title: string, said: { spans: string[] }): string {
  let out = title;
  for (const span of said.spans) out = out.replace(span, "").replace(/\s{2,}/g, " ");
  return out.replace(/[\s,]+$/, "").trim() || title;
}
