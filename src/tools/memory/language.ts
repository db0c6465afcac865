import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { SAMPLES } from "./samples.js";

/** How people ask Jarvis to remember and recall (the team's own sentences). */
const MEMORY_INTENTS: IntentTable = {
  memory_remember: {
    capability: { area: "Memory", can: "remember what you tell me and recall it" },
    ask: { text: "What should I remember?" },
    describe: ({ text }) => (typeof text === "string" ? `Remember that ${text}` : undefined),
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
    neverAsk: true,
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

export const MEMORY_LANGUAGE = withPhrasings(byTool(MEMORY_INTENTS), SAMPLES);
