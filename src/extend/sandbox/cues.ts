import type { GroupCues } from "../../core/language.js";

/**
 * A computation the person wants done by a program in a language they name ("work it out in
 * Python", "with a quick JavaScript snippet"), rather than a program of theirs they want run:
 * the sandbox writes and runs it. A script already on disk is the shell's (its path says so).
 */
export const SANDBOX_CUES: GroupCues = {
  shapes: [
    {
      pattern:
        /\b(?:in|with|using|via|through)\s+(?:a\s+(?:quick\s+|little\s+|short\s+)?)?(?:python3?|javascript|node(?:\.?js)?|ruby|perl)\b(?!\s*[/~.])/i,
      weight: 2,
    },
  ],
  words: {
    // The kinds of sum a calculator line cannot hold: a statistic over a table, a long search
    "t-test": ["compute", "program"],
    simulate: ["compute", "program"],
    simulation: ["compute", "program"],
  },
};
