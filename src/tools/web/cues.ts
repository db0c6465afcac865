import type { GroupCue } from "../../core/language.js";
import { URL } from "../cue-shapes.js";

/** A web address, and a question about the world rather than about the user's own things. */
export const WEB_CUES: readonly GroupCue[] = [
  { pattern: URL, weight: 2 },
  {
    pattern:
      /^(?!.*\b(?:my|me|mine|i|i'm|our|we)\b).*\b(?:who|what|when|where|which|how (?:much|many|old|tall|far|long))\b.*\b(?:won|win|is|are|was|were|did|does|do|costs?|happened)\b/i,
    weight: 1.5,
  },
  {
    pattern:
      /^(?!.*\b(?:my|me|mine|i|our|we|us|file|folder|mail|email|inbox|note|notes)\b).*\b(?:find out|look up|find|check|search for)\b/i,
    weight: 1,
  },
];
