import type { GroupCue } from "../../core/language.js";
import { PATH } from "../cue-shapes.js";

/** A path or a file name is about files, whatever the words around it. */
export const FILES_CUES: readonly GroupCue[] = [
  { pattern: PATH, weight: 2.5 },
  { pattern: /\b(?:file|folder|directory)s?\b/i, weight: 1.5 },
];
