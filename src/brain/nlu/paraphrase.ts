/**
 * Paraphrase operators for the training sentences: ways of saying the same request that carry
 * no meaning of their own, applied to every class alike so that the request's own words decide.
 * Lead-ins ("could you"), politeness ("please", "thanks"), fillers ("um", "just"), terse forms
 * ("timer 10 minutes"), British and American wording, and a time said first ("tomorrow at 9,
 * wake me up").
 */
const LEAD_INS = [
  "can you",
  "could you please",
  "would you",
  "i want to know",
  "tell me",
  "hey",
  "i need you to",
  "i want you to",
  "i would like",
  "do you know",
  "okay",
  "jarvis",
  "excuse me",
  "i was wondering",
  "please",
  "quick question",
  "hey there",
  "right",
  "so",
  "alright",
].map((lead) => lead.split(" "));

const TAILS = [
  "please",
  "thanks",
  "for me",
  "now",
  "thank you",
  "if you can",
  "right now",
  "when you can",
].map((tail) => tail.split(" "));

const FILLERS = ["um", "uh", "just", "like", "actually", "erm", "quickly", "maybe"];

/** Words a terse request leaves out. */
const TERSE_DROP = new Set(["a", "an", "the", "my", "me", "for", "please", "some", "to", "of", "is", "it"]);

/** British and American words for the same thing, both ways. */
const SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ["colour", "color"],
  ["favourite", "favorite"],
  ["mobile", "cell"],
  ["holiday", "vacation"],
  ["film", "movie"],
  ["flat", "apartment"],
  ["rubbish", "trash"],
  ["bin", "trash"],
  ["post", "mail"],
  ["postcode", "zip"],
  ["petrol", "gas"],
  ["autumn", "fall"],
  ["maths", "math"],
  ["programme", "program"],
  ["centre", "center"],
  ["metre", "meter"],
  ["litre", "liter"],
  ["organise", "organize"],
  ["diary", "calendar"],
  ["queue", "line"],
  ["tube", "subway"],
  ["lift", "elevator"],
  ["shop", "store"],
  ["mum", "mom"],
  ["cheers", "thanks"],
  ["tyre", "tire"],
  ["grey", "gray"],
];
const SWAP = new Map<string, string>();
for (const [british, american] of SPELLINGS) {
  SWAP.set(british, american);
  if (!SWAP.has(american)) SWAP.set(american, british);
}

/** Words that start a time said at the end ("... at 9", "... tomorrow"). */
const TIME_START = new Set(["at", "on", "tomorrow", "tonight", "today", "in", "this", "next", "by", "every"]);

type Operator = (words: readonly string[], pick: <T>(list: readonly T[]) => T) => string[] | undefined;

const OPERATORS: readonly Operator[] = [
  (words, pick) => [...pick(LEAD_INS), ...words],
  (words, pick) => [...pick(LEAD_INS), ...words],
  (words, pick) => [...words, ...pick(TAILS)],
  (words, pick) => {
    const at = words.length > 2 ? 1 : 0;
    return [...words.slice(0, at), pick(FILLERS), ...words.slice(at)];
  },
  (words) => {
    const terse = words.filter((w) => !TERSE_DROP.has(w));
    return terse.length >= 2 && terse.length < words.length ? terse : undefined;
  },
  (words) => (words.some((w) => SWAP.has(w)) ? words.map((w) => SWAP.get(w) ?? w) : undefined),
  (words) => {
    // "remind me to call mom at 5" → "at 5 remind me to call mom"
    for (let i = Math.max(1, words.length - 4); i < words.length - 1; i++) {
      if (TIME_START.has(words[i]!)) return [...words.slice(i), ...words.slice(0, i)];
    }
    return undefined;
  },
];

/** One paraphrase of a training sentence, or undefined when the operator drawn does not apply. */
export function paraphrase(words: readonly string[], random: () => number): string[] | undefined {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return pick(OPERATORS)(words, pick);
}
