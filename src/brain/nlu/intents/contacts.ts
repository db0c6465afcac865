import { isNameLike } from "../slots/entities.js";
import { isNumberWord } from "../text/numbers.js";
import { type IntentSpec, type IntentTable, slotsAsArgs } from "./types.js";

/** People: looking up contacts, adding them, calling and texting them. */

const DETAIL =
  "(phone number|telephone number|number|cell number|mobile number|email address|email|email id|address|contact info|contact information|contact details|contact|info|information|details|last name|surname|job title)";

export const CONTACT_INTENTS: IntentTable = {
  // Jarvis has no telephony: contacts_call hands tel: / sms: to the system's phone app
  contacts_call: {
    anchors: /\b(?:call|ring|phone|dial|text|sms)\b/,
    vetoes: /\b(?:called|calls|who|when|last|missed|it|this|that|what|taxi|cab|uber|meeting)\b/,
    templates: [
      "(call|ring|phone|dial) [up] {query:contact} [up|back|now|please]",
      {
        t: "(call|ring|phone|dial) {query:contact} (at|on) [the|his|her|their] (work|office) [number|phone|line]",
        args: { type: "work" },
      },
      {
        t: "(call|ring|phone|dial) {query:contact} (at|on) [the|his|her|their] (home|house) [number|phone|line]",
        args: { type: "home" },
      },
      {
        t: "(call|ring|phone|dial) {query:contact} (on|at) [the|his|her|their] (mobile|cell|cellphone) [number|phone]",
        args: { type: "mobile" },
      },
      { t: "(call|dial) {query:contact} 's (work|office) (number|phone|line)", args: { type: "work" } },
      { t: "(call|dial) {query:contact} 's (mobile|cell) [number|phone]", args: { type: "mobile" } },
      { t: "(call|dial) {query:contact} 's (home|house) (number|phone|line)", args: { type: "home" } },
      "give {query:contact} a (call|ring|buzz)",
      "(place|make) a [phone] call to {query:contact}",
      { t: "(text|sms) {query:contact} [now|please]", args: { via: "text" } },
      { t: "(send|write) [a] (text|sms|text message) to {query:contact}", args: { via: "text" } },
      { t: "(text|sms) {query:contact} (that|saying) {message:body}", args: { via: "text" } },
      {
        t: "(send|write) {query:contact} a (text|sms|text message) [that|saying] {message:body}",
        args: { via: "text" },
      },
    ],
    samples: [
      "help me call james",
      "i need to call my mom",
      "can you dial sarah for me",
      "get my brother on the phone",
      "phone the plumber",
      "ring my sister",
      "send a text to alice",
      "shoot my dad a text",
    ],
    build: (input) => {
      const args = slotsAsArgs(input);
      // "dial nine one one": a number said in words is not a contact's name
      const name = String(args.query ?? "").split(/\s+/);
      return name.every((w) => isNumberWord(w) || /^\d+$/.test(w)) ? undefined : args;
    },
    fallback: (input) => {
      // "help me call james now": the name right after the calling verb
      const at = input.words.findIndex((w) => /^(?:call|ring|phone|dial|text|sms)$/.test(w));
      if (at < 0) return undefined;
      const name = input.words.slice(at + 1).filter((w) => !/^(?:now|please|up|back|for|me)$/.test(w));
      if (name.length === 0 || name.length > 3 || !isNameLike(name, true)) return undefined;
      const text = input.words[at] === "text" || input.words[at] === "sms";
      return { query: name.join(" "), ...(text ? { via: "text" } : {}) };
    },
  },
  contacts_search: {
    // "does hypnosis work": no one was mentioned, so no one is asked after
    asksWithAnchors: true,
    anchors:
      /\b(?:contacts?|phone|telephone|cell|mobile|email address|e ?mail id|address|address book|phone book|last name|surname|job title|contact info\w*|contact details)\b|\b(?:info|information|details|number) (?:of|for|on|about)\b|'s (?:number|info|information|details)\b|^(?:where|what|who) (?:does|do|did) \w+(?: \w+)? (?:live|lives|work|works)\b/,
    // Birthdays, ages, spouses, fortunes: facts about famous people as often as about contacts
    vetoes:
      /\b(?:location|current|delete|add|call|text|save|new contact|birthdays?|born|how old|age|net worth|wife|husband|married|look like|groups?)\b/,
    fallback: (input) => {
      const query = contactName(input);
      return query ? { query } : undefined;
    },
    templates: [
      `(what is|give me|tell me|find|get|show [me]|look up|send me|read me|fetch [me]) {query:contact} 's [home|work|office|cell|mobile|new|newest|current] ${DETAIL}`,
      `(what is|give me|tell me|find|get|show [me]|look up|fetch [me]) the [home|work|office|cell|mobile|new|newest|current] ${DETAIL} (of|for) {query:contact}`,
      "(find|look up|search|search for|show|get|pull up) {query:contact} in [my] (contacts|address book|phone book|contact list)",
      "(find|show [me]|get|pull up) [all] [the] (contact|contacts) (named|called|for|of) {query:contact}",
      "(search|look in|check) [my] (contacts|address book|phone book) for {query:contact}",
      "(look up|find|show me|pull up|open) the (contact|contact card|contact info|contact details) (for|of) {query:contact}",
      "how (do|can) i (reach|contact|get hold of|get in touch with) {query:contact}",
      "is {query:contact} in my (contacts|address book|contact list)",
      `{query:contact} 's ${DETAIL}`,
      // "show ana number", "show me priya telephone number": the possessive left unsaid
      `(show|give|get|tell) [me] {query:contact} ${DETAIL}`,
      // Where someone lives or works, and their birthday, are on their card
      // Present tense only: "where did the composer mozart live" is history, not an address book
      "where does {query:contact} (live|work|stay) [now]",
      "where {query:contact} (lives|works|stays) [now]",
      "does {query:contact} live (in|on|at) {place:text}",
      "(when|what) is {query:contact} 's birthday",
      "is it {query:contact} 's birthday [today|soon|this week|this month|tomorrow]",
    ],
    // Only the name is searched: "does bob live in france" looks bob up
    build: ({ values }) => (typeof values.query === "string" ? { query: values.query } : undefined),
    samples: [
      "look up a contact",
      "find someone in my contacts",
      "show my contact list",
      "search my address book",
    ],
  },
};

