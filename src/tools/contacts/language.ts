import {
  type Args,
  type BuildInput,
  type GuessInput,
  isNameLike,
  isNumberWord,
  type LanguageEnv,
  slotsAsArgs,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { CONTACT_SAID_INTENTS } from "./said.js";
import { SAMPLES } from "./samples.js";

/** How people ask to look people up, add them, call and text them (the team's own sentences). */

const DETAIL =
  "(phone number|telephone number|number|cell number|mobile number|email address|email|email id|address|contact info|contact information|contact details|contact|info|information|details|last name|surname|job title)";

/**
 * "text Marcus I'm on the way": where the name ends is not in the words, so it is one of the
 * user's contacts the words start with (the longest), else the first word; the rest, unquoted,
 * is the message.
 */
function splitMessage(input: BuildInput): Args | undefined {
  const said = /^\s*(?:text|sms)\s+(.+)$/i.exec(input.env.text)?.[1];
  if (!said) return undefined;
  const known = [...(input.env.user?.contacts ?? [])]
    .filter((name) => said.toLowerCase().startsWith(`${name.toLowerCase()} `))
    .sort((a, b) => b.length - a.length)[0];
  const described = known ? undefined : describedName(said);
  // Someone named by who they are, with no word where the message starts: asked, never guessed
  if (!known && !described && /^(?:the|my|our|his|her|their)\s/i.test(said)) return undefined;
  const name = known ?? described ?? said.split(/\s+/)[0]!;
  const message = said
    .slice(name.length)
    .trim()
    .replace(/^(?:that|saying)\s+/i, "")
    .replace(/^['"“‘](.*)['"”’]$/, "$1")
    .trim();
  if (!message || isNumberWord(name) || /^(?:me|him|her|them|back|it)$/i.test(name)) return undefined;
  return { query: name, via: "text", message };
}

/**
 * Someone named by who they are to the person ("the choir master", "my sister", "our
 * landlord"), not by a name: the words after the determiner run to where the message starts,
 * a word that opens a clause said to them ("I", "we're", "can't", "running"). Undefined when no
 * such word ends it within three words.
 */
const OPENS_MESSAGE =
  /^(?:i|i'm|im|i'll|ill|i've|ive|i'd|we|we're|were|we'll|it's|its|it|running|on|can't|cant|won't|wont|don't|dont|please|see|back|just|am|sorry|thanks|thank|your|you|you're|youre|dinner|home|leaving|here|outside|stuck|late|what|where|when|how|are|is|do|did|can|could|will|that|saying|there's|theres|no|yes|ok|okay|the|a|an|my|our)$/i;
function describedName(said: string): string | undefined {
  const words = said.trim().split(/\s+/);
  if (!/^(?:the|my|our|his|her|their)$/i.test(words[0] ?? "")) return undefined;
  for (let i = 2; i <= 4 && i < words.length; i++)
    if (OPENS_MESSAGE.test(words[i]!.replace(/[,:.!?]+$/, "")))
      return words
        .slice(0, i)
        .join(" ")
        .replace(/[,:]+$/, "");
  return undefined;
}

/** What names a business's public line rather than a person. */
const BUSINESS_LINE =
  /\b(?:restaurant|takeaway|take away|pizzeria|customer (?:service|services|support|care)|help ?line|hotline|call cent(?:re|er)|switchboard|head office|booking line|taxi (?:service|firm|company)|cab (?:service|firm|company)|minicab)\b/i;

/** A business's public line is no one in the person's contacts, unless saved under that name. */
const businessLine = ({ query }: Args, env: LanguageEnv, doing: string): string | undefined =>
  typeof query === "string" && BUSINESS_LINE.test(query) && !env.user?.contacts?.has(query.toLowerCase())
    ? `I can only ${doing} people in your contacts; I can't look up a business's number.`
    : undefined;

const CONTACT_INTENTS: IntentTable = {
  contacts_call: {
    capability: { area: "People", can: "look up, call, text and add contacts", example: "call mom" },
    ask: { query: "Who should I call?" },
    accepts: { query: ["c", "p"] },
    describe: ({ query, via }) =>
      typeof query === "string" ? `${via === "text" ? "Text" : "Call"} ${query}` : undefined,
    anchors: /\b(?:call|ring|phone|dial|text|sms)\b/,
    vetoes: /\b(?:called|calls|who|when|last|missed|it|this|that|what|taxi|cab|uber|meeting)\b/,
    // A business's public line ("the Chinese restaurant", "Amazon customer service") is no one
    // in the person's contacts, unless they saved it under that name
    beyond: (args, env) => businessLine(args, env, "call or text"),
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
    // "text Jake running late": the name, then the message with no word to lead it in. Taught,
    // it would make every "text" sentence a message to whoever its second word is
    shapes: [
      { t: "(text|sms) {query:contact} {message:body}", args: { via: "text", split: true } },
      // Someone named by who they are to the person ("text the choir master I can't make it"):
      // split where the message's first clause starts
      { t: "(text|sms) (the|my|our) {message:body}", args: { via: "text", split: true } },
      // "send a text to the childminder saying we're stuck in traffic": to whom, then what. A
      // message with its words is a text ("send a message to dispatch saying …"); a person named
      // by their role takes "the" ("to the babysitter that …")
      {
        t: "(send|write) [a|an] (text|sms|text message|message) to [the] {query:contact} (saying|that says|to say|that) {message:body}",
        args: { via: "text" },
      },
      {
        t: "(send|write) (text|sms|text message|message) to [the] {query:contact} (saying|that says|to say|that) {message:body}",
        args: { via: "text" },
      },
      // "phone the garage": a role or a place said with "the" is who to phone ("phone" is
      // never a bell's or a meeting's verb, as "ring" and "call" are)
      "phone the {query:contact} [up|back|now|please]",
      // "send message to Karim: I'm at the station": a message to a name, its words after a colon
      {
        t: "(send|write) [a|an] (message|text|sms|text message) to [the] {query:contact} {message:body}",
        args: { via: "text", colon: true },
      },
    ],
    // "send a text saying I'm on my way": what to say, not yet to whom
    askShapes: [
      {
        t: "(send|write) a (text|sms|text message) (saying|that says) {message:body}",
        args: { via: "text" },
      },
      // "text him that I'm outside": a pronoun is someone said before, not a name: who is asked
      { t: "(text|sms|message) (him|her|them) (that|saying) {message:body}", args: { via: "text" } },
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
      if (input.fixed.split === true) return splitMessage(input);
      if (input.fixed.colon === true) {
        // Only a colon says where the name ends and the message starts
        const m = /\b(?:message|text|sms) to\s+(?:the\s+)?([^:]{1,40}?)\s*:\s*(.+?)\s*$/i.exec(
          input.env.text,
        );
        return m ? { via: "text", query: m[1]!, message: m[2]! } : undefined;
      }
      const args = slotsAsArgs(input);
      // "dial nine one one": a number said in words is not a contact's name; a whole phone
      // number in digits is who to ring or text ("text 07700 900123 saying …")
      const query = String(args.query ?? "");
      const name = query.split(/\s+/);
      const phone = /^\+?\d[\d ]{5,}\d$/.test(query);
      return !phone && name.every((w) => isNumberWord(w) || /^\d+$/.test(w)) ? undefined : args;
    },
    fallback: (input) => {
      // "dial 0161 496 0000": a whole phone number in digits is who to call (a short code is not)
      const dialled = /\b(call|ring|phone|dial|text|sms)\s+(\+?\d[\d -]{5,}\d)\b/i.exec(input.env.text);
      if (dialled && dialled[2]!.replace(/\D/g, "").length >= 7)
        return { query: dialled[2]!, ...(/^(?:text|sms)$/i.test(dialled[1]!) ? { via: "text" } : {}) };
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
    refersTo: ({ query }) => (typeof query === "string" ? { it: query } : undefined),
    ask: { query: "Who should I look up?" },
    lookup: {
      nouns:
        /\b(?:contacts?|phone numbers?|numbers? (?:of|for)|'s (?:cell |mobile |phone |home |work )?number|cell|mobile|e ?mail (?:id|address)|mail address|address book|phone book|contact details)\b/,
      rank: 6,
    },
    describe: ({ query }) => (typeof query === "string" ? `Look up ${query} in your contacts` : undefined),
    beyond: (args, env) => businessLine(args, env, "look up"),
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
    // Contact details asked as having them ("do I have an email for the nursery"), or the
    // contacts named first ("in my contacts, find the garage"): matched, not taught
    shapes: [
      "(do i have|have i got|have you got|is there|got) (an|a|any) (email|email address|e mail|mail address|number|phone number|mobile number|address|contact) (for|of) {query:text}",
      "(in|from) my (contacts|address book|phone book|contact list) [,] (find|look up|search for|get|show me|pull up) {query:text}",
    ],
    // Only the name is searched: "does bob live in france" looks bob up
    build: ({ values, env }) => {
      if (typeof values.query !== "string") return undefined;
      // The shapes' free name drops its article ("an email for the nursery" is "nursery")
      if (!/^\W*(?:do i have|have i got|have you got|is there|got|in my|from my)\b/i.test(env.text))
        return { query: values.query };
      const name = values.query
        .trim()
        .replace(/[?.!]+$/, "")
        .replace(/^(?:the|my|our)\s+/i, "");
      return name && name.split(/\s+/).length <= 5 ? { query: name } : undefined;
    },
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
function contactName(input: GuessInput): string | undefined {
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

const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/;

function contactPartial(input: GuessInput): Args | undefined {
  const text = input.env.text.replace(/\s+dot\s+/gi, ".").replace(/\s+at\s+(?=[\w-]+\.)/gi, "@");
  const email = EMAIL.exec(text)?.[0];
  return email ? { email } : undefined;
}

const CONTACT_EDIT_INTENTS: IntentTable = {
  contacts_add: {
    ask: { name: "What's the name?", email: "What's the email address?" },
    describe: ({ name, email, phone }) =>
      typeof name === "string" || typeof email === "string"
        ? `Add ${[name, email, phone].filter((v) => typeof v === "string").join(", ")} to your contacts`
        : undefined,
    anchors:
      /\b(?:add|save|create|store|put|new|insert|update)\b.*\b(?:contacts?|address book|e ?mail|address|number)\b/,
    vetoes: /\b(?:lists?|calendar|playlist|reminders?)\b/,
    templates: [
      "(add|save|put|store) {who:contact} (to|in|into) [my] (contacts|contact list|address book)",
      "(add|save) [a] [new] contact [named|called|for] {name:contact} [with] [email|e mail|address] {who:contact}",
      "(add|save|store) {who:contact} as [a|an] [new] [email] contact",
    ],
    // A name or an address where either may stand: an address is the email, anything else the name
    build: ({ values }) => {
      const args: Args = {};
      for (const value of [values.name, values.who, values.email]) {
        if (typeof value !== "string") continue;
        // a spoken address: "mlopez@mail dot net"
        if (value.includes("@")) args.email = value.replace(/\s+dot\s+/gi, ".").replace(/\s+/g, "");
        else args.name ??= value;
      }
      if (typeof values.phone === "string" || typeof values.phone === "number")
        args.phone = String(values.phone);
      return args;
    },
    samples: [
      "add a new contact",
      "save this email address to my contacts",
      "add this person to my address book",
      "create a contact for my new neighbor",
      "store this number in my contacts",
      "put this email in my contact list",
      "add his email to my contacts",
      "save her phone number",
      "make a new contact entry",
      "add the sender to my contacts",
      "save this address as a contact",
      "new contact please",
      "add my colleague's email to the address book",
      "keep this email address in my contacts",
    ],
    partial: contactPartial,
    // "add a new contact for maria lopez mlopez@mail dot net": the address, and the name before it
    fallback: (input) => {
      const found = contactPartial(input);
      if (!found) return undefined;
      const said = input.env.text.toLowerCase();
      const name =
        /\b(?:for|named|called|contact|as)\s+((?:[a-z]+\s){0,2}[a-z]+)\s+(?:with\s+)?(?:e ?mail\s+|address\s+)?[\w.+-]+\s*@/.exec(
          said,
        )?.[1];
      const clean = name?.replace(/^(?:for|named|called|as)\s+/, "");
      return clean && !/\b(?:new|my|the|a|email|mail|address|contact)\b/.test(clean)
        ? { ...found, name: clean }
        : found;
    },
  },
};

export const CONTACTS_LANGUAGE = withPhrasings(
  byTool(CONTACT_SAID_INTENTS, CONTACT_INTENTS, CONTACT_EDIT_INTENTS),
  SAMPLES,
);
