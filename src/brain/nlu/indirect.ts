import type { Catalog } from "./catalog.js";
import { findRepeat } from "./language/helpers.js";
import { CONFIDENCE } from "./parse-rules.js";
import type { Token } from "./text/normalize.js";
import { isNumberWord } from "./text/numbers.js";
import type { NluResult } from "./types.js";

/**
 * Requests said as something other than a command (issue 16, reading reach): a need stated
 * instead of asked for ("I keep forgetting to call the vet", "I can never recall where the spare
 * key is"), or a terse form with no verb ("soup, twelve minutes"). Each is rewritten into the
 * command it stands for and read again; the reading is a guess of what was meant, so a complete
 * one is put to the person (the middle band), never acted on. Engine code: no tool is named, only
 * the words any reminder, look-up or timer reader of the catalog already reads.
 */
export function indirectReading(
  first: NluResult,
  said: readonly Token[],
  reread: (rewritten: Token[]) => NluResult,
  catalog: Catalog,
): NluResult | undefined {
  const sure = first.kind === "action" && !first.missing?.length && first.confidence >= CONFIDENCE.clause;
  // A stated need is read as one even when its words alone made a weaker reading ("I always
  // forget to water the plants" asked what to remind about, with the plants in plain sight)
  const need = sure ? undefined : statedNeed(said);
  if (need) {
    const again = withRepeat(need, reread, catalog);
    // A question for its missing value is the reading asked for ("when shall I remind you?")
    if (again.kind === "action" && (again.missing?.length || again.confidence >= CONFIDENCE.incomplete))
      return asked(again);
  }
  if (sure || first.kind === "dialog") return undefined;
  const terse = terseDuration(said) ?? withoutPurpose(said);
  if (terse) {
    const again = reread(terse);
    if (again.kind === "action" && !again.missing?.length && again.confidence >= CONFIDENCE.incomplete)
      return asked(again);
  }
  return undefined;
}

/**
 * The rewritten sentence read with its repeat ("on sundays", "every day") read apart, as the
 * parser reads a typed one: the repeat goes to a tool that repeats, the rest is read alone.
 */
function withRepeat(tokens: Token[], reread: (rewritten: Token[]) => NluResult, catalog: Catalog): NluResult {
  const repeat = findRepeat(tokens.map((t) => t.w));
  if (!repeat) return reread(tokens);
  const rest = reread(tokens.filter((_t, i) => i < repeat.start || i >= repeat.end));
  const tool = rest.kind === "action" && !rest.calls ? rest.tool : undefined;
  return tool && catalog.properties.get(tool)?.repeat
    ? { ...rest, args: { ...rest.args, repeat: repeat.repeat } }
    : reread(tokens);
}

/** A complete guess is asked, not acted on; a question for a missing value stays one. */
function asked(result: NluResult): NluResult {
  return result.missing?.length
    ? result
    : { ...result, confidence: Math.min(result.confidence, CONFIDENCE.incomplete) };
}

/** Words a made-up token takes its span from: the rewritten words keep the user's positions. */
function made(w: string, at: Token): Token {
  return { w, start: at.start, end: at.end };
}

/** "can you", "could you" …: a request of its own after a stated need. */
const ASKING = new Set(["can", "could", "would", "will"]);

/** Words that open a question about a fact ("where the key is", "which pontoon"). */
const WH = new Set(["where", "which", "what", "when", "who", "whose", "how"]);

/** "keep forgetting", "always forget", "never remember": the habit words before what is forgotten. */
const OFTEN = new Set(["always", "often", "sometimes", "constantly", "usually", "still", "just"]);
const FORGETS = new Set(["forget", "forgets", "forgetting", "forgot"]);
const RECALLS = new Set(["remember", "recall", "remind"]);

/**
 * The span of a stated habit of forgetting at the sentence's start, and what the habit is of:
 * "i keep forgetting", "i always forget", "i can never remember", "i never recall". Undefined when
 * the sentence opens otherwise. `at`: the index after the habit's words.
 */
function forgetting(w: readonly string[]): { at: number } | undefined {
  const later = forgettingLater(w);
  if (later) return later;
  let i = 0;
  if (w[i] !== "i") return undefined;
  i++;
  if (w[i] === "keep" && FORGETS.has(w[i + 1] ?? "")) return { at: i + 2 };
  if (OFTEN.has(w[i] ?? "")) i++;
  if (FORGETS.has(w[i] ?? "") && i > 1) return { at: i + 1 };
  // "i can never remember", "i never recall", "i can't ever remember"
  if ((w[i] === "can" || w[i] === "could") && (w[i + 1] === "never" || w[i + 1] === "not")) i += 2;
  else if (w[i] === "never") i++;
  else return undefined;
  if (w[i] === "ever") i++;
  return RECALLS.has(w[i] ?? "") ? { at: i + 1 } : undefined;
}

/** A worry said before the fear of forgetting ("worried", "i am scared"): no request of its own. */
const WORRY = new Set(
  "i am im so really quite a bit worried scared afraid nervous think feel bet just in case because cause that".split(
    " ",
  ),
);
/** What makes forgetting a future one: "i will", "i might", "i must not". */
const LATER = new Set(["will", "might", "may", "must", "shall", "would", "could"]);

