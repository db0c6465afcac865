import {
  type BuildInput,
  findFiles,
  findUrl,
  type GuessInput,
  parseNumber,
  slotsAsArgs,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** "in 4 points", "no more than 8", "5 bullets": how many points, when said. */
function maxPoints(words: readonly string[]): number | undefined {
  const said = words.join(" ");
  const m =
    /\b(\w+) (?:key |main )?(?:points|bullets|bullet points|takeaways)\b/.exec(said) ??
    /\b(?:no more than|at most|max|maximum|up to) (\w+)\b/.exec(said);
  const n = m ? parseNumber([m[1]!]) : undefined;
  return n !== undefined && n >= 1 && n <= 20 ? n : undefined;
}

/** A path said with slashes ("reports/q3.md"), which the file reader may cut to the root. */
function slashedPath(text: string): string | undefined {
  return /(?:^|\s)((?:~\/|\.{1,2}\/|\/)?[\w.-]+(?:\/[\w.-]+)+)/.exec(text)?.[1];
}

/**
 * A template's arguments: a path cut to the root read again from the words, the number of
 * points said anywhere ("…, five bullets max"), the words around the request dropped.
 */
function summaryArgs(input: BuildInput): Record<string, unknown> | undefined {
  // Why after the document ("…, I'm too tired to read it all") is kept out; a second request is
  // not a reason
  if (/\b(?:and then|then|also)\b/i.test(String(input.values.tail ?? ""))) return undefined;
  const { tail2: _tail, what: _what, ...args } = slotsAsArgs(input);
  if (args.path === "/") {
    const path = slashedPath(input.env.text);
    if (!path) return undefined;
    args.path = path;
  }
  if (typeof args.document === "string" && /^(?:it|this|that|one|the)$/i.test(args.document.trim()))
    return undefined;
  const points = args.max_points ?? maxPoints(input.env.text.toLowerCase().split(/[^\w]+/));
  return { ...args, ...(points ? { max_points: points } : {}) };
}

/** The document a classifier reading names: a URL, else a path. */
function documentIn(input: GuessInput): Record<string, unknown> | undefined {
  const url = findUrl(input) ?? input.words.find((w) => /^(?:www\.)?[a-z0-9-]+\.[a-z]{2,}\//.test(w));
  const found = url ? undefined : findFiles(input)[0];
  const path = found === "/" ? slashedPath(input.env.text) : found;
  if (!url && !path) return undefined;
  const points = maxPoints(input.words);
  return { ...(url ? { url } : { path }), ...(points ? { max_points: points } : {}) };
}

/**
 * A summary asked in any order around the document: the words that ask for the gist ("sum up",
 * "the main things", "briefly", "in short", "key points") and the document (a path with a
 * document's extension, or a web address) anywhere in the sentence, whatever the writer put
 * between them ("could you sum up the contract in Documents/lease.docx? just the main things").
 * The document's own name is taken out first, so "summary.pdf" asks for nothing.
 */
const GIST =
  /\b(?:sum(?:s|med)? (?:it |this |that )?up|summar(?:y|ies|ise|ize|ising|izing)|key points|main (?:points|things|bits)|gist|in short|in brief|briefly|short version|tl ?;? ?dr|the highlights)\b/i;
/** A document's path or a page's address, as typed. */
const DOCUMENT =
  /(?:https?:\/\/\S+|(?:~\/|\.{1,2}\/|\/)?[\w.-]*(?:\/[\w.-]+)*[\w-]\.(?:pdf|docx?|odt|rtf|txt|md|pptx?|epub|html?))(?=[\s,.;:!?)]|$)/i;
/** Another thing done with the document or its summary: a request of its own, never a summary alone. */
const OTHER_ACT =
  /\b(?:send|e-?mail|mail|forward|attach|save|write|copy|move|delete|remove|rename|print|share|open|translate|compare|upload|download|convert|search|find)\b/i;

function summaryAnyOrder(input: BuildInput): Record<string, unknown> | undefined {
  const text = input.env.text;
  const doc = DOCUMENT.exec(text);
  if (!doc) return undefined;
  const around = `${text.slice(0, doc.index)} ${text.slice(doc.index + doc[0].length)}`;
  if (!GIST.test(around) || OTHER_ACT.test(around)) return undefined;
  const found = doc[0].replace(/[.,;:!?)]+$/, "");
  const points = maxPoints(around.toLowerCase().split(/[^\w]+/));
  return {
    ...(/^https?:/i.test(found) ? { url: found } : { path: found }),
    ...(points ? { max_points: points } : {}),
  };
}

