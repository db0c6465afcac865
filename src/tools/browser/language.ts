import { findUrl } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask to open a page in the browser (the team's own sentences). */
const BROWSER_INTENTS: IntentTable = {
  browser_navigate: {
    capability: { area: "The web", can: "open pages in the browser" },
    neverAsk: true,
    // Reading a link prefers fetching it; opening it is the browser's
    handles: [
      { kind: "u", verbs: ["open"], arg: "url" },
      { kind: "u", verbs: ["read"], arg: "url", rank: 1 },
    ],
    accepts: { url: ["u"] },
    describe: ({ url }) => (typeof url === "string" && !url.startsWith("#") ? `Open ${url}` : undefined),
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
};

export const BROWSER_LANGUAGE = byTool(BROWSER_INTENTS);
