import type { Token } from "./text/normalize.js";
import type { NluCall } from "./types.js";

/** Fixed confidences of the parser's readings, and the rules that gate classifier guesses. */
export const CONFIDENCE = {
  template: 0.95,
  freeTemplate: 0.9,
  multi: 0.9,
  reference: 0.92,
  dialog: 0.95,
  chat: 0.95,
};
export const CLASSIFIER_CAP = 0.85;

/**
 * Domains Jarvis has no tools for. A classifier guess that mentions them is never acted on
 * ("what time is the next train" is not a time_now call); templates are not affected.
 */
export const OUT_OF_SCOPE =
  /\b(?:trains?|bus|buses|flights?|taxi|uber|lyft|cab|ride|traffic|commute|restaurants?|pizza|food|takeout|takeaway|delivery|deliver|recipes?|cook\w*|movies?|theat(?:er|re)|cinema|facebook|twitter|tweet|instagram|snapchat|social|linkedin|feed|lights|(?:the|a|my|that|this) light(?! (?:jacket|coat|sweater|rain|snow|breeze|wind|music|jazz))|lamp|thermostat|heating|vacuum|cleaner|robot|coffee|espresso|games?|stocks?|shares|exchange rate|currency|bank|credit card|account balance|plug|socket|wemo|hue|oven|fridge|dishwasher|washing machine|door|garage|blinds|curtains|tickets?|hotel|reservation|concerts?|festivals?|near me|nearby|in town|around (?:here|me|town))\b/;

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

/** "what's the weather in Oslo and what time is it there": "there" is the city said before. */
export function resolveThere(calls: NluCall[], tokens: readonly Token[]): NluCall[] {
  if (!tokens.some((t) => t.w === "there")) return calls;
  let city: unknown;
  return calls.map((call) => {
    if (typeof call.args.city === "string") city = call.args.city;
    else if (city && (call.tool === "time_now" || call.tool.startsWith("weather_")) && !call.args.timezone) {
      return { tool: call.tool, args: { ...call.args, city } };
    }
    return call;
  });
}
