import { slotsAsArgs } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** Numbers and codes only the person could have told: asked back, they are memory's. */
const OWN_NUMBERS =
  "code|combination|combo|pin|pin number|registration|reg|number plate|membership number|policy number|locker number|shoe size|ring size|dress size|blood type";

/** What Jarvis reads elsewhere than in what it was told (the calendar, the mail, the device). */
const NOT_TOLD =
  /\b(?:schedule|calendar|agenda|diary|plans?|balance|weather|alarms?|timers?|reminders?|lists?|battery|volume|ip|e ?mail|inbox|meetings?|appointments?|next|day|week|location|time|name)\b/i;

/** How people ask Jarvis to remember and recall (the team's own sentences). */
const MEMORY_INTENTS: IntentTable = {
  memory_remember: {
    capability: { area: "Memory", can: "remember what you tell me and recall it" },
    ask: { text: "What should I remember?" },
    describe: ({ text }) => (typeof text === "string" ? `Remember that ${text}` : undefined),
    templates: [
      "remember that {text}",
      "remember {text:fact}",
      "(keep in mind|do not forget|don't forget|never forget|memorize|memorise) that {text}",
      "(save|store|record) (the fact|this fact|this|the information) that {text}",
      "(please|also) remember that {text}",
      "for future reference {text:fact}",
      "just so you know {text:fact}",
    ],
    samples: [
      "remember this for me",
      "store this fact",
      "keep this in mind",
      "my locker number is 48, remember it",
      "note that the spare key is under the blue pot",
      "for the record our wifi password is on the router",
    ],
    // "my locker code is 4471 - remember that", "note that Sam is vegetarian": a statement and the
    // words that ask to keep it. Matched, not taught: "note" and "remember" lead elsewhere too
    shapes: [
      "{text:fact} (remember|memorise|memorize|note|keep) (it|that|this) [for me|in mind|in your head|in your memory]",
      // The statement, then the order not to lose it ("…, don't forget it")
      "{text:fact} [,] (don't|dont|do not|never) forget (it|that|this)",
      "note that {text:fact}",
      // Kept for Jarvis itself, not written in a note or a reminder: "don't forget, X",
      // "keep in mind X", "make a note for yourself: X"
      "(don't forget|do not forget|keep in mind|bear in mind) [that] [,] {text:fact}",
      "(make|take|write) [a] note (for yourself|to yourself|for you|in your memory|in your head) [that] [:] {text:fact}",
      // The fact announced before it is said: "remember this: …", "mark this well: …" (a
      // literal "merk dir das"), "keep this in mind, …"
      "(remember|memorise|memorize|mark|learn) (this|that|the following) [well|for me|for later] (:|,) {text:fact}",
      "(keep|bear) (this|that|the following) in mind [:|,] {text:fact}",
    ],
    asks: ["(remember|memorise|memorize|keep in mind) (this|that|something) [for me]"],
    anchors: /\b(?:remember|memori[sz]e|keep in mind|don't forget|do not forget|note that)\b/,
    // A statement ends at its words: "… - remember that" leaves no dash behind
    build: (input) => {
      const args = slotsAsArgs(input);
      if (typeof args.text === "string") args.text = args.text.replace(/[\s,;:–—-]+$/, "");
      // "… put it in the calendar so I don't forget it": a request with its purpose, not a fact
      if (
        typeof args.text === "string" &&
        (/\?/.test(args.text) || /\bso(?: that)? (?:i|we)$/i.test(args.text))
      )
        return undefined;
      return args;
    },
    // "my bike lock code is 2231, remember it": the statement is what to remember
    fallback: (input) => {
      const text = input.env.text
        .replace(
          /[,.;:!-]*\s*(?:please\s+)?(?:can you\s+)?(?:remember|memori[sz]e|keep in mind|note) (?:it|that|this)(?: for me)?\s*[.!]*$/i,
          "",
        )
        .replace(/^(?:fyi|for the record|note that|remember that)[,:]?\s+/i, "")
        .trim();
      return text && text.length < input.env.text.length && text.split(/\s+/).length >= 3
        ? { text }
        : undefined;
    },
  },
  memory_recall: {
    refersTo: ({ query }) => (typeof query === "string" ? { it: query } : undefined),
    // "forget (all of) that" after what Jarvis knows about something: forget that something
    followUp: ({ kind, last, said }) =>
      kind === "undo" && said[0] === "forget" && typeof last.args.query === "string"
        ? { tool: "memory_forget", args: { query: last.args.query } }
        : undefined,
    neverAsk: true,
    medium:
      /\b(?:remember\w*|recall|told|tell|said|say|know|memory|memories|again|code|combination|combo|pin|registration|reg|size)\b/,
    templates: [
      "what do you (remember|know) about {query}",
      "do you remember {query}",
      "what did i (tell|say to) you about {query}",
      // Asked about something told before, whatever the question word: the telling names memory
      "(when|where|who|which|how|what) did i (tell|say to|mention to) you [that] {query}",
      "(when|where|who|which|how) did i (say|mention) [that] {query}",
      "(recall|remind me of) {query}",
      "what have i told you about {query}",
      "(tell me|show me) what you (remember|know) about {query}",
      "what do you have (on|about) {query} in your memory",
    ],
    // A fact of one's own asked back: "again" or "I told you" says it was told before ("who is
    // my dentist again", "what's my car reg, I told you last week"), or it is a code or a number
    // only the person could have given ("what's my locker code"). Matched, not taught
    shapes: [
      "(what is|who is|where is|when is|what was|who was|what are) my {query:label} again [,] [{tail:text}]",
      "(what is|who is|where is|when is|what was|who was|what are) my {query:label} [again] [,] i (told you|said|mentioned it|gave it to you) [{tail:text}]",
      `(what is|what was|what are) my {query:label} (${OWN_NUMBERS}) [again] [please]`,
    ],
    build: (input) => {
      const { tail: _tail, ...args } = slotsAsArgs(input);
      const query = typeof args.query === "string" ? args.query.trim() : "";
      // Another tool's own thing asked again ("what's my schedule again") is that tool's
      if (!query || NOT_TOLD.test(query)) return undefined;
      // A code said after the thing it opens is part of its name ("locker" + "code")
      const noun = new RegExp(
        `\\bmy ${query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} (${OWN_NUMBERS})\\b`,
        "i",
      ).exec(input.env.text)?.[1];
      return { ...args, query: noun ? `${query} ${noun}` : query };
    },
    samples: [
      "what do you remember",
      "what have i told you",
      "search your memory",
      "what's my locker number, i told you",
      "what did i tell you my nephew is called",
      "when did i say the boiler was serviced",
      "what was my bike lock code, i told you before",
    ],
    // Said as something told before: the question itself is what to look for
    anchors: /\b(?:i told you|did i (?:say|tell you|mention)|i said|i mentioned|told you)\b/,
    fallback: (input) => {
      const query = input.env.text.trim().replace(/[?!.]+$/, "");
      return query.split(/\s+/).length >= 3 ? { query } : undefined;
    },
  },
};

const MEMORY_FORGET_INTENTS: IntentTable = {
  memory_forget: {
    ask: { query: "What should I forget?" },
    describe: ({ query, id }) =>
      `Forget ${typeof query === "string" ? `what you told me about ${query}` : `memory ${id}`}`,
    templates: [
      "forget (about|what you know about|everything about|what i told you about) {query}",
      "(delete|erase|remove|wipe) (what you know|your memory|the memory|memories|everything you remember) (about|of) {query}",
      "(delete|erase|remove|forget) memory {id:text}",
      "(stop remembering|don't remember|do not remember) {query}",
      "forget (my|our) {query}",
    ],
    // A kept fact named by its id as the memory list shows it ("forget f12"); what was told
    // named by who told it and how much of it ("forget everything you know about Dave", "forget
    // what I said about the landlord"): matched, never taught (the words are any fact's)
    shapes: [
      "(forget|delete|erase|remove) [memory|fact] {id:text}",
      "[please] (forget|delete|erase|drop|scrap) (everything|anything|all|whatever|what|the things|all the things|all that|the stuff) (you know|you remember|you have|i said|i told you|i have told you|i've told you|i mentioned|you've got|you have got) (about|on|regarding) {query}",
    ],
    build: (input) => {
      const args = slotsAsArgs(input);
      if (typeof args.id !== "string") return args;
      const id = args.id.trim();
      return /^#?[a-z]\d{1,6}$/i.test(id) ? { id } : undefined;
    },
    samples: ["forget what i said about my ex", "wipe that memory", "erase that fact about me"],
  },
};

export const MEMORY_LANGUAGE = withPhrasings(byTool(MEMORY_INTENTS, MEMORY_FORGET_INTENTS), SAMPLES);
