import type { Catalog } from "./catalog.js";
import type { Classification } from "./classifier.js";
import type { FallbackInput } from "./intents/types.js";
import { DATED, OUT_OF_SCOPE, PERSONAL, SOMEWHERE } from "./parse-rules.js";
import { guessArgs } from "./slot-filling.js";
import type { NluCall } from "./types.js";

/**
 * Read-only lookups the classifier half-recognises ("where is my meeting at nine", "who sang
 * this"): when the utterance names the domain's own thing and the classifier leans the same
 * way, a look-up is harmless to run even below the action threshold. Nothing that changes
 * state is ever rescued this way. Domains are tried in order: the more specific noun wins
 * ("what time is my meeting" is a calendar question, not a clock one).
 */
export interface LookupDomain {
  group: string;
  /** The group's read-only tools, most likely first when the classifier has no preference. */
  tools: readonly string[];
  nouns: RegExp;
  /** Words that make it something else than a look-up ("save this song", "add to my list"). */
  vetoes?: RegExp;
  /** Only when asked as a question. */
  askOnly?: boolean;
  /** Words one of which must also be said. */
  needs?: RegExp;
}

/** Acts on a thing, or talks about it, rather than asking after it. */
const NOT_A_LOOKUP =
  /\b(?:add|put|save|delete|remove|erase|clear|create|make|change|move|cancel|send|write|shoot|compose|draft|reply|respond|forward|record|like|love|hate|enjoy|favou?rite|playlist)\b/;

export const LOOKUP_DOMAINS: readonly LookupDomain[] = [
  {
    group: "calendar",
    tools: ["calendar_list_events"],
    nouns: /\b(?:calendar|meetings?|appointments?|agenda|schedule|diary|planner)\b/,
    vetoes: /\b(?:news|wall street)\b/,
  },
  {
    group: "calendar",
    tools: ["calendar_list_events"],
    nouns: /\b(?:scheduled|events?|plans|planned|busy|going on|get ?togethers?|conferences?|occasions?)\b/,
    // Whose plans: mine, not the town's ("any events around here" is a recommendation)
    needs: new RegExp(`${PERSONAL.source}|${DATED.source}`),
    vetoes: new RegExp(`${SOMEWHERE.source}|\\b(?:concerts?|sport\\w*|news|wall street|happening|go to)\\b`),
  },
  {
    group: "reminders",
    tools: ["reminders_list"],
    nouns: /\breminders?\b/,
  },
  {
    group: "timers",
    tools: ["alarm_list", "timer_list"],
    nouns: /\b(?:alarms?|timers?|wake up call)\b/,
  },
  {
    group: "media",
    tools: ["media_now_playing"],
    nouns:
      /\b(?:songs?|tracks?|singers?|sung|sings|singing|artists?|albums?|band|tunes?|genre|lyrics|composer|playing now|now playing|this music)\b/,
    vetoes: /\b(?:play|listen|i|my|me)\b/,
    // A flat remark about a song is an opinion, not a request
    askOnly: true,
  },
  {
    group: "contacts",
    tools: ["contacts_search"],
    nouns:
      /\b(?:contacts?|phone numbers?|numbers? (?:of|for)|'s (?:cell |mobile |phone |home |work )?number|cell|mobile|e ?mail (?:id|address)|mail address|address book|phone book|contact details)\b/,
  },
  {
    group: "mail",
    tools: ["mail_search"],
    nouns: /\b(?:e ?mails?|inbox|mailbox|emailed)\b/,
  },
  {
    group: "lists",
    tools: ["lists_show"],
    nouns: /\b(?:lists?|to ?do|shopping)\b/,
    vetoes: /\b(?:contacts?|e ?mail|song|songs|playlist|play|podcasts?|spotify|music)\b/,
  },
  {
    group: "weather",
    tools: ["weather_forecast", "weather_current"],
    nouns:
      /\b(?:weather|forecast|rain\w*|snow\w*|sunny|sunshine|sunblock|sunscreen|umbrella|temperature|degrees|humid\w*|wind\w*|storm\w*|cloud\w*|fog\w*|hot|cold|warm|chilly|freezing|heat ?wave|thunder\w*|hail|drizzle|celsius|fahrenheit)\b/,
    vetoes: /\b(?:oil|bake\w*|chicken|meat|oven|fry\w*|grill\w*|water|should|news)\b/,
  },
  {
    group: "time",
    tools: ["time_now"],
    nouns:
      /\b(?:what time|the time|time is it|time now|clock|what day|which day|what date|the date|todays date|time ?zone)\b/,
    vetoes: /\b(?:was|were|did|built|born|good time|when)\b/,
  },
];

/** The lookup domain to try: named in the utterance and favoured by the classifier over other tools. */
export function lookupDomain(
  said: string,
  question: boolean,
  result: Classification,
  groupOf: ReadonlyMap<string, string>,
): LookupDomain | undefined {
  if (NOT_A_LOOKUP.test(said)) return undefined;
  // "name the singer", "tell me my schedule": imperatives that ask
  const asking =
    question || /^(?:name|identify|tell me|show me|give me|find out|let me know|check)\b/.test(said);
  // "set an alarm" is a command; "did i set an alarm", "what alarms are set" ask after one
  if (/\b(?:set|new)\b/.test(said) && !/^(?:did|do|does|have|has|is|are|what|which|when|how)\b/.test(said))
    return undefined;
  const byGroup = new Map<string, number>();
  for (const { label, probability } of result.ranked) {
    const group = groupOf.get(label);
    if (group) byGroup.set(group, (byGroup.get(group) ?? 0) + probability);
  }
  let strongestOther = 0;
  for (const domain of LOOKUP_DOMAINS) {
    if (!domain.nouns.test(said)) continue;
    const p = byGroup.get(domain.group) ?? 0;
    for (const [group, q] of byGroup)
      if (group !== domain.group) strongestOther = Math.max(strongestOther, q);
    // Asked as a question, a lean suffices; said flatly ("today's schedule"), it must be clearer
    const enough = asking ? p >= 0.15 : p >= 0.45 && !domain.askOnly;
    if (enough && p > strongestOther && !domain.vetoes?.test(said) && (domain.needs?.test(said) ?? true))
      return domain;
    // A more specific domain was named but not favoured: do not fall through to a vaguer one
    return undefined;
  }
  return undefined;
}

/** A read-only look-up of a domain the utterance names and the classifier leans to. */
export function lookupCall(
  catalog: Catalog,
  result: Classification,
  input: FallbackInput,
  question: boolean,
): NluCall | undefined {
  const said = input.words.join(" ");
  if (OUT_OF_SCOPE.test(said)) return undefined;
  const domain = lookupDomain(said, question, result, catalog.groupOf);
  if (!domain) return undefined;
  const rank = (tool: string) => {
    const i = result.ranked.findIndex((r) => r.label === tool);
    return i < 0 ? 99 : i;
  };
  const tools = [...domain.tools].filter((t) => catalog.groupOf.has(t)).sort((a, b) => rank(a) - rank(b));
  for (const tool of tools) {
    const args = guessArgs(catalog, tool, input, false);
    if (args) return { tool, args };
  }
  return undefined;
}