const NAME_STOP = new Set([
  "in",
  "from",
  "on",
  "my",
  "the",
  "a",
  "please",
  "and",
  "to",
  "with",
  "it",
  "is",
  "contacts",
  "contact",
  "phone",
  "number",
  "email",
  "address",
  "list",
  "book",
  "details",
  "info",
  "information",
]);

/** "... john smith's number", "the address of my brother", "find alex in contacts" → the name. */
function contactName(input: Parameters<NonNullable<IntentSpec["fallback"]>>[0]): string | undefined {
  const { words, tokens, env } = input;
  const raw = (start: number, end: number) => env.text.slice(tokens[start]!.start, tokens[end - 1]!.end);
  const possessive = words.indexOf("'s");
  if (possessive > 0) {
    let start = possessive;
    while (
      start > 0 &&
      possessive - start < 3 &&
      /^\p{L}+$/u.test(words[start - 1]!) &&
      !NAME_STOP.has(words[start - 1]!) &&
      !["what", "is", "me", "find", "get", "show", "tell", "give"].includes(words[start - 1]!)
    )
      start -= 1;
    if (start < possessive) return raw(start, possessive);
  }
  // "where does fred work", "where does joe live": the person between the question and the verb
  const asked = /^(?:where|what|who) (?:does|do|did) /.exec(words.join(" "));
  if (asked) {
    const end = words.findIndex(
      (w, k) => k >= 3 && /^(?:live|lives|living|stay|work|works|working)$/.test(w),
    );
    if (end > 2 && end <= 5 && words.slice(2, end).every((w) => /^\p{L}+$/u.test(w) && !NAME_STOP.has(w)))
      return raw(2, end);
  }
  for (let i = 0; i < words.length - 1; i++) {
    if (!["of", "for", "named", "called", "find", "about"].includes(words[i]!)) continue;
    let end = i + 1;
    if (words[end] === "my" && end + 1 < words.length) end += 1;
    while (end < words.length && end - i <= 3 && /^\p{L}+$/u.test(words[end]!) && !NAME_STOP.has(words[end]!))
      end += 1;
    if (end > i + 1 && !(end === i + 2 && words[i + 1] === "my")) return raw(i + 1, end);
  }
  return undefined;
}
