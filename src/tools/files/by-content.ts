import { slotsAsArgs } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

/** Files found by what is written in them or by where they were saved (decision 0045). */
const FILE = "(file|files|document|doc)";
const IN_PATH = "[in|inside|under] {path}";

export const FILES_BY_CONTENT_INTENTS: IntentTable = {
  // A file found by what is written inside it ("which file has 'X' in it", "grep my notes
  // folder for X", "look inside my files for the text X"): the words are the file's content,
  // not its name. Matched, not taught
  files_by_content: {
    tool: "files_search",
    shapes: [
      `(which|what) ${FILE} (has|have|contains|contain|mentions|mention|says|say) {query} [written] (inside|in|in it|inside it|in them|inside them|somewhere in it) [${IN_PATH}]`,
      `(which|what) ${FILE} (has|have) {query} written [somewhere] [${IN_PATH}]`,
      "(which|what) [one|ones] of my (files|documents|docs) (has|have|contains|contain|mentions|mention|says|say) {query} [written] [inside|in it|inside it|in them|somewhere]",
      `(look|search|dig) (inside|through the insides of|in the contents of|within) (my|the) (files|computer|drive|folders) [, not the knowledge base,|, not my documents,] for (the text|the words|the phrase|the line|the string) {query}`,
      "grep [my|the] {path} [folder|directory] for {query}",
      "grep [my|the] {folder:label} (folder|directory) for {query}",
      `grep (for|through) {query} [${IN_PATH}]`,
    ],
    build: (input) => {
      const { folder, ...args } = slotsAsArgs(input);
      const query =
        typeof args.query === "string"
          ? args.query
              .replace(/^(?:the )?(?:words?|text|phrase|line|string) /i, "")
              .replace(/^["'“‘]|["'”’]$/g, "")
              .trim()
          : "";
      // A folder named by a plain word is one in the home folder
      const path = typeof folder === "string" ? `~/${folder.trim()}` : args.path;
      return query ? { ...args, query, match: "content", ...(path ? { path } : {}) } : undefined;
    },
  },
  // Where a file named by its name was put ("where did I save tax-2026.pdf?"): its name is the
  // query. Matched, not taught
  files_where_saved: {
    tool: "files_search",
    shapes: [
      "where (did|have) i (save|saved|put|store|stored|leave|left|keep|download|downloaded) {query:file} [again|to]",
      "where is {query:file} (saved|stored|kept) [again]",
    ],
    build: ({ values }) =>
      typeof values.query === "string" && /\.[a-z0-9]{1,5}$/i.test(values.query)
        ? { query: values.query }
        : undefined,
  },
};
