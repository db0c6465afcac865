import type { GroupCues } from "../../core/language.js";
import { DOCUMENT_FILE } from "../cue-shapes.js";

/** A document's file name: what the index reads and searches. */
export const KNOWLEDGE_CUES: GroupCues = {
  shapes: [{ pattern: DOCUMENT_FILE, weight: 1 }],
  words: {
    indexed: ["knowledge"],
    index: ["knowledge"],
  },
};
