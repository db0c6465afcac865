import { parseMath } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask for sums and conversions (the team's own sentences). */
const CALC_INTENTS: IntentTable = {
  calc_evaluate: {
    capability: { area: "Maths", can: "do sums, percentages and unit conversions" },
    // Without the sum it was a question about maths, not a request
    neverAsk: true,
    describe: ({ expression }) => (typeof expression === "string" ? `Work out ${expression}` : undefined),
    anchors:
      /\d|\b(?:plus|minus|times|divided|percent|square|root|convert|multiply|multiplied|sum|calculate)\b/,
    templates: [
      "(what is|calculate|compute|evaluate|solve|work out|how much is|figure out) {expression} [equal to|equals]",
      "(what is|tell me|give me|what will be) the (answer|result|sum|product|total) (to|of|for) {expression}",
      "(what does|how much does) {expression} (equal|make|come to)",
      "{expression}",
      "{expression} (equals|is) [what]",
      "convert {expression}",
      "how many {unit} (are in|in|is|are|make up|are there in) {quantity}",
      "(what is|how much is|convert) {quantity} (in|to|into) {unit}",
    ],
    samples: ["do some math", "calculate this for me", "can you do arithmetic", "help me with this sum"],
    build: (input) => {
      const { expression, unit, quantity } = input.values;
      if (typeof expression === "string") return { expression };
      if (typeof unit === "string" && typeof quantity === "string")
        return { expression: `${quantity} to ${unit}` };
      return undefined;
    },
    fallback: (input) => {
      // Try the tail after "is"/"of"/"calculate": "what would be 12 times 8"
      for (let i = 0; i < input.words.length; i++) {
        const expression = parseMath(input.words.slice(i));
        if (expression) return { expression };
      }
      return undefined;
    },
  },
};

export const CALC_LANGUAGE = byTool(CALC_INTENTS);
