import type { GroupCues } from "../../core/language.js";
import { DOCUMENT_FILE } from "../cue-shapes.js";

/** A document's file name (a PDF, a Word file, a page saved as HTML). */
export const DOCS_CUES: GroupCues = {
  shapes: [{ pattern: DOCUMENT_FILE, weight: 1 }],
  words: {
    recap: ["summarize"],
    tldr: ["summarize"],
    condense: ["summarize"],
    gist: ["summarize"],
    summary: ["summarize"],
    // Made short, said as an idiom
    "boil down": ["summarize"],
    "sum up": ["summarize"],
    "in a nutshell": ["summarize"],
    "short version": ["summarize"],
    "main points": ["summarize"],
    "key points": ["summarize"],
  },
};
