import type { GroupCues } from "../../core/language.js";
import { DOCUMENT_FILE } from "../cue-shapes.js";

/** A document's file name: what the index reads and searches. */
export const KNOWLEDGE_CUES: GroupCues = {
  shapes: [{ pattern: DOCUMENT_FILE, weight: 1 }],
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
