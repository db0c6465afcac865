/**
 * Facts about the world as it is today, which no local tool holds and the web does (decision
 * 0048, model22): the request names no search, only the fact. Three shapes, each a kind of fact
 * that changes from day to day:
 * - a sum in one currency asked in another ("250 million dong … in pounds", "$1,200 in euros"):
 *   the conversion needs today's rate. Not when a weight is named ("25 pounds of rice in kilos");
 * - a rate, price, allowance, threshold or fare asked as it stands now ("the current mileage
 *   allowance", "the exchange rate", "the price of red diesel") when no other source is named
 *   (a page, a mail, a file, the screen), since then the figure is read there;
 * - a flight's state ("is KL1002 still on time", "has the flight landed"): a flight number is two
 *   capitals and three or four digits.
 */
const CURRENCY =
  /\b(pounds?|quid|sterling|euros?|dollars?|yen|dong|zloty|francs?|rupees?|pesos?|kron(?:a|or|er|e)|baht|rand|lira|dirhams?|usd|eur|gbp)\b|([£$€¥])/gi;
const SAME_CURRENCY: Record<string, string> = {
  "£": "pound",
  quid: "pound",
  sterling: "pound",
  gbp: "pound",
  $: "dollar",
  usd: "dollar",
  "€": "euro",
  eur: "euro",
  "¥": "yen",
};
/** A weight in pounds is no currency. */
const WEIGHT = /\b(?:kg|kilos?|kilograms?|stones?|ounces?|oz|grams?|lbs?)\b/i;

const STANDING_FIGURE =
  /\b(?:current|currently|latest|today's|today’s|todays|going)\s+(?:[\w'’-]+\s+){0,2}(?:rates?|prices?|allowances?|thresholds?|fares?)\b|\bexchange\s+rates?\b|\bprice\s+of\b/i;
/** Another source the figure could be read from: a page, a mail, a file, the screen. */
const NAMED_SOURCE =
  /https?:|[~/\\]|\b[\w-]+\.[a-z]{2,4}\b|\b(?:e?mail|email|page|site|website|screen|tab|documents?|folder|file|note|notes|list|sent|link|shop)\b/i;

const FLIGHT_STATE =
  /\bflights?\b.*\b(?:on\s+time|delayed|landed|status|late|running)\b|\b(?:on\s+time|delayed|landed|status|late|running)\b.*\bflights?\b/i;
/** A flight number as written on a ticket: two capitals (or a capital and a digit) and 3–4 digits. */
const FLIGHT_NUMBER = /(?<![\w/.-])[A-Z][A-Z0-9]\s?\d{3,4}(?![\w/.-])/;

/**
 * Whether the request asks for a fact of the day that only the web holds (see above): "search"
 * when the search's own results carry it (a rate, a price), "page" when the page a result
 * leads to is read too (a flight's status page), undefined when it asks for none.
 */
export function worldFact(text: string): "search" | "page" | undefined {
  if (!WEIGHT.test(text)) {
    const currencies = new Set<string>();
    for (const m of text.matchAll(CURRENCY)) {
      const word = (m[1] ?? m[2]!).toLowerCase();
      currencies.add(SAME_CURRENCY[word] ?? word.replace(/s$/, ""));
    }
    if (currencies.size >= 2) return "search";
  }
  if (STANDING_FIGURE.test(text) && !NAMED_SOURCE.test(text)) return "search";
  return FLIGHT_STATE.test(text) || FLIGHT_NUMBER.test(text) ? "page" : undefined;
}
