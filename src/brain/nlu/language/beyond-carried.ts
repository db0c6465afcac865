/**
 * Out-of-scope word classes of things done by hand or in person (`./beyond.ts` holds the rest):
 * what a person carries and looks for, and the errands run at places in town, in the team's own
 * words. The detector (`../beyond.ts`) gives them their role.
 */

const alt = (words: readonly string[]) => words.join("|");

/**
 * Things a person carries or keeps about the house, looked for or copied by hand ("find my car
 * keys", "get a spare key cut"). Keys of a computer (api, ssh, arrow, shortcut) are not among them.
 */
export const CARRIED = alt([
  "(?<!\\b(?:api|ssh|gpg|pgp|licen[cs]e|product|access|secret|encryption|private|public|arrow|shortcut|hot|keyboard|piano|function|registry) )keys?",
  "wallet",
  "purse",
  "glasses",
  "specs",
  "sunglasses",
  "umbrella",
  "handbag",
  "backpack",
  "rucksack",
  "coat",
  "jacket",
  "shoes",
  "trainers",
  "remote",
  "tv remote",
  "charger",
  "earrings?",
  "ring",
  "slippers",
]);

/**
 * Verbs of looking for, copying or packing such a thing. "Search for" and "look for" are a
 * search's own verbs: the words may be the person's notes or files ("search for the spare key").
 */
export const SEEKING = alt([
  "find",
  "locate",
  "copy",
  "cut",
  "pack",
  "grab",
  "where (?:are|is|did i (?:put|leave))",
]);

/** Places out in town where errands are run: what is done there is done in person. */
export const PLACES_OUT = alt([
  "post office",
  "bank",
  "supermarket",
  "shops?",
  "store",
  "pharmacy",
  "chemist'?s?",
  "doctor'?s?",
  "surgery",
  "dentist'?s?",
  "hospital",
  "council",
  "town hall",
  "dmv",
  "library",
  "station",
  "airport",
  "petrol station",
  "gas station",
  "hairdresser'?s?",
  "barber'?s?",
  "vet'?s?",
]);

/** What is done in person at such a place: queueing, paying in, collecting, handing in. */
export const DONE_THERE = alt([
  "skip",
  "jump",
  "queue",
  "wait in",
  "pay in",
  "collect",
  "pick up",
  "drop off",
  "return",
  "post",
  "hand in",
  "renew",
  "cash",
  "deposit",
  "withdraw",
]);
