import {
  type Args,
  type BuildInput,
  findFiles,
  findQuoted,
  type GuessInput,
  parseNumber,
  slotsAsArgs,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { FILES_BY_CONTENT_INTENTS } from "./by-content.js";
import { SAMPLES } from "./samples.js";

/** How people ask for their files (the team's own sentences). */
const FILE = "(file|files|document|doc)";
const NAMED = "(called|named|titled|with the name|with name)";
const IN_PATH = "[in|inside|under] {path}";

/** "todo.txt on my desktop": a bare file name placed in the folder said after it. */
function placed(path: unknown, dir: unknown): unknown {
  if (typeof path !== "string" || typeof dir !== "string" || path.includes("/") || path.startsWith("#"))
    return path;
  return `${dir.replace(/\/$/, "")}/${path}`;
}

/**
 * Whether a path as said names a folder ("the documents folder", "~/Downloads/", a #d handle)
 * or a file ("notes.txt", a #f handle): showing a folder is listing it, showing a file is reading it.
 */
function kindOf(path: unknown): "folder" | "file" | undefined {
  if (typeof path !== "string") return undefined;
  // The hidden folders every home has hold settings and keys, not text to read
  if (
    /^#d\d|\/$|^~$|^~\/[A-Z][a-z]+$|^~\/\.(?:config|local|cache|ssh|gnupg|mozilla|npm|cargo|themes|icons|fonts)$/.test(
      path,
    )
  )
    return "folder";
  // An extension follows a name: ".bashrc" alone is a hidden name, not a file type
  if (/^#f\d|[^/.]\.[a-z0-9]{1,5}$/i.test(path)) return "file";
  return undefined;
}

/** The files a classifier reading names: the first that is not a folder, or not a file. */
const fileIn = (input: GuessInput) => findFiles(input).find((p) => kindOf(p) !== "folder");
const folderIn = (input: GuessInput) => findFiles(input).find((p) => kindOf(p) !== "file");
const withPath = (path: string | undefined): Args | undefined => (path ? { path } : undefined);

/** "the first 20 lines", "from line 200": a window of lines, when said. */
function lineWindow(words: readonly string[]): Args {
  const said = words.join(" ");
  const first = /\b(?:first|top) (\w+) lines?\b/.exec(said);
  const from = /\bfrom line (\w+)\b/.exec(said);
  const n = (w: string | undefined) => (w === undefined ? undefined : parseNumber([w]));
  if (first && n(first[1]) !== undefined) return { end_line: n(first[1]) };
  if (from && n(from[1]) !== undefined) return { start_line: n(from[1]) };
  return {};
}

/** What a new file should say: after "saying", "that says", "with this text:" and the like. */
function contentIn(text: string): string | undefined {
  const m =
    /\b(?:saying|that says|which says|containing|with (?:the |this )?(?:text|words|content|line)s?:?|with|:)\s+(.+)$/i.exec(
      text,
    );
  return m?.[1]?.trim() || undefined;
}

const unless =
  (kind: "folder" | "file") =>
  (input: BuildInput): Args | undefined => {
    const { dir, ...args } = slotsAsArgs(input);
    if (dir !== undefined) args.path = placed(args.path, dir);
    return kindOf(args.path) === kind ? undefined : args;
  };

/** Kinds of file named by their one extension ("all the pdfs", "any .ics files"). */
const BY_EXTENSION = "(pdf|pdfs|ics|csv|csvs|txt|mp3|mp3s|png|pngs|jpg|jpgs|jpeg|docx|xlsx|zip|zips)";

/** "list the csv files in ~/Work": every file of one kind in a folder, as a name pattern. */
function everyOfKind(input: BuildInput): Args | undefined {
  const kind = /\b\.?(pdf|ics|csv|txt|mp3|png|jpe?g|docx|xlsx|zip)s?\b(?! (?:called|named))/i.exec(
    input.env.text,
  )?.[1];
  // A folder named by its plain name ("in my thesis folder") is the folder of that name
  const path = input.values.path ?? input.values.folder;
  if (!kind || typeof path !== "string") return undefined;
  return { query: `*.${kind.toLowerCase()}`, path };
}

const FILE_INTENTS: IntentTable = {
  // "show me every mp3 in Music", "any .zip files in ~/tmp?": the kind is the name
  // to look for. Matched, not taught: the documents' own search reads "find X in my documents"
  files_of_kind: {
    tool: "files_search",
    shapes: [
      `(find|list|show me|locate|look for|search for|get|are there|is there|any) [me] [all|any|every] [the|my|of the|of my] [.] ${BY_EXTENSION} [files] (in|inside|under) {path}`,
      `(find|list|show me|locate|look for|search for|get|are there|is there|any) [me] [all|any|every] [the|my|of the|of my] [.] ${BY_EXTENSION} [files] (in|inside|under) (my|the) {folder:label} (folder|directory|dir)`,
    ],
    build: everyOfKind,
  },
  files_search: {
    refersTo: () => ({ one: "file" }),
    capability: { area: "Files", can: "find, list, read, write, move and trash files" },
    neverAsk: true,
    describe: ({ query }) => (typeof query === "string" ? `Look for files named ${query}` : undefined),
    templates: [
      `(find|search for|look for|locate|where is|where are|show me) [the|my|a|any|all] ${FILE} ${NAMED} {query} [${IN_PATH}]`,
      `(find|search for|look for|locate) [the|my|a|any|all] ${FILE} (containing|with|matching) {query} in the name [${IN_PATH}]`,
      "search (my|the) (files|computer|drive|disk|hard drive|folders) for {query}",
      "search (inside|in|through) (my|the) (files|computer|drive|folders) for [the word|the words|the name] {query}",
      `(look|search) in my {path} [folder] for (anything|files|something) (named|called|with) {query} [in the name]`,
      `(find|search for|look for|locate) {query} (files|file) [${IN_PATH}]`,
      "where is (my|the) {query} file",
      `(find|locate) (my|the) {query} file [${IN_PATH}]`,
      "where did i (save|put|store) (my|the) {query} [file]",
      `(find|locate|look for|search for|where is|where are) [my|the] {query} (pdf|pdfs|spreadsheet|spreadsheets|photo|photos|picture|pictures|image|images|video|videos|document|documents|doc|docs|files)`,
      `(search|look) in {path} for {query}`,
      `(find|search for|look for) ${FILE} (mentioning|containing|about|with) {query} [in the name or the content|in the name or content|anywhere|in the name]`,
    ],
    // What is written inside, said as words to find or as contents ("… for the words X", "in the
    // name or the content"), is searched there too
    build: (input) => {
      const args = slotsAsArgs(input);
      const text = input.env.text.toLowerCase();
      const both = /\bnames? (?:or|and) (?:the )?contents?\b|\bboth\b.*\bcontents?\b/.test(text);
      const inside = /\b(?:the words?|the text|the phrase|inside (?:my|the) files|contents?)\b/.test(text);
      if (typeof args.query === "string")
        args.query = args.query
          .replace(/^(?:the )?(?:words?|text|phrase) /i, "")
          .replace(/^["'“‘]|["'”’]$/g, "");
      if (both) args.match = "both";
      else if (inside) args.match = "content";
      return args;
    },
    samples: ["find a file", "where is that file", "search my computer for a document", "locate the file"],
    anchors: /\b(?:find|search|look for|locate|where|grep|look in|hunt)\b/,
    fallback: (input) => {
      const query = findQuoted(input);
      if (!query) return undefined;
      const folder = folderIn(input);
      return { query, ...(folder ? { path: folder } : {}) };
    },
  },
  files_list: {
    refersTo: ({ path }) => ({ one: "file", ...(typeof path === "string" ? { it: path } : {}) }),
    describe: ({ path }) => (typeof path === "string" ? `List what is in ${path}` : "List your files"),
    templates: [
      `(list|show) [me] [the|all] [the] (files|contents|content|stuff|things) (in|inside|under|of|on|from) {path}`,
      "(show|tell) me what is (in|inside|on) {path}",
      "what is (in|inside) {path}",
      "what files are (in|inside) {path}",
      "(list|show) [me] {path}",
      "(show|open) [me] [the] contents of {path}",
      "(list|show) [me] (files|contents) [here]",
    ],
    build: unless("file"),
    samples: ["list my files", "show the folder contents", "what's in this folder"],
    anchors: /\b(?:list|ls|what is in|whats in|contents?|everything in|show|files (?:in|on))\b/,
    // Which files say something is a search of their words: a listing of the folder leaves out
    // what they must say, however sure the guess
    vetoes:
      /\b(?:mention\w*|contain(?:s|ing)?|say(?:s|ing)?|with the words?|refer(?:s|ring)? to|talks? about)\b/,
    fallback: (input) => {
      const path = folderIn(input);
      if (!path) return undefined;
      return input.words.some((w) => w === "hidden" || w === "dot") ? { path, hidden: true } : { path };
    },
  },
};

const TRASH = "(trash|bin|rubbish bin|recycle bin|wastebasket)";

const FILE_CHANGE_INTENTS: IntentTable = {
  files_read: {
    asks: ["(open|read|show) [me] (a|the|that|this|my) [text] (file|document)"],
    handles: [{ kind: "f", verbs: ["open", "read"], arg: "path" }],
    accepts: { path: ["f"] },
    ask: { path: "Which file?" },
    describe: ({ path }) => (typeof path === "string" ? `Read ${path}` : undefined),
    templates: [
      "(read|open|show|display|cat) [me] [the|my] [file] {path}",
      "(read|show|print|display|dump|output|give me|cat) [me] [the] (contents|content|text) of [the file] {path}",
      "(read|open) [me] [the file] {path} (to me|aloud|out loud|for me)",
      "(show|tell) me what (is|it says) (in|inside) [the file] {path}",
      "what (does|is in) [the file] {path} (say|contain)",
      "what is (in|inside) [the file] {path}",
      "(read|show) [me] lines {start_line:number} to {end_line:number} of {path}",
      "(read|show) [me] the first {end_line:number} lines of {path}",
      "(open|read) {path} (in|from) [my|the] {dir:file} [and read it] [to me|out|aloud|out loud]",
    ],
    samples: ["read that text file to me", "open the notes file and read it", "show me what the readme says"],
    // "what is written in ~/notes.txt?": the words a file holds, asked after by a file's path
    // or name. Matched, never taught ("written" leans to notes and memory as often)
    shapes: ["(what is|what's) written (in|inside) [the file] {path}"],
    build: unless("folder"),
    // Printing is for a printer, which Jarvis does not drive
    anchors: /\b(?:read|open|show|display|cat|say|says|contents?|lines?|what is in)\b/,
    vetoes: /\bprint/,
    negatives: ["print ~/letters/cv.pdf", "print two copies of the form", "send report.pdf to the printer"],
    asksWithAnchors: true,
    fallback: (input) => {
      const path = fileIn(input);
      return path ? { path, ...lineWindow(input.words) } : undefined;
    },
  },
  files_info: {
    accepts: { path: ["f", "d"] },
    ask: { path: "Which file?" },
    describe: ({ path }) => (typeof path === "string" ? `Check the details of ${path}` : undefined),
    templates: [
      "how (big|large) is [the file] {path}",
      "(what is|what's) the size of [the file] {path}",
      "when was [the file] {path} (modified|changed|created|last changed|last edited|made)",
      "(give me|show me|get) [the] (info|information|details|properties|metadata) (about|on|of|for) {path}",
      "(is|does) {path} (exist|a folder|a directory|a text file)",
    ],
    samples: ["how much space does that file take", "when did that file last change", "file details please"],
    anchors:
      /\b(?:how big|size|modified|changed|edited|created|details|info|information|properties|how many (?:things|files|items)|what kind of|what type of|text file or)\b/,
    fallback: (input) => withPath(findFiles(input)[0]),
  },
  files_write: {
    asks: ["(create|make|write|start) [me] (a|an) [new] [empty|blank|text] (file|document|text file)"],
    ask: { path: "What should I call the file?", content: "What should it say?" },
    describe: ({ path }) => (typeof path === "string" ? `Write the file ${path}` : undefined),
    medium: /\b(?:write|writing|save|saying|says|containing|content|contents|text|words)\b/,
    templates: [
      "(write|save|put) {content:body} (to|in|into|as) [a] [new] [file] [called|named] {path}",
      "(create|make) [a|an] [new] [empty|text] file (called|named) {path} (with|containing|saying) {content:body}",
      "(create|make) [a|an] [new] [empty|text] file (called|named) {path}",
      "(save|write) (this|that|the following) (as|to|in) {path} {content:body}",
      "(make|create) a new (note|text) file {path}",
      "(write|save|put) {content:body} (to|in|into) {path} (on|in) [my|the] {dir:file}",
      "(make|create) [a|an] [new] [text] file {path} (that says|that just says|saying|with the text|containing|with) {content:body}",
    ],
    build: (input) => {
      const { content, dir } = input.values;
      const path = placed(input.values.path, dir);
      if (typeof path !== "string") return undefined;
      return { path, content: typeof content === "string" ? content.replace(/^["'‘]|["'’]$/g, "") : "" };
    },
    samples: ["make me a new text file", "save these words to a file", "create an empty file on my desktop"],
    anchors: /\b(?:write|create|make|save|new file|put)\b/,
    asksWithAnchors: true,
    partial: (input) => withPath(fileIn(input)),
    fallback: (input) => {
      const path = fileIn(input);
      if (!path || kindOf(path) !== "file") return undefined;
      const after = input.env.text.slice(input.env.text.indexOf(path) + path.length);
      const content = contentIn(after);
      return content ? { path, content } : undefined;
    },
  },
  files_move: {
    asks: ["(rename|move) (a|the|that|this|my) (file|document|folder)"],
    ask: { source: "Which file?", destination: "Where should it go?" },
    accepts: { source: ["f", "d"], destination: ["d"] },
    describe: ({ source, destination }) =>
      typeof source === "string" && typeof destination === "string"
        ? `Move ${source} to ${destination}`
        : undefined,
    templates: [
      "(move|put|shift|transfer) [the file] {source} (to|into|in) {destination}",
      "(rename|change the name of) [the file] {source} (to|as) {destination:text}",
      "(call|name) {source} {destination:text} instead",
    ],
    samples: [
      "move that file into my documents",
      "rename the report",
      "put this file in the downloads folder",
    ],
    anchors: /\b(?:move|rename|put|shift|transfer|relocate|file|call it|replace)\b/,
    asksWithAnchors: true,
    partial: (input) => {
      const [source] = findFiles(input);
      return source ? { source } : undefined;
    },
    fallback: (input) => {
      const found = findFiles(input);
      if (found.length >= 2) {
        const args: Args = { source: found[0]!, destination: found.at(-1)! };
        return /\b(?:create|make) the folder|if it (?:does not|doesn't) exist/.test(input.words.join(" "))
          ? { ...args, create_dirs: true }
          : args;
      }
      // "rename the folder ~/x to kitchen-reno": a new name beside it
      const said = input.env.text;
      const to = /\b(?:to|as)\s+([\w.-]+)\s*[.!?]?$/i.exec(said);
      if (found.length === 1 && to && /\brename\b/i.test(said)) {
        const parent = found[0]!.replace(/\/[^/]*\/?$/, "");
        return {
          source: found[0]!,
          destination: parent && parent !== found[0] ? `${parent}/${to[1]}` : to[1],
        };
      }
      return undefined;
    },
  },
  files_trash: {
    refersTo: ({ path }) => (typeof path === "string" ? { it: path } : undefined),
    // "undo that", "put it back": what was just trashed comes back out
    followUp: ({ kind, last, newest }) => {
      const id = newest.f ?? last.args.path;
      return kind === "undo" && typeof id === "string" ? { tool: "files_restore", args: { id } } : undefined;
    },
    asks: ["(delete|trash|bin|remove|get rid of) (a|the|that|this|my) (file|document)"],
    ask: { path: "Which file?" },
    accepts: { path: ["f", "d"] },
    handles: [{ kind: "f", verbs: ["cancel"], arg: "path" }],
    describe: ({ path }) => (typeof path === "string" ? `Move ${path} to the trash` : undefined),
    templates: [
      "(delete|trash|remove|bin|throw away|get rid of|erase) [the file|the folder] {path}",
      `(move|put|send|throw) [the file] {path} (to|in|into) the ${TRASH}`,
    ],
    samples: ["throw that file away", "delete this document", "put the old file in the bin"],
    anchors: /\b(?:delete|trash|bin|remove|chuck|throw|get rid|erase|dump|ditch|scrap)\b/,
    // Wiping everything is never read from a guess
    vetoes: /\b(?:all|every|everything|whole)\b/,
    asksWithAnchors: true,
    fallback: (input) => withPath(findFiles(input)[0]),
  },
  files_trash_list: {
    describe: () => "Show what is in the trash",
    templates: [
      `(what is|what's|what have i got) in [the|my] ${TRASH}`,
      `(show|list|open) [me] [the|my] ${TRASH} [contents]`,
      "(what|which) files (did i|have i) (delete|deleted|trash|trashed|throw away|thrown away)",
      "what (did i|have i) (delete|deleted|trash|trashed|throw away|thrown away) [recently|lately|today]",
    ],
    // Asked of what Jarvis put there ("what have you binned lately", "what's in Jarvis's trash"):
    // matched, not taught
    shapes: [
      `what (have you|did you|has jarvis) (put|got|thrown|binned|trashed|moved|chucked|deleted) [in|into] [the|your] [${TRASH}] [lately|recently|today|so far]`,
      `(what is|show me what is) in (your|jarvis's|jarvis s|jarviss|jarvis) ${TRASH} [{tail:text}]`,
      `(show|list) [me] (your|jarvis's|jarvis s) ${TRASH}`,
    ],
    samples: ["what's been thrown away", "list deleted files", "show me the deleted items"],
  },
  files_restore: {
    ask: { id: "Which one? Ask me what is in the trash first." },
    describe: ({ id }) => (typeof id === "string" ? `Restore ${id} from the trash` : undefined),
    templates: [
      `(restore|recover|bring back|undelete|get back) {id:text} [from the ${TRASH}]`,
      `(take|pull) {id:text} out of the ${TRASH}`,
    ],
    // Trashed by mistake and wanted back ("I deleted X by accident, put it back"): the file is
    // named with what was done to it. Matched, not taught
    shapes: [
      `i [accidentally|mistakenly] (binned|trashed|deleted|threw away|removed|chucked|got rid of) {id:file} [by mistake|by accident|accidentally] [,] [can you|could you|please] (put|bring|get) it back [please]`,
      `(put|bring|get|move) {id:file} back [out] [from|of] [the] [${TRASH}] [where it was|please]`,
    ],
    // A thing said put back where it was, or deleted and wanted back, not named as a file ("put
    // the rota back where it was", "I deleted my essay by mistake, can you get it back"): which
    // one is asked, since only the trash's listing names it
    askShapes: [
      "(put|bring|move) [the|my] {tail:text} back (where it was|where it came from|to where it was) [please]",
      "(put|bring) back the {tail:text} one [please]",
      `i [accidentally|mistakenly] (binned|trashed|deleted|threw away|removed|chucked|got rid of) [the|my] {tail:text} (by mistake|by accident|accidentally) [,] [can you|could you|please] (put|bring|get) it back [please]`,
    ],
    samples: ["undo that delete", "get my file back from the trash", "restore the file i just deleted"],
    anchors: /\b(?:restore|recover|bring back|undelete|get back|put back|back from|out of the)\b/,
    // Only what Jarvis trashed comes back: a handle, a file name, or the trash said
    build: (input) => {
      const args = slotsAsArgs(input);
      const id = String(args.id ?? "");
      const trashed = /\b(?:trash|bin|deleted|binned|trashed|threw away|thrown away)\b/i.test(input.env.text);
      return /^#[a-z]\d+$|\.[a-z0-9]{1,5}$/i.test(id) || trashed ? args : undefined;
    },
    asksWithAnchors: true,
  },
};

export const FILES_LANGUAGE = withPhrasings(
  byTool(FILES_BY_CONTENT_INTENTS, FILE_INTENTS, FILE_CHANGE_INTENTS),
  SAMPLES,
);
