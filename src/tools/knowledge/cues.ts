import type { GroupCues } from "../../core/language.js";
import { DOCUMENT_FILE } from "../cue-shapes.js";

/** A document's file name: what the index reads and searches. */
export const KNOWLEDGE_CUES: GroupCues = {
  shapes: [
    { pattern: DOCUMENT_FILE, weight: 1 },
    // How the person did something before, in their own earlier work ("in earlier jobs", "in
    // past projects", "how did I word it last time"): searched for in what they wrote
    {
      pattern:
        /\b(?:in|from|across)\s+(?:my\s+)?(?:earlier|previous|past|older|old|former)\s+(?:jobs|projects|work|assignments|documents|reports|translations|cases)\b/i,
      weight: 2,
    },
  ],
  words: {
    manual: ["knowledge", "document"],
    handbook: ["knowledge", "document"],
    indexed: ["knowledge"],
    index: ["knowledge"],
    docs: ["knowledge", "document"],
    // Documents named by their kind: what was agreed or laid down is read in them
    sow: ["knowledge", "document"],
    "statement of work": ["knowledge", "document"],
    proposal: ["knowledge", "document"],
    brief: ["knowledge", "document"],
    spec: ["knowledge", "document"],
    agreed: ["knowledge", "document"],
    contract: ["knowledge", "document"],
    certificate: ["knowledge", "document"],
    leaflet: ["knowledge", "document"],
    // The knowledge base by its short names: "my kb", "put it in your brain"
    kb: ["knowledge", "base"],
    brain: ["knowledge", "base"],
  },
};
