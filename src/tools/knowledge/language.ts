import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask to search their own documents (the team's own sentences). */
const MY_DOCS =
  "(my|the) (documents|docs|notes|knowledge base|knowledgebase|library|papers|pdfs|files and notes|archive|saved documents)";

const KNOWLEDGE_INTENTS: IntentTable = {
  knowledge_search: {
    capability: { area: "Your documents", can: "search the documents you added" },
    neverAsk: true,
    describe: ({ query }) => (typeof query === "string" ? `Search your documents for ${query}` : undefined),
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
};

export const KNOWLEDGE_LANGUAGE = withPhrasings(byTool(KNOWLEDGE_INTENTS), SAMPLES);
