import { byTool, type IntentTable } from "../language.js";

/** How people ask for the gist of a document, a page or a video (the team's own sentences). */
const DOCS_INTENTS: IntentTable = {
  docs_summarize: {
    capability: { area: "Your documents", can: "summarize a document, a page or a video" },
    ask: { path: "Which document?" },
    describe: ({ path, url }) => `Summarize ${path ?? url ?? "that"}`,
    templates: [
      "(summarize|summarise|sum up|recap|digest) [the|this|that] [document|file|pdf|report|paper] {path}",
      "(give me|what is) [the] (gist|summary|main points|key points|highlights) of [the|this] [document|file|pdf|report|paper] {path}",
      "(summarize|summarise|sum up) [the|this] (page|article|web page|video|youtube video) {url}",
      "(give me|what is) [the] (gist|summary|main points|key points) of [the|this] (page|article|video) {url}",
      "(summarize|summarise) {path} in {max_points:number} (points|bullets|bullet points)",
      "what is {path} about",
      "(tldr|tl dr|too long did not read) [of|for] [the|this|that] [document|file|pdf|report|paper] {path}",
      "(tldr|tl dr) [of|for] [the|this|that] [page|article|web page|video|youtube video] {url}",
      "(give me|what are|list) [the] (gist|summary|main points|key points|highlights|takeaways|key takeaways) (of|from|in) [the|this] [page|article|web page|video|youtube video] {url}",
    ],
    samples: ["tldr of that pdf", "summarize that document for me", "boil this report down to a few points"],
  },
};

export const DOCS_LANGUAGE = byTool(DOCS_INTENTS);
