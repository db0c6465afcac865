import { findListName, slotsAsArgs, splitItems } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask for their shopping and to-do lists (the team's own sentences). */
const LIST_QUESTIONS = { list: "Which list?", items: "What should I add?", item: "Which item?" };

function listName(list: unknown): string {
  return typeof list === "string" ? `the ${list} list` : "the list";
}

const LIST = "[my|the|our] {list} list";
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
    shapes: [{ t: `[for|on|to|in|into] ${LIST} {items}`, args: { colon: true } }],
    samples: ["add this to a list", "make a new list", "put it on the list", "add an item to my list"],
    anchors:
      /\b(?:create|make|start|new|begin|put together|generate|bring up|add|put|include|update|jot|stick|pop|chuck|bung|whack)\b.*\blist\b|\blist\b.*\b(?:add|put)\b/,
    vetoes: /\b(?:play ?list|list of (?:all|the)|songs?|contacts?|appointments?|meetings?|events?)\b/,
    build: (input) => {
      const { colon, ...args } = slotsAsArgs(input);
      // Without the colon, "the packing list …" is any sentence about a list
      // "packing list: what's left?" asks, it adds nothing
      if (colon === true && (!/\blist\s*:/i.test(input.env.text) || /\?\s*$/.test(input.env.text)))
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
    samples: ["check my list", "read my lists to me", "what's next on my list", "which lists do i have"],
    // The item asked about only says which list to read
    build: ({ values }) => (typeof values.list === "string" ? { list: values.list } : {}),
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
