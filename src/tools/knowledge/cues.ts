import type { GroupCue } from "../../core/language.js";
import { DOCUMENT_FILE } from "../cue-shapes.js";

/** A document's file name: what the index reads and searches. */
export const KNOWLEDGE_CUES: readonly GroupCue[] = [{ pattern: DOCUMENT_FILE, weight: 1 }];