/** How people ask for the gist of a document, a page or a video (the team's own sentences). */
const DOCS_INTENTS: IntentTable = {
  docs_summarize: {
    capability: { area: "Your documents", can: "summarize a document, a page or a video" },
    ask: { path: "Which document?" },
    handles: [
      { kind: "u", verbs: ["summarize"], arg: "url" },
      { kind: "f", verbs: ["summarize"], arg: "path" },
    ],
    describe: ({ path, url }) => `Summarize ${path ?? url ?? "that"}`,
    templates: [
      "(summarize|summarise|sum up|recap|digest) [the|this|that] [document|file|pdf|report|paper] {path}",
      "(give me|what is) [the] (gist|summary|main points|key points|highlights) of [the|this] [document|file|pdf|report|paper] {path}",
      "(summarize|summarise|sum up) [the|this] (page|article|web page|video|youtube video) {url}",
      "(give me|what is) [the] (gist|summary|main points|key points) of [the|this] (page|article|video) {url}",
      "(summarize|summarise) {path} in {max_points:number} (points|bullets|bullet points)",
      "(summarize|summarise|sum up|boil down) [the] (page|article|web page|site) at {url} [(in|into|as) {max_points:number} (points|bullets|bullet points)]",
      "what is {path} about",
      "(tldr|tl dr|too long did not read) [of|for] [the|this|that] [document|file|pdf|report|paper] {path}",
      "(tldr|tl dr) [of|for] [the|this|that] [page|article|web page|video|youtube video] {url}",
      "(give me|what are|list) [the] (gist|summary|main points|key points|highlights|takeaways|key takeaways) (of|from|in) [the|this] [page|article|web page|video|youtube video] {url}",
    ],
    // A kept document named by what it is ("the pension letter I put in your library", "the
    // indexed doc thesis-v2"), then asked for its gist or what it says. Matched, not taught
    shapes: [
      "(summarize|summarise|sum up|recap|boil down) the (indexed|saved|stored) (doc|document|file|pdf|paper|report) {document:label} [{tail:text}]",
      "(summarize|summarise|sum up|recap|boil down) [the|my] {document:label} (i|that i|you) (indexed|added|saved|stored|uploaded) [{tail:text}]",
      "[the|my] {document:label} (i|that i) (put|added|saved|stored|indexed|uploaded|gave you) [in|to|into] [your|my|the] [library|documents|knowledge base] [{tail:text}] what (it says|it is about|does it say|it means) [{tail2:text}]",
      // The page named with "at" before its address ("key takeaways from the page at …"), and
      // the main things asked of a document named with its path after
      "[give me|what are|list] [the] (gist|summary|main points|key points|highlights|takeaways|key takeaways) (of|from|in) the (page|article|web page|video|site) at {url}",
      "what (were|are) the (main|key|important|big) (things|points) in [the|this|my] [{tail:text}] [,] {path}",
      // "Resume" as a summary, the way many speakers of other languages say it, only with the
      // document named; a document shortened to its main things
      "resume (the|this|that|my) (document|file|pdf|report|text|article|paper) {path} [please|for me]",
      "(shorten|condense|cut down|boil down) [the|my] [{what:text}] (in|from) {path} [for me] [,] [just|only] [give me] [the] [main|key|important] [things|points] [please]",
      // The number of points said after the path as a cap ("…, five bullets max")
      "(summarize|summarise|sum up|boil down|condense) [the|this] [document|file|pdf|report|paper] {path} [for me] [,] {max_points:number} (points|bullets|bullet points) (max|maximum|at most|tops|or fewer|or less)",
      "(summarize|summarise|sum up|boil down|condense) [the|this] [document|file|pdf|report|paper] {path} [for me] [,] (no more than|at most|max|maximum|up to) {max_points:number} (points|bullets|bullet points)",
      // The summary named by a word for short ("the short version of …", "a quick rundown of
      // …"), or asked with why after the document; any of the verbs
      "[give me|i want|i need|can i have|get me|can you do] [the|a] [quick|short|brief] (short version|shorter version|summary|gist|rundown|recap|tldr|quick version|overview) (of|for) [the|this|my] [document|file|pdf|report|letter|paper] {path} [please|for me] [,] [{tail:text}]",
      "(summarize|summarise|sum up|boil down|condense|shorten|recap) [the|this|my] [document|file|pdf|report|letter|paper] {path} [for me|please] [,] [{tail:text}]",
    ],
    build: summaryArgs,
    asks: [
      "(summarize|summarise|sum up|recap) [the|this|that|a|my] (document|file|pdf|report|paper|article|page)",
      "(give me|what is) [the] (gist|summary|main points|key points) of [the|this|that|a] (document|file|pdf|report|paper)",
    ],
    samples: [
      "tldr of that pdf",
      "summarize that document for me",
      "boil this report down to a few points",
      "condense ~/Work/notes/meeting.docx into a few bullets",
      "the short version of ~/Documents/lease.pdf please",
      "key points of https://example.com/report.pdf",
      "sum up this article https://news.example.org/story",
      "what's ~/Uni/essay.docx about, give me a summary",
      "give me 5 main points from ~/Downloads/guide.pdf",
      "i don't have time to read ~/papers/study.pdf, what does it say in short",
      "boil down the video https://www.youtube.com/watch?v=abc123",
      "summarise the pdf at ~/Documents/policy.pdf in three bullets",
    ],
    anchors:
      /\b(?:summar\w+|sum up|gist|key points|main points|short version|condense|tl ?dr|takeaways|boil|in short|bullets?|about)\b/,
    fallback: documentIn,
  },
};

const DOCS_ANY_ORDER: IntentTable = {
  docs_any_order: {
    tool: "docs_summarize",
    describe: ({ path, url }) => `Summarize ${path ?? url ?? "that"}`,
    ask: { path: "Which document?" },
    // Never taught: the sentence is the writer's, only its two parts are read
    shapes: ["{said:text}"],
    build: summaryAnyOrder,
  },
};

export const DOCS_LANGUAGE = byTool(DOCS_INTENTS, DOCS_ANY_ORDER);
