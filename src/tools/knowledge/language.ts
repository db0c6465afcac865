import { type Args, findFiles, slotsAsArgs } from "../../brain/nlu/language/index.js";
import { countTail } from "../../brain/nlu/slots/count-tail.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask to search their own documents (the team's own sentences). */
const MY_DOCS =
  "(my|the) [insurance|tax|work|house|car|pension|medical] (documents|docs|knowledge base|knowledgebase|library|papers|pdfs|files and notes|archive|saved documents|paperwork|manuals)";

/** Papers of one's own with a word or two of what they are ("my lecture pdfs", "the indexed docs"). */
const OWN_DOCS =
  "(my|the|our) [saved|stored|indexed|uploaded|own] [{kind:label}] (documents|docs|papers|pdfs|paperwork|library|knowledge base|knowledgebase|manuals|handbooks)";

/** One's papers or course notes: kept documents that may hold a passage. */
const OWN_DOCS_OR_NOTES =
  "(my|the|our) [saved|stored|indexed|uploaded|own] [{kind:label}] (documents|docs|papers|pdfs|paperwork|library|knowledge base|notes|course notes|lecture notes|uni notes)";

/** A path said as words with slashes ("Documents/Recipes"), which the file reader may cut. */
function slashedPath(text: string): string | undefined {
  return /(?:^|\s)((?:~\/|\.{1,2}\/|\/)?[\w.-]+(?:\/[\w.-]+)+)/.exec(text)?.[1];
}

/** A path that names nothing but the root came from a cut reading: the words with slashes instead. */
function pathArg(path: unknown, text: string): string | undefined {
  if (typeof path === "string" && path !== "/" && path.trim()) return path;
  return slashedPath(text);
}

/** "X, give me 10 passages": the count said with the words is how many passages (nlu44). */
function withCount(args: Args): Args {
  const counted =
    typeof args.query === "string" && args.limit === undefined ? countTail(args.query, 20) : undefined;
  return counted ? { ...args, query: counted.query, limit: counted.count } : args;
}

const KNOWLEDGE_INTENTS: IntentTable = {
  knowledge_search: {
    capability: { area: "Your documents", can: "search the documents you added" },
    neverAsk: true,
    describe: ({ query }) => (typeof query === "string" ? `Search your documents for ${query}` : undefined),
    medium:
      /\b(?:knowledge ?base|library|archive|search\w*|look through|go through|about|regarding|say|says|said|mention\w*|according|(?:inside|within|through|among|across|into) (?:my|the|our)|pdfs|papers|paperwork|(?:check|search|look through|go through) (?:my|the) (?:\w+ )?(?:docs|documents))\b/,
    templates: [
      `(search|check|look through|look in|go through) ${MY_DOCS} (for|about|on) {query}`,
      `(what do|what does) ${MY_DOCS} say about {query}`,
      `(find|look for|search for|look up) {query} in ${MY_DOCS}`,
      `(find|search) in ${MY_DOCS} [anything|something|everything] (about|on|regarding) {query}`,
      `(do i have|is there) (any|a|anything) (documents|docs|document|paper|papers) (about|on|regarding) {query}`,
      `(find|show) [me] (documents|docs|papers) (about|on|regarding) {query}`,
      `according to ${MY_DOCS} {query}`,
      `(look up|find|search for) {query} in ${MY_DOCS} [{tail:text}]`,
      `(do|does) (any of my|my) (documents|docs|papers|files|notes) (mention|say anything about|talk about) {query}`,
    ],
    // "my saved docs", "the indexed papers": kept papers named by how they were kept. Matched,
    // not taught, so training is the same
    shapes: [
      "(search|check|look through|look in|go through) (my|the) (saved|stored|indexed|uploaded) (documents|docs|papers|pdfs|files) (for|about|on) {query}",
      // One's own papers named as the place to search, the words after "for" or a colon
      // ("search my own documents for …", "search the knowledge base: …")
      `(search|check|look through|look in|go through) ${OWN_DOCS} [for|about|on] {query}`,
      // Searched *inside* one's papers: the preposition says where, so the web never is
      `(search|look|dig|hunt|check) (inside|within|through|in|among|across|into) ${OWN_DOCS} (for|about|on) {query}`,
      // Passages asked by how many ("give me 5 passages about X from my notes")
      `[give me|show me|find|get|find me] [the] [top|best] {limit:number} (passages|bits|extracts|excerpts|snippets) (about|on|mentioning|regarding) {query} (from|in) ${OWN_DOCS_OR_NOTES}`,
      `[give me|show me|find|get|find me] [the] [top|best] {limit:number} (passages|bits|extracts|excerpts|snippets) (in|from) ${OWN_DOCS_OR_NOTES} (about|on|mentioning|regarding) {query}`,
      `(find|show me|tell me) where ${OWN_DOCS_OR_NOTES} (mention|mentions|talk about|say something about) {query} [,] [give me|show me] {limit:number} (passages|bits|extracts|excerpts|snippets)`,
      // A question scoped to one's papers first ("in my course pdfs, what is …")
      `(in|from|according to) ${OWN_DOCS} [,] {query:text}`,
    ],
    // The kind said before the papers is how they were named, not what to look for; a folder
    // after "in my documents" is a place, not a question
    build: (input) => {
      const { kind: _kind, ...args } = slotsAsArgs(input);
      const query = typeof args.query === "string" ? args.query.trim() : "";
      // Files of a kind ("any pdf in my Documents …") are looked for by name, not asked of the papers
      const kindOfFile =
        /^(?:any|all|every|the|some)? ?(?:pdfs?|files?|photos?|pictures?|images?|spreadsheets?|docs?)$/i;
      return query && !/^(?:folder|directory|dir)\b/i.test(query) && !kindOfFile.test(query)
        ? withCount(args)
        : undefined;
    },
    samples: ["search my notes", "look in my documents", "check the knowledge base", "what do my files say"],
    // Papers of one's own: the question itself is what to look for
    anchors:
      /\b(?:(?:my|the|our) (?:\w+ ){0,2}(?:documents?|docs|notes|handbooks?|manuals?|contracts?|agreements?|polic(?:y|ies)|leases?|warrant(?:y|ies)|guides?|paperwork|papers|letters?|minutes|knowledge base|files)|according to|knowledge base)\b/,
    // Every pdf or photo in a folder is a file search, not a question to the documents
    vetoes:
      /\b(?:remind|calendar|email|mail|inbox|list|alarm|timer|account)\b|\b(?:all|every|any) (?:the |my |of my )?(?:pdfs?|files|photos|pictures|images|spreadsheets|docs|documents)\b|\b(?:put|add|import|load|upload|index)\b(?: \w+){0,4} (?:in|into|to) (?:my |the )?knowledge ?base\b/,
    fallback: (input) => {
      const query = input.env.text.trim().replace(/[?!.]+$/, "");
      return query.split(/\s+/).length >= 3 ? { query } : undefined;
    },
  },
};

