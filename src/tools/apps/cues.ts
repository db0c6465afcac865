import type { GroupCues } from "../../core/language.js";
import { APP_NAME, APP_WORD } from "../cue-shapes.js";

/** A program, by that word or by its name. */
export const APPS_CUES: GroupCues = {
  shapes: [
    { pattern: APP_WORD, weight: 1.2 },
    { pattern: APP_NAME, weight: 1.5 },
    // A program the list of known apps lacks, named as the place a step is done ("In
    // LibreOffice choose …", "in Inkscape, click …"): its window is brought forward first.
    // A month or a day there is a time, not a program ("In May, turn the heating down")
    {
      pattern:
        /^\s*[Ii]n\s+(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)[A-Z][\w.-]+(?:\s+[A-Z][\w.-]+)?\s*,?\s+(?:choose|click|pick|select|press|hit|open|go to|turn|set|tick|untick|switch)\b/,
      weight: 1.5,
    },
  ],
  words: {
    shut: ["quit"],
    kill: ["quit"],
    app: ["apps"],
    application: ["apps"],
    program: ["apps"],
  },
};
