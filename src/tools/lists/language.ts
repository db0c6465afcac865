import { findListName, type LanguageEnv, slotsAsArgs, splitItems } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { newListArgs, verblessItems } from "./said.js";
import { SAMPLES } from "./samples.js";

/** How people ask for their shopping and to-do lists (the team's own sentences). */
const LIST_QUESTIONS = { list: "Which list?", items: "What should I add?", item: "Which item?" };

function listName(list: unknown): string {
  return typeof list === "string" ? `the ${list} list` : "the list";
}

const LIST = "[my|the|our] {list} list";

/**
 * Lists people name without the word "list" ("add it to packing", "what's left on the todo"):
 * the common kinds, and the user's own lists. Any other name needs the word.
 */
const COMMON_LISTS = new Set([
  "todo",
  "shopping",
  "groceries",
  "grocery",
  "packing",
  "to buy",
  "chores",
  "jobs",
  "errands",
  "wishlist",
  "wish",
]);
const KNOWN_LIST = (name: unknown, env: LanguageEnv): boolean =>
  typeof name === "string" &&
  (COMMON_LISTS.has(name.toLowerCase()) ||
    [...(env.user?.lists ?? [])].some((l) => l.toLowerCase() === name.toLowerCase()));
/** Lists that are other tools' things: contacts, the diary, songs, mail, files. */
const OTHER_LISTS =
  /\b(?:contacts?|address|phone|calendar|appointments?|meetings?|events?|play ?list|songs?|music|mailing|e ?mail|inbox|reminders?|notes?|files?|bookmarks?|favou?rites?|friends?|followers?|guests?|reading)\b/i;
/** A list named bare: "[my|the] {list}", known by `KNOWN_LIST`. */
const BARE = "[my|the|our] {list}";
/** "the list" with no name: the lists tool uses the most recently used list. */
const ANY_LIST = "(the|my|a|our|that) list";

