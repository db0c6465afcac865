/**
 * Where something happens, said after "at" or "in" anywhere in a request ("… on Wednesday at ten
 * in the morning, at the village hall", "match sat 11am away at riverside put it in my calendar"):
 * for an argument that holds a place (an event's location). The phrase runs to the next comma or
 * to a word that opens another part of the request; a moment ("at ten", "in the morning", "in two
 * hours"), the calendar itself and a pronoun are no place, nor "in" of a verb ("pencil in", "book
 * in"). The last place said wins: a request
 * names the event first and where it is after.
 */
const LEAD =
  /(?<!\b(?:pencil|put|book|fit|slot|squeeze|pop|write|jot|pen|enter|log|sign|check|drop|plug|type|key|fill|count|join)\s+)\b(?:at|in)\s+(?=([^,.;:!?()]+))/gi;
/** Words that end a place and open another part of the request. */
const ENDS =
  /\s+(?:on|at|in|for|from|by|to|into|onto|till|until|tomorrow|today|tonight|next|this|every|and|with|it|put|please|pls|starting|which|that|so|because|as|from|between)\b.*$/i;
/** What follows "at"/"in" that is a moment, a span of time or a container, never a place. */
const NOT_A_PLACE =
  /^(?:the )?(?:morning|afternoon|evening|night|noon|midday|midnight|lunch ?time|weekend|moment|end|start|beginning|middle|meantime|future|past|calendar|calender|diary|agenda|schedule|week|month|year|day|list|inbox|app|time)\b|^(?:my|your|our)\s+(?:calendar|calender|diary|agenda|schedule|work calendar|list)\b|^(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|quarter|\d)|^(?:it|this|that|them|there|here|all|total|mind|person|advance|case|time|which)$|^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*$|^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight)\b/i;

/** A street address opens with its number ("45 Beech Road"), which is no hour. */
const ADDRESS =
  /^\d{1,4}[a-z]?\s+(?:[a-z]+\s+){1,2}(?:road|rd|street|st|lane|ln|avenue|ave|close|drive|dr|way|place|crescent|terrace|court|gardens|square|hill|row|grove|park|mews|walk)\b/i;

export function placeSaid(text: string): string | undefined {
  let place: string | undefined;
  for (const found of text.matchAll(LEAD)) {
    const phrase = found[1]!.replace(ENDS, "").trim();
    const words = phrase.split(/\s+/);
    if (
      !phrase ||
      words.length > 5 ||
      (NOT_A_PLACE.test(phrase) && !ADDRESS.test(phrase)) ||
      /\d{1,2}(?::\d\d)?\s*(?:am|pm)\b/i.test(phrase)
    )
      continue;
    place = phrase;
  }
  return place;
}

/** Capitalised words that are no town: days, months, the person, a greeting. */
const NOT_A_TOWN =
  /^(?:I|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter|English|Jarvis|The|My|Your|A|An)$/;

/**
 * A town or country named as where the person asks about, as typed with its capitals ("my son
 * lives in Toronto", "the time of Nairobi", "In Seoul now what time is it"): for an argument that
 * holds a city. The name runs one to three capitalised words after "in" or "of"; lower-case words
 * are left, since any word can follow "in".
 */
export function townNamed(text: string): string | undefined {
  for (const found of text.matchAll(
    /\b(?:in|of|In|Of)\s+([A-Z][\p{L}'’.-]*(?:\s+[A-Z][\p{L}'’.-]*){0,2})/gu,
  )) {
    const words = found[1]!.split(/\s+/);
    while (words.length > 0 && NOT_A_TOWN.test(words.at(-1)!)) words.pop();
    if (words.length > 0 && !NOT_A_TOWN.test(words[0]!)) return words.join(" ").replace(/[.]+$/, "");
  }
  return undefined;
}