const KNOWLEDGE_ADD_INTENTS: IntentTable = {
  knowledge_add: {
    ask: { path: "Which file or folder?" },
    describe: ({ path }) => (typeof path === "string" ? `Add ${path} to your documents` : undefined),
    templates: [
      "(add|put|import|load) [the|my] [folder|file|document|directory] {path} (to|into|in) [my|the] (knowledge base|knowledgebase|documents|library|searchable documents)",
      "(index|learn|ingest|read in) {path}",
      "(make|let) {path} searchable",
      "(re index|reindex|re-index|refresh|update) [the|my] [folder] {path} [in the knowledge base] [{tail:text}]",
    ],
    // Added for what it is for: to be searched later ("… so I can search it", "add X to what you
    // can search"). Matched, not taught
    shapes: [
      "(index|add|load|import) [the|my] [folder|file|directory] {path} so [that] (i|you|we) (can|could) (search|look through|look in|find things in|go through|query) [it|them|in it|in them] [later|afterwards|from now on]",
      "(add|put) [the|my] [folder|file|document] {path} (to|into|in|among) (what|the things|the stuff|the documents) (you|i) can (search|look through|look up)",
      "(make|let) [the|my] [folder|file] {path} (something|a thing|one of the things) (you|i) can search",
      // A folder named by a plain word ("my recipes folder"), or the document named by what it is
      // and its place said after ("learn the oven manual, it is in downloads/oven-manual.pdf")
      "(add|put|load|import) [the|my] {folder:label} (folder|directory) (to|into|in) [my|the] (knowledge base|knowledgebase|library|searchable documents)",
      "(learn|index|add|read in|take in) [the|my] {what:text} [,] (it is|its|which is|you will find it|you can find it) (in|at) {where:text}",
    ],
    build: (input) => {
      const { folder, what: _what, where, ...args } = slotsAsArgs(input);
      if (typeof folder === "string") return { path: `~/${folder.trim()}` };
      if (typeof where === "string") {
        const place = where.trim().replace(/[.!?]+$/, "");
        return /\//.test(place) || /\.[a-z0-9]{1,5}$/i.test(place) ? { path: place } : undefined;
      }
      const path = pathArg(args.path, input.env.text);
      return path ? { ...args, path } : undefined;
    },
    samples: ["add this pdf to my documents", "index my notes folder", "learn this file"],
    asks: [
      "(add|put) [a|the|this|that] (file|folder|document) (to|into|in) [my|the] (knowledge base|knowledgebase|library)",
    ],
    anchors: /\b(?:index|re ?index|knowledge|searchable|learn|ingest|read in|library)\b/,
    fallback: (input) => {
      const path = pathArg(findFiles(input)[0], input.env.text);
      return path ? { path } : undefined;
    },
  },
};

export const KNOWLEDGE_LANGUAGE = withPhrasings(byTool(KNOWLEDGE_INTENTS, KNOWLEDGE_ADD_INTENTS), SAMPLES);