const LIST_INTENTS: IntentTable = {
  lists_add: {
    // "and bananas too" adds to the same list; "take that back" removes what was added
    followUp: ({ kind, last, rest }) => {
      const list = typeof last.args.list === "string" ? { list: last.args.list } : {};
      if (kind === "undo" && Array.isArray(last.args.items))
        return last.args.items.map((item) => ({ tool: "lists_remove", args: { ...list, item } }));
      // "and Tom's list", "and the work one": where to add, not one more thing to add
      if (kind !== "more" || !rest || /\b(?:list|one)$/i.test(rest)) return undefined;
      // "and order it from tesco", "and have them delivered": what points back at the things
      // is a request about them, never one more item
      if (/\b(?:it|them)\b/i.test(rest)) return undefined;
      const items = splitItems(rest.replace(/\s+(?:too|as well|also)$/i, ""));
      return items ? { tool: "lists_add", args: { ...list, items } } : undefined;
    },
    capability: {
      area: "Lists",
      can: "keep shopping and to-do lists",
      example: "add milk to my shopping list",
    },
    ask: LIST_QUESTIONS,
    describe: ({ items, list }) =>
      Array.isArray(items) && items.length > 0
        ? `Add ${items.join(", ")} to ${listName(list)}`
        : typeof list === "string"
          ? `Create the ${list} list`
          : undefined,
    templates: [
      `(add|put|stick|write|include|append|pop|throw) {items} (to|on|onto|in|into) ${LIST}`,
      `(on|to) ${LIST} (add|put) {items}`,
      `${LIST} add {items}`,
      `(i need|we need) to (buy|get|pick up) {items} (add it|put it) (to|on) ${LIST}`,
      `(add|put|stick|write|include|append) {items} (to|on|onto|in|into) ${ANY_LIST}`,
      `(update|extend) ${LIST} with {items}`,
      `[i|we] (need|want) {items} (added|put) (to|on|onto) ${LIST}`,
      `can {items} be added to ${LIST}`,
      {
        t: "(create|make|start|begin|set up) [a|an] [new] list (called|named|titled|for) {list}",
        args: { items: [] },
      },
      { t: "(create|make|start|begin|set up) [a|an|my] [new] {list} list", args: { items: [] } },
    ],
    // "packing list: passport, charger": the list named, a colon, then what goes on it
    shapes: [
      { t: `[for|on|to|in|into] ${LIST} {items}`, args: { colon: true } },
      // A list whose name the list slot does not read ("my books to read list"): its name as
      // said, a few words, when the list's own word closes it
      {
        t: "(add|put|stick|pop|write) {items} (to|on|onto) [my|the|our] {listname:text} list",
        args: { named: true },
      },
      // The things said first, a learner's order ("batteries and tape add to the shopping list")
      { t: `{items} (add|put) (to|on|onto) ${LIST} [please]`, args: { fronted: true } },
      // A new list named and filled at once ("new list called camping: tent, stove")
      {
        t: "[create|make|start|begin] [me] [a|an] new list (called|named|titled) {said:text}",
        args: { fresh: true },
      },
      // The thing and the list side by side with no verb ("spare fuses on my van list"): the
      // list's own word closes it and nothing asks, so it is the thing put on the list
      { t: `{items} (on|onto|for) ${LIST} [please|too|as well]`, args: { verbless: true } },
      // A known list named bare: "add passport and charger to packing", "todo: fix the tap"
      {
        t: `(add|put|stick|pop|write|chuck|bung) {items} (to|on|onto|in|into) ${BARE}`,
        args: { bare: true },
      },
      // A note to self that names a list ("note to self on my ideas list: …"): the list's
      { t: `(note to self|note|jot down|memo) [,] (on|to|for|in) ${LIST} {items}`, args: { colon: true } },
      // "todo: fix the tap", "shopping: milk, eggs": the common lists' names alone lead
      ...[
        ["(todo|to do|to-do)", "todo"],
        ["shopping", "shopping"],
        ["(groceries|grocery)", "groceries"],
        ["packing", "packing"],
      ].map(([said, list]) => ({ t: `[my|the] ${said} {items}`, args: { colon: true, bare: true, list } })),
    ],
    samples: ["add this to a list", "make a new list", "put it on the list", "add an item to my list"],
    anchors:
      /\b(?:create|make|start|new|begin|put together|generate|bring up|add|put|include|update|jot|stick|pop|chuck|bung|whack)\b.*\blist\b|\blist\b.*\b(?:add|put)\b/,
    vetoes: /\b(?:play ?list|list of (?:all|the)|songs?|contacts?|appointments?|meetings?|events?)\b/,
    build: (input) => {
      if (input.fixed.fresh === true) return newListArgs(input);
      const { colon, bare, fronted, named, listname, verbless, ...args } = slotsAsArgs(input);
      if (verbless === true && !verblessItems(args.items, input.env.text)) return undefined;
      if (named === true) {
        const name = String(listname ?? "").trim();
        // Only a name of several words the list slot cannot read ("books to read"), never one
        // of another tool's things ("my contacts list", "the guest list")
        const words = name.split(/\s+/).length;
        if (words < 2 || words > 4 || /[,:;]|\b(?:and|then|please)\b/i.test(name)) return undefined;
        if (OTHER_LISTS.test(name)) return undefined;
        args.list = name;
      }
      if (
        fronted === true &&
        (!Array.isArray(args.items) || args.items.some((i) => String(i).split(/\s+/).length > 4))
      )
        return undefined;
      if (bare === true && !KNOWN_LIST(args.list, input.env)) return undefined;
      // Without the colon, "the packing list …" is any sentence about a list
      // "packing list: what's left?" asks, it adds nothing. An aside may stand between the list
      // and its colon ("garden list, not a reminder: …")
      const colonAfter = bare === true ? /^[^:]{0,30}:/ : /\blist\b[^:]{0,30}:/i;
      if (colon === true && (!colonAfter.test(input.env.text) || /\?\s*$/.test(input.env.text)))
        return undefined;
      return args;
    },
    fallback: (input) => {
      const list = findListName(input.words);
      const items = namedItems(input.words.join(" "));
      if (items) return list ? { list, items } : { items };
      // Otherwise only "make a new X list": creating a named, empty list
      return list && !/\b(?:add|put|include|update|stick|pop|chuck|bung|whack)\b/.test(input.words.join(" "))
        ? { list, items: [] }
        : undefined;
    },
  },
  lists_show: {
    refersTo: ({ list }) => (typeof list === "string" ? { it: `the ${list} list` } : undefined),
    lookup: {
      nouns: /\b(?:lists?|to ?do|shopping)\b/,
      vetoes: /\b(?:contacts?|e ?mail|song|songs|playlist|play|podcasts?|spotify|music)\b/,
      rank: 8,
    },
    ask: LIST_QUESTIONS,
    describe: ({ list }) => (typeof list === "string" ? `Show ${listName(list)}` : "Show your lists"),
    vetoes: /\b(?:order|buy|add|remove|delete|clear|put|list of|make a list|create|rename|renamed)\b/,
    anchors: /\blists?\b/,
    templates: [
      `(what is|what's|what are|what do i have|what do we have|what else is|what is left) (on|in) ${LIST}`,
      `(show|read|tell|give|display|list|check|open|view|get|recite|read out) [me] [out] ${LIST} [to me]`,
      `(show|read|tell) [me] (what is|what's) on ${LIST}`,
      `(is there|is there anything) (on|in) ${LIST}`,
      "(show|list|read|display) [me] [all] [of] my lists",
      `(what is|what's|what else is|what do i have) on ${ANY_LIST}`,
      `(show|read|tell|give|display|check|open|view) [me] ${ANY_LIST} [to me]`,
      "what lists do i have",
      "(show|list|tell me|read) [me] [all] the lists (i have|i made|there are)",
      "[all] [the] lists (i have|i made)",
      `how many (things|items) are on ${LIST}`,
      // "is there butter on the grocery list": the list is where to look
      `(do i have|do we have|is there|have i got|did i put) {item} (on|in) ${LIST}`,
    ],
    // What was put on a list, asked as the user's doing ("what did I put on the Costco run
    // list"), a known list named bare ("what's left on the todo"), an item's place asked with
    // "already" ("is coffee on the shopping list already"). Matched, never taught
    shapes: [
      `what (did i|have i|did we|have we) (put|add|added|got|written|write|stuck) (on|to|in|onto) ${LIST}`,
      {
        t: `what (did i|have i|did we|have we) (put|add|added|got|written|write|stuck) (on|to|in|onto) ${BARE}`,
        args: { bare: true },
      },
      {
        t: `(what is|what's|what else is|what is left|what is still|whats left) (on|in) ${BARE}`,
        args: { bare: true },
      },
      `(is|are) {item} [already|still] (on|in) ${LIST} [already|yet|still]`,
      `(did i|have i|did we|have we) (put|add|added|got) {item} (on|to|in|onto) ${LIST} [already|yet]`,
    ],
    samples: ["check my list", "read my lists to me", "what's next on my list", "which lists do i have"],
    // The item asked about only says which list to read
    build: (input) => {
      const { values, fixed, env } = input;
      if (fixed.bare === true && !KNOWN_LIST(values.list, env)) return undefined;
      return typeof values.list === "string" ? { list: values.list } : {};
    },
    fallback: (input) => {
      const list = findListName(input.words);
      return list ? { list } : {};
    },
  },
  lists_remove: {
    followUp: ({ kind, last }) =>
      kind === "undo" && typeof last.args.item === "string"
        ? {
            tool: "lists_add",
            args: { ...(last.args.list ? { list: last.args.list } : {}), items: [last.args.item] },
          }
        : undefined,
    ask: LIST_QUESTIONS,
    describe: ({ item, list }) =>
      typeof item === "string" ? `Take ${item} off ${listName(list)}` : undefined,
    templates: [
      `(remove|delete|take|cross|strike|scratch|drop|erase|tick|check) {item} (from|off|out of) ${LIST}`,
      `(take|cross|strike|scratch|tick|check) {item} off [of] ${LIST}`,
      `(remove|delete|take|cross|strike|erase) {item} (from|off) ${ANY_LIST}`,
      `(from|on) ${LIST} (remove|delete|cross off) {item}`,
    ],
    // A known list named bare ("take 'fix the gate' off my todo"), and the thing said first, a
    // learner's order ("the lentils remove from the shopping list, I have them already").
    // Matched, never taught
    shapes: [
      // "off" typed as "of" after a verb that takes things off a list ("take the eggs of my list")
      `(take|cross|strike|scratch|tick) {item} of ${LIST}`,
      {
        t: `[the|my] {item} (remove|delete|take off|cross off|strike off) (from|off|of) ${LIST} [{tail:text}]`,
        args: { fronted: true },
      },
      {
        t: `(remove|delete|take|cross|strike|scratch|tick) {item} (from|off|out of) [of] ${BARE}`,
        args: { bare: true },
      },
      // What was just bought or found, then "take it off" ("I got the cat food, take it off"):
      // the thing is the item, the list asked for when unsaid
      {
        t: "(i got|i've got|i have got|got|i bought|bought|i found|found|i picked up|picked up) [the|some] {item} [,] [so|you can|please] (take|cross|tick|strike|scratch) (it|them) off [the list|my list|please]",
        args: { fronted: true },
      },
    ],
    build: (input) => {
      const { bare, fronted, tail, ...args } = slotsAsArgs(input);
      if (bare === true && !KNOWN_LIST(args.list, input.env)) return undefined;
      // Fronted, the thing is a few words and what follows is an aside after a break
      if (fronted === true) {
        if (typeof args.item !== "string" || args.item.split(/\s+/).length > 4) return undefined;
        if (typeof tail === "string" && !/[,.;!]\s*\S/.test(input.env.text)) return undefined;
      }
      if (typeof args.item === "string") args.item = args.item.replace(/^["'‘“]|["'’”]$/g, "");
      return args;
    },
    samples: ["remove an item from my list", "delete this item", "take something off the list"],
    anchors: /\b(?:remove|delete|take|cross|strike|scratch|erase|drop|tick)\b/,
    vetoes:
      /\b(?:play ?list|songs?|alarms?|reminders?|timers?|meetings?|events?|appointments?|calendar|schedule|contacts?|e ?mails?|files?)\b/,
    fallback: (input) => {
      // "scratch pencils off the stationery list": the thing named between the verb and the list
      const said = input.words.join(" ");
      const m =
        /\b(?:remove|delete|take|cross|strike|scratch|erase|drop|tick) (?:the )?(.+?) (?:from|off|out of)(?: of)? (?:the |my |our )?(.+)$/.exec(
          said,
        );
      if (!m) return undefined;
      // "take airpods off, I found them": what follows "off" is a list only when it says so or is
      // a short name, never a clause of its own (then which list is asked)
      const after = m[2]!;
      const named =
        /\blists?\b/.test(after) ||
        (after.split(" ").length <= 2 && !/\b(?:i|we|you|it|them|they|he|she)\b/.test(after));
      const list = findListName(input.words) ?? (named ? after.replace(/\s*\blists?\b.*$/, "").trim() : "");
      const item = pointedItem(said, m[1]!.trim()) ?? m[1]!.trim();
      if (!list || !item || /^(?:it|this|that|them|item|items|everything|all)$/.test(item)) return undefined;
      return { list, item };
    },
  },
  lists_clear: {
    ask: LIST_QUESTIONS,
    describe: ({ list }) => `Clear ${listName(list)}`,
    // Renaming or sharing a list names it too: a guess that empties one needs a word for emptying
    vetoes: /\b(?:order|buy|purchase|rename|renamed|call it|share|send|copy)\b/,
    anchors:
      /^(?=.*\blists?\b).*\b(?:clear\w*|empty|wipe|delete|remove|erase|reset|clean|scrap|bin|trash|ditch|dump|get rid|start (?:over|again|fresh)|everything|all|whole|every)\b/,
    templates: [
      `(clear|empty|wipe|reset|erase|clean) [out] ${LIST}`,
      `(delete|remove|clear|erase) (everything|all items|all the items|all things|all) (on|from|in|off) ${LIST}`,
      `(delete|remove|get rid of) ${LIST}`,
      "(delete|remove|get rid of) [my|the] list (of|called|named) {list}",
      `${LIST} (clear|empty)`,
    ],
    samples: ["delete my list", "clear the whole list", "wipe every entry on the list"],
    // Emptied with the reason after ("empty the shopping list, I've done the shop"); words that
    // keep some of it, say when, or ask more are no reason
    shapes: [`(clear|empty|wipe|reset|clean) [out] ${LIST} [,] {tail:text}`],
    build: (input) =>
      /\b(?:and|then|also|except|but|apart|other than|keep|leave|when|whenever|if|after|before|tomorrow|tonight)\b/i.test(
        String(input.values.tail ?? ""),
      )
        ? undefined
        : slotsAsArgs(input),
    fallback: (input) => {
      const list = findListName(input.words);
      return list ? { list } : undefined;
    },
  },
};

const VAGUE_ITEM =
  /^(?:it|this|that|them|something|anything|stuff|things?|(?:an?|new|the|some) items?|items?)$/;

/** "put oranges on my grocery list", "on my list add eggs", "put socks onto my list". */
/** Said before the request ("we're out of X, …", "I've bought X, …"): what "it" or "them" is. */
const ANTECEDENT =
  /\b(?:(?:run|ran|are|we're|i'm|am) out of|(?:running|we're|i'm) low on|(?:we|i) need|(?:i've |i )?(?:got|bought|picked up)|no more)\s+(?:the |some )?(.+?)\s+(?:so\s+)?(?:please\s+)?(?:can you\s+)?(?:add|put|stick|pop|chuck|bung|whack|take|cross|tick|remove|scratch)\b/;
const POINTER = /^(?:it|them|those|that|these)$/;

function splitNamed(item: string): string[] | undefined {
  const items = item
    .split(/\s*(?:,|\band\b)\s*/)
    .map((i) => i.replace(/^(?:some|a|an|the)\s+/, "").trim())
    .filter(Boolean);
  if (items.length === 0 || items.some((i) => VAGUE_ITEM.test(i) || i.split(" ").length > 5))
    return undefined;
  return items;
}

/** The thing "it" or "them" points back to, when the request said it first. */
export function pointedItem(said: string, item: string): string | undefined {
  if (!POINTER.test(item)) return item;
  const m = ANTECEDENT.exec(said);
  return m?.[1] && !POINTER.test(m[1]) ? m[1] : undefined;
}

function namedItems(said: string): string[] | undefined {
  const item =
    /\b(?:add|put|include|stick|pop|chuck|bung|whack|jot down|append)\s+(.+?)\s+(?:to|on|onto|in|into)\s+(?:my|the|our)\s+(?:[\w']+\s+){0,3}list\b/.exec(
      said,
    )?.[1] ??
    /\b(?:to|on)\s+(?:my|the|our)\s+(?:[\w']+\s+){0,3}list\s+(?:please\s+)?(?:add|put)\s+(.+)$/.exec(
      said,
    )?.[1] ??
    /\bupdate\s+(?:my|the|our)\s+(?:[\w']+\s+){0,3}list\s+with\s+(.+)$/.exec(said)?.[1];
  const named = item && pointedItem(said, item);
  return named ? splitNamed(named) : undefined;
}

export const LISTS_LANGUAGE = withPhrasings(byTool(LIST_INTENTS), SAMPLES);
