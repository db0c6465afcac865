import type { GroupCues } from "../../core/language.js";

/** "My packing list", "a list of …", "on the list", a checklist, the shopping. */
export const LISTS_CUES: GroupCues = {
  shapes: [
    {
      pattern:
        /\b(?:my|the|a|our|this|that|new)\s+(?:[\w'-]+\s+){0,3}list\b|\blists?\s+(?:of|for|called|named)\b|\bon (?:my|the) list\b|\b(?:checklist|to-?dos?(?: list)?|shopping|groceries|grocery|packing)\b|\b(?!play)[a-z]{3,}list\b|[\u2014\u2013:]\s*(?:[\w'-]+\s+){0,2}list\b/i,
      weight: 2.5,
    },
    // A list named only by its name, in quotes, as what something goes on ("log it on 'incidents'")
    {
      pattern:
        /(?<!\b(?:click|clicking|tap|tapping|press|pressing|hit)\s)\b(?:on|onto)\s+(?:my\s+|the\s+|our\s+)?['"\u2018\u201c][^'"\u2019\u201d]{2,30}['"\u2019\u201d](?:\s+list)?\s*(?:[.!?]|$)/i,
      weight: 2,
    },
    // "weekend jobs: fix the latch, clear the gutters, paint the shed": items after a colon
    { pattern: /^[^:,]{2,40}:\s*[^,]+(?:,[^,]+){2,}/, weight: 1.5 },
    // Three or more short items in a row anywhere ("tacos Mon, dhal Tue, pesto pasta Wed"):
    // things to keep, not steps to take
    {
      pattern:
        /(?:^|[:\u2014-]\s*)(?:[\w'-]+(?: [\w'-]+){0,2}, ){2,}(?:and )?[\w'-]+(?: [\w'-]+){0,2}(?=[.!?]|$)/,
      weight: 1.5,
    },
  ],
  words: {
    shopping: ["list"],
    groceries: ["list"],
    grocery: ["list"],
    checklist: ["list"],
    packing: ["list"],
    tick: ["complete", "done"],
    // A list wanted for what it lets the person do ("something I can tick off", "to tick off as
    // I go"), not an item ticked off one already kept
    "can tick off": ["list", "add"],
    "to tick off": ["list", "add"],
    finished: ["complete", "done"],
    called: ["list", "name"],
    chores: ["list"],
    jobs: ["list"],
    // Things kept as lists without the word: what to buy, watch, read or pack, what ran out
    wishlist: ["list", "add"],
    watchlist: ["list", "add"],
    ingredients: ["list"],
    supplies: ["list"],
    restock: ["list", "add"],
    pantry: ["list"],
    errands: ["list"],
    "to buy": ["list", "add"],
    "run out of": ["list", "add"],
    "ran out of": ["list", "add"],
    "running low": ["list", "add"],
    "cross off": ["list", "remove"],
    "check off": ["list", "remove"],
    // A plan kept as a list, and starting it over
    "meal plan": ["list"],
    // A list named by what it holds for later, or a to-do without the word "list"
    "to-do": ["list", "add"],
    todo: ["list", "add"],
    "watch later": ["list", "add"],
    "listen later": ["list", "add"],
    "read later": ["list", "add"],
    "start over": ["clear"],
    "start again": ["clear"],
    // Everything on it dropped, named by what is there rather than by the list
    "scrap what's there": ["clear"],
    "clear what's there": ["clear"],
    "wipe what's there": ["clear"],
    "scrap everything": ["clear"],
    "clear everything": ["clear"],
    "wipe everything": ["clear"],
    "scrap the lot": ["clear"],
    "clear the lot": ["clear"],
    "clear it out": ["clear"],
    "empty it": ["clear"],
  },
};
