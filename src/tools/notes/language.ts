import { slotsAsArgs } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask to jot something down and find it again (the team's own sentences). */
const NOTE = "(note|notes|memo|notebook)";

const NOTES_INTENTS: IntentTable = {
  notes_add: {
    capability: {
      area: "Notes",
      can: "write notes down and read them back",
      example: "take a note: call the plumber",
    },
    ask: { text: "What should I write down?" },
    describe: ({ text, title }) =>
      typeof text === "string"
        ? `Write down "${text}"${typeof title === "string" ? ` in ${title}` : ""}`
        : undefined,
    templates: [
      "(take|make|write|jot|add|create|start) [a|me a|down a] [new|quick] note [that|saying|:] {text:body}",
      "(note|jot|write) (down|this down) [that] {text:body}",
      "(write|jot|put) (down|in a note) {text:body}",
      "(add|put|write) {text:body} (to|in|into|on) [my|the] {title:label} (note|notes)",
      "(add|put|write) {text:body} (to|in|into) my notes",
      "new note {text:body}",
      "note to self {text:body}",
      // A note headed by what it is for ("note for the plumber: ..."): the heading is its title.
      "[a] note (for|about|on) {title:label} : {text:body}",
    ],
    // A note dictated after its word and a colon ("note: the fence needs paint"). Matched, not
    // taught: "note" leads to memory and to music too
    shapes: [
      { t: "(note|memo|jot) : {text:body}", args: { colon: true } },
      // A note named by its title, the words after ("add to my recipes note: …") or the title
      // said last ("add … to my note called Garden"). Matched, never taught
      "(add|put|write|append) (to|in|into|on) [my|the] {title:label} (note|notes) [:] {text:body}",
      "(add|put|write|append) {text:body} (to|in|into|on) [my|the] note (called|named|titled) {title:label}",
      // …with the verb of writing down before where ("jot down in the note called X: …", "write
      // this down in my X note: …"): the colon ends the place, the words after it are the note's
      "(jot|write|put|note|get) [this|it|that] down (to|in|into|on) [my|the] {title:label} (note|notes) : {text:body}",
      "(jot|write|put|note|get|add|append) [this|it|that] [down] (to|in|into|on) [my|the] note (called|named|titled) {title:label} : {text:body}",
    ],
    // "a note for yourself / in your memory" is kept by Jarvis, not written in a note
    build: (input) => {
      const { colon, ...args } = slotsAsArgs(input);
      // The colon is what makes "note: …" a note: the words never keep it, the text does
      if (colon === true && !/^\W*(?:note|memo|jot)\s*:/i.test(input.env.text)) return undefined;
      return typeof args.text === "string" &&
        /^(?:for yourself|to yourself|for you|in your (?:memory|head))\b/i.test(args.text.trim())
        ? undefined
        : args;
    },
    samples: ["take a note", "i want to write something down", "jot this down for me", "make a quick note"],
    negatives: ["what notes does a piano have", "play the high note", "make a note of the song's key"],
  },
  notes_list: {
    describe: () => "List your notes",
    templates: [
      // Plural only: "read me my note" names one note (which one is asked), not the list.
      "(show|list|read) [me] [all] [of] my (notes|memos|notebook)",
      `what ${NOTE} (do i have|have i got|have i written|did i take)`,
      `(how many) ${NOTE} (do i have|have i got)`,
      `what ${NOTE} (do|have) i (have|got)`,
    ],
    samples: ["which notes have i made", "open my notes", "my notes please"],
  },
  notes_read: {
    ask: { title: "Which note?" },
    describe: ({ title }) => (typeof title === "string" ? `Read your note "${title}"` : undefined),
    templates: [
      "(read|show|open) [me] [my|the] {title:label} (note|notes)",
      "(read|show|open) [me] [my|the] note (about|called|named|on) {title:label}",
      "what is in my {title:label} note",
    ],
    // "my note" with no name: which one is asked, not the whole list read.
    asks: ["(read|show|open) [me] (my|the|a) note"],
    samples: ["read me that note", "open the note about the trip"],
  },
  notes_search: {
    describe: ({ query }) => (typeof query === "string" ? `Look for "${query}" in your notes` : undefined),
    templates: [
      `(search|look through|check|go through) my ${NOTE} for {query}`,
      `(find|look for) {query} in my ${NOTE}`,
      `(find|show|get|look for|search for) [me] my ${NOTE} (about|on|mentioning|regarding) {query}`,
      `did i (write|note|jot) (down|anything) about {query}`,
      `(do i have|have i got) [a|any] ${NOTE} (about|on|mentioning) {query}`,
    ],
    // Searched with no "my" ("search notes for rye"): the notes are still one's own, never the web
    shapes: [
      "(search|look through|check|grep|go through) [the] (notes|memos) for {query}",
      // Asking which note holds something ("which note did I put the alarm code in")
      "(which|what) (note|notes) (did|have) i (put|write|save|keep|jot|store) {query} (in|on|into)",
      // The note asked for by what it holds, as a question about one's notes ("which of my
      // notes mentions the boiler", "which note had the gate code in it", "find notes
      // mentioning the van"): whatever is in them is the query
      {
        t: "(which|what) [one] [of my|of the] (note|notes) (mention|mentions|mentioned|had|has|have|contain|contains|contained|says|said|talk about|talks about|has got|had got) {query} [in it|in them|on it]",
        args: { holds: true },
      },
      {
        t: "(find|show|get|pull up|look for) [me] [the|any|all] (note|notes) (mentioning|that mention|that mentions|containing|that contain|that has|that had|with) {query} [in it|in them]",
        args: { holds: true },
      },
    ],
    // "which notes have I got": "have" there asks what the person has, no note's words
    build: (input) => {
      const query = typeof input.values.query === "string" ? input.values.query.trim() : undefined;
      if (!query) return undefined;
      if (input.fixed.holds === true && /^(?:i|we|you|they|he|she|i've|ive|got)\b/i.test(query))
        return undefined;
      return { query };
    },
    samples: ["what did i note about the car", "search the notes i took"],
  },
};

export const NOTES_LANGUAGE = byTool(NOTES_INTENTS);
