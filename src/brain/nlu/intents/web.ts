import { findUrl } from "./helpers.js";
import type { Args, BuildInput, IntentTable } from "./types.js";

/** Web, browser, knowledge, memory and files. */

function newsQuery(input: BuildInput): Args | undefined {
  const query = input.values.query;
  return typeof query === "string" ? { query: `${query} news` } : undefined;
}

const ONLINE = "(online|on the web|on the internet|on google|on the net|on duckduckgo)";

function searchQuery(input: BuildInput): Args | undefined {
  const query = input.values.query;
  if (typeof query !== "string" || /^(?:in|on|and|at|to|the contacts?|contacts?)\b/i.test(query))
    return undefined;
  // "search jack in contacts", "search my plans for the coming week": one's own data, not the web
  if (
    /\b(?:in|from) (?:my |the )?(?:contacts?|address book|phone book|calendar|inbox|e ?mails?)$|^(?:my )?(?:schedules?|calendar|agenda|contacts?|inbox)\b/i.test(
      query,
    )
  )
    return undefined;
  return { query };
}

export const WEB_INTENTS: IntentTable = {
  web_search: {
    build: searchQuery,
    templates: [
      "(search|google|bing|look up|search for|web search|search up|research) {query}",
      "(search|look) (the web|online|the internet|the net|google|duckduckgo) for {query}",
      "search (on|in) (google|the web|the internet) for {query}",
      `(find|search for|look for|look up|search) {query} ${ONLINE}`,
      "(do a|run a|make a) (web search|google search|search) (for|on|about) {query}",
      "(find|get) me (information|info|results|articles|links) (about|on) {query}",
      "what does the (internet|web) say about {query}",
    ],
    samples: ["search the internet", "google something for me", "do a web search", "look it up online"],
  },
  web_search_news: {
    tool: "web_search",
    templates: [
      "search the news (for|about) {query}",
      "(find|get|show) [me] [the] [latest] news (about|on|regarding) {query}",
      "(find|get|show) [me] [the] [latest] {query} news",
    ],
    build: newsQuery,
  },
  browser_navigate: {
    anchors: /./,
    templates: [
      "(go to|open|navigate to|browse to|visit|load|take me to|pull up|show me|bring up|head to) [the] [website|site|page|url|web page] {url} [website|site|page]",
      "(open|load|show) {url} in (the|a|my) (browser|new tab|tab|firefox|chrome|chromium)",
      "(open|visit|go to) the (website|site|page) (at|called) {url}",
    ],
    samples: ["open the website", "go to the page", "open this link", "browse to the site"],
    fallback: (input) => {
      const url = findUrl(input);
      return url ? { url } : undefined;
    },
  },
  web_fetch: {
    anchors: /./,
    templates: [
      "(fetch|download|grab|retrieve|scrape|get) [the] [page|content|contents|text|html|source] [at|of|from] {url}",
      "(read|summarize|summarise) [me] [the] (page|article|site|website) at {url}",
      "what does {url} say",
    ],
    samples: ["fetch this page", "download the page", "get the contents of the page"],
    fallback: (input) => {
      const url = findUrl(input);
      return url ? { url } : undefined;
    },
  },
};

const MY_DOCS =
  "(my|the) (documents|docs|notes|knowledge base|knowledgebase|library|papers|pdfs|files and notes|archive|saved documents)";

export const KNOWLEDGE_INTENTS: IntentTable = {
  knowledge_search: {
    templates: [
      `(search|check|look through|look in|go through) ${MY_DOCS} (for|about|on) {query}`,
      `(what do|what does) ${MY_DOCS} say about {query}`,
      `(find|look for|search for|look up) {query} in ${MY_DOCS}`,
      `(find|search) in ${MY_DOCS} [anything|something|everything] (about|on|regarding) {query}`,
      `(do i have|is there) (any|a|anything) (notes|documents|docs|document|note|paper) (about|on|regarding) {query}`,
      `(find|show) [me] (notes|documents|docs|papers) (about|on|regarding) {query}`,
      `according to ${MY_DOCS} {query}`,
    ],
    samples: ["search my notes", "look in my documents", "check the knowledge base", "what do my files say"],
  },
  memory_remember: {
    templates: [
      "remember that {text}",
      "remember {text:fact}",
      "(note|make a note|take note|keep in mind|do not forget|don't forget|never forget|memorize|memorise) that {text}",
      "(save|store|record) (the fact|this fact|this|the information) that {text}",
      "(please|also) remember that {text}",
      "for future reference {text:fact}",
      "just so you know {text:fact}",
    ],
    samples: ["remember this for me", "store this fact", "make a note of this", "keep this in mind"],
  },
  memory_recall: {
    templates: [
      "what do you (remember|know) about {query}",
      "do you remember {query}",
      "what did i (tell|say to) you about {query}",
      "(recall|remind me of) {query}",
      "what have i told you about {query}",
      "(tell me|show me) what you (remember|know) about {query}",
      "what do you have (on|about) {query} in your memory",
    ],
    samples: ["what do you remember", "what have i told you", "search your memory"],
  },
};

const FILE = "(file|files|document|doc)";
const NAMED = "(called|named|titled|with the name|with name)";
const IN_PATH = "[in|inside|under] {path}";

export const FILE_INTENTS: IntentTable = {
  files_search: {
    templates: [
      `(find|search for|look for|locate|where is|where are|show me) [the|my|a|any|all] ${FILE} ${NAMED} {query} [${IN_PATH}]`,
      `(find|search for|look for|locate) [the|my|a|any|all] ${FILE} (containing|with|matching) {query} in the name [${IN_PATH}]`,
      "search (my|the) (files|computer|drive|disk|hard drive|folders) for {query}",
      `(find|search for|look for|locate) {query} (files|file) [${IN_PATH}]`,
      "where is (my|the) {query} file",
      `(find|locate) (my|the) {query} file [${IN_PATH}]`,
      "where did i (save|put|store) (my|the) {query} [file]",
      `(search|look) in {path} for {query}`,
    ],
    samples: ["find a file", "where is that file", "search my computer for a document", "locate the file"],
  },
  files_list: {
    templates: [
      `(list|show) [me] [the|all] [the] (files|contents|content|stuff|things) (in|inside|under|of) {path}`,
      "what is (in|inside) {path}",
      "what files are (in|inside) {path}",
      "(list|show) [me] {path}",
      "(show|open) [me] [the] contents of {path}",
      "(list|show) [me] (files|contents) [here]",
    ],
    samples: ["list my files", "show the folder contents", "what's in this folder"],
  },
};
