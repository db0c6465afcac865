/**
 * Another person's things written without the apostrophe ("my flatmates alarm", "her sisters
 * phone"): writers who leave apostrophes out ("whats", "its", "hes") write owners the same way.
 * Only people one has one or two of are here, so "Xs" can only be an owner: a plural that may
 * be the subject of the things ("my clients emails" are emails from clients, "my friends list"
 * a list's name) is left out. The team's own classes, by category (decision 0044, nlu39).
 */

const alt = (words: readonly string[]) => words.join("|");

/** People closest to the user, singular: "<person>s" before a belonging is their possessive. */
export const KIN = alt([
  "wife",
  "husband",
  "partner",
  "son",
  "daughter",
  "mum",
  "mom",
  "mother",
  "dad",
  "father",
  "brother",
  "sister",
  "flatmate",
  "roommate",
  "housemate",
  "girlfriend",
  "boyfriend",
  "fiance",
  "boss",
  "grandma",
  "grandad",
  "grandpa",
  "granny",
  "nan",
  "nephew",
  "niece",
  "aunt",
  "auntie",
  "uncle",
  "cousin",
]);

/** What such a possessive may own that Jarvis reaches only as the person's own. */
export const BARE_BELONGINGS = alt([
  "phones?",
  "mobiles?",
  "iphones?",
  "laptops?",
  "computers?",
  "pcs?",
  "tablets?",
  "ipads?",
  "watch",
  "calendars?",
  "diary",
  "e ?mails?",
  "inbox",
  "messages",
  "texts",
  "accounts?",
  "alarms?",
  "battery",
]);

/**
 * Devices that are this computer or a part of it, and words that describe a battery itself
 * ("the remaining battery", "the low battery warning"): a battery of anything else ("the battery
 * on my hearing aids", "my earbuds battery") is that thing's, not this computer's.
 */
export const THIS_MACHINE = alt([
  "laptop",
  "computer",
  "pc",
  "mac",
  "macbook",
  "notebook",
  "machine",
  "system",
  "device",
  "thinkpad",
  "chromebook",
  "own",
  "current",
  "remaining",
  "main",
  "internal",
  "this",
  "low",
  "full",
  "whole",
  "total",
  "battery",
  "charge",
  "power",
]);
