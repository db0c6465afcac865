import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask for their files (the team's own sentences). */
const FILE = "(file|files|document|doc)";
const NAMED = "(called|named|titled|with the name|with name)";
const IN_PATH = "[in|inside|under] {path}";

const FILE_INTENTS: IntentTable = {
  files_search: {
    capability: { area: "Files", can: "find, list and read files" },
    neverAsk: true,
    describe: ({ query }) => (typeof query === "string" ? `Look for files named ${query}` : undefined),
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
    describe: ({ path }) => (typeof path === "string" ? `List what is in ${path}` : "List your files"),
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

const FILE_READ_INTENTS: IntentTable = {
  files_read: {
    handles: [{ kind: "f", verbs: ["open", "read"], arg: "path" }],
    accepts: { path: ["f"] },
    ask: { path: "Which file?" },
  },
};

export const FILES_LANGUAGE = withPhrasings(byTool(FILE_INTENTS, FILE_READ_INTENTS), SAMPLES);
