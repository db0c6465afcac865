import { isNumberWord, parseNumber } from "../text/numbers.js";

/**
 * How many results a search asks for, said in the same breath as the words to look for: after
 * them ("X, top 3", "X, just 5 results", "X, 3 results is enough", "X, give me 10 passages") or
 * before them ("five results about X"). A free-text slot swallows that clause whole; it is the
 * search's limit, not words to search for. A number alone is kept in the words ("iphone 15"):
 * only a bound ("top", "just") or a counted noun ("results", "passages") makes it a count.
 */
const COUNTED =
  "(?:results?|hits?|links?|passages?|matches|items?|entries|articles?|excerpts?|extracts?|snippets?|sources?|answers?)";
const BOUND = "(?:top|first|best|just|only|max|maximum|at most|no more than|up to)";
const NUMBER = "(\\d{1,3}|[a-z]+)";
const ASK = "(?:(?:and |just |only )?(?:give|show|get|find|send) me )";
const AFTER = "(?:(?:is|are|will|would|should|do|be|enough|please|max|only|tops|fine) ?)*";

const TRAILING_BOUND = new RegExp(
  `^(.+?)[,;:]?\\s+${ASK}?(?:the )?${BOUND} (?:the )?${NUMBER}(?: ${COUNTED})?\\s*${AFTER}[.!]?$`,
  "i",
);
const TRAILING_COUNTED = new RegExp(
  `^(.+?)[,;:]?\\s+${ASK}?(?:the )?${NUMBER} ${COUNTED}\\s*${AFTER}[.!]?$`,
  "i",
);
const LEADING = new RegExp(
  `^(?:${ASK}?(?:the )?(?:${BOUND} )?)${NUMBER} ${COUNTED} (?:about|on|for|regarding|of|with) (.+)$`,
  "i",
);

function amount(word: string): number | undefined {
  const w = word.toLowerCase();
  if (/^\d{1,3}$/.test(w)) return Number(w);
  return isNumberWord(w) ? parseNumber([w]) : undefined;
}

/** The words to search for and the count said with them, or undefined when no count was said. */
export function countTail(query: string, max = 50): { query: string; count: number } | undefined {
  const text = query.trim();
  const lead = LEADING.exec(text);
  const tail = lead ? undefined : (TRAILING_BOUND.exec(text) ?? TRAILING_COUNTED.exec(text));
  const [said, rest] = lead ? [lead[1]!, lead[2]!] : tail ? [tail[2]!, tail[1]!] : [];
  if (said === undefined || rest === undefined) return undefined;
  const count = amount(said);
  const words = rest.replace(/[,;:\s]+$/, "").trim();
  if (count === undefined || count < 1 || count > max || words.length === 0) return undefined;
  return { query: words, count };
}