/**
 * Forgetting feared or ruled out for later, after at most a few words of worry ("worried i'll
 * forget", "i am scared i might forget", "i must not forget"): a task to be reminded of, like a
 * habit of forgetting. A forgetting already past ("i forgot to lock it") is no such need.
 */
function forgettingLater(w: readonly string[]): { at: number } | undefined {
  for (let i = 0; i < 5 && i < w.length; i++) {
    if (w[i] !== "i" || !LATER.has(w[i + 1] ?? "")) continue;
    if (!w.slice(0, i).every((x) => WORRY.has(x))) return undefined;
    let j = i + 2;
    if (w[j] === "not") j++;
    return w[j] === "forget" ? { at: j + 1 } : undefined;
  }
  return undefined;
}

/**
 * A need stated instead of a command, rewritten as the command: a habit of forgetting to do
 * something is a reminder ("i keep forgetting to water the plants" → "remind me to water the
 * plants"); never recalling a fact is a look-up of what was remembered ("i can never recall
 * where the spare key is" → "recall where the spare key is"). Undefined for any other sentence.
 */
export function statedNeed(said: readonly Token[]): Token[] | undefined {
  const w = said.map((t) => t.w);
  const habit = forgetting(w);
  if (!habit) return undefined;
  const rest = said.slice(habit.at);
  const next = rest[0]?.w ?? "";
  // A request said after the need is what is asked ("… to phone Jen, can you ring her now")
  const asks = rest.some((t, i) => ASKING.has(t.w) && rest[i + 1]?.w === "you");
  if (asks || rest.some((t) => t.w === "please")) return undefined;
  const opener = said[0]!;
  // To do something: "to call mum" — a reminder of it
  if (next === "to" && rest.length >= 2 && rest[1]!.w !== "me")
    return [made("remind", opener), made("me", said[habit.at - 1]!), ...rest];
  // A fact: "where the key is", "which pontoon the boat is on" — what was remembered of it
  if (WH.has(next) && rest.length >= 3) return [made("recall", said[habit.at - 1]!), ...rest];
  return undefined;
}

/** What may follow a terse duration without adding to it ("eggs, eight minutes, go"). */
const AFTER = new Set(["go", "now", "please", "pls", "start", "starting"]);
const UNITS = new Set("minutes minute mins min hours hour hrs hr seconds second secs sec".split(" "));
/**
 * Words that are no name of a thing timed: a verb, a pronoun, a word of time itself, or an answer
 * ("no, three minutes" corrects a value; it names nothing).
 */
const NOT_A_THING = new Set(
  (
    "a an the for in at and it this that me my is be to of on every each after before until about another more less again skip forward back rewind ahead " +
    "no yes ok okay yeah yep nope sure fine right well actually maybe wait so also just only then make"
  ).split(" "),
);

/**
 * A thing and a length of time with no verb ("PASTA NINE MINUTES GO", "eggs. eight minutes."):
 * rewritten as a labelled timer ("set a pasta timer for nine minutes"). Only one to three words of
 * a thing, then one count and one unit of time, then at most a word of urging; anything else,
 * a verb or a second thing, is no terse form.
 */
export function terseDuration(said: readonly Token[]): Token[] | undefined {
  let end = said.length;
  while (end > 0 && AFTER.has(said[end - 1]!.w)) end--;
  const unit = said[end - 1];
  if (!unit || !UNITS.has(unit.w)) return undefined;
  // One count: a digit or number words ("nine", "twenty five")
  let from = end - 1;
  while (from > 0 && (isNumberWord(said[from - 1]!.w) || /^\d+$/.test(said[from - 1]!.w))) from--;
  if (from === end - 1 || from === 0 || from > 3) return undefined;
  const thing = said.slice(0, from);
  if (thing.some((t) => NOT_A_THING.has(t.w) || !/^[a-z]+$/.test(t.w) || isNumberWord(t.w))) return undefined;
  const first = said[0]!;
  return [
    made("set", first),
    made("a", first),
    ...thing,
    made("timer", thing[thing.length - 1]!),
    made("for", said[from]!),
    ...said.slice(from, end),
  ];
}

/** Who a purpose is for, and the verbs of ability after it ("so I can", "so that we could"). */
const FOR_WHOM = new Set(["i", "we", "you", "they", "he", "she", "it"]);
const ABLE = new Set(["can", "could", "may", "might", "will", "would", "do", "dont", "don't"]);

/**
 * The command with the purpose said after it left out ("put the code on the clipboard so I can
 * paste it", "… in order to check it later"): the purpose explains, the command is what to do.
 * Undefined without a purpose, or when too little stands before it to be a command.
 */
export function withoutPurpose(said: readonly Token[]): Token[] | undefined {
  for (let i = 2; i < said.length - 1; i++) {
    const w = (k: number) => said[i + k]?.w ?? "";
    const that = w(1) === "that" ? 1 : 0;
    const purpose =
      (w(0) === "so" && FOR_WHOM.has(w(1 + that)) && ABLE.has(w(2 + that))) ||
      (w(0) === "in" && w(1) === "order" && w(2) === "to") ||
      (w(0) === "so" && w(1) === "as" && w(2) === "to");
    if (purpose) return said.slice(0, i);
  }
  return undefined;
}
