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
    // A term of a sequence or a count no calculator line computes ("the 500th prime", "the
    // 80th Fibonacci number", "how many primes below a million", "pi to 200 digits"): a
    // program works it out
    {
      pattern:
        /\b\d[\d,]*(?:st|nd|rd|th)\s+(?:prime|fibonacci|triangular|square|term)\b|\bprimes?\s+(?:below|under|up to|less than|between)\b|\bpi to\s+\d[\d,]*\s+(?:digits|decimal places)\b/i,
      weight: 2,
    },
    // Code run where it can reach nothing of the person's ("without letting it touch anything",
    // "somewhere safe", "in a sandbox"): a program from elsewhere, tried in isolation
    {
      pattern:
        /\bwithout\s+(?:letting\s+it\s+|it\s+)?(?:touch(?:ing)?|access(?:ing)?|reach(?:ing)?|see(?:ing)?)\s+(?:anything|any of my|my)\b|\b(?:in|inside)\s+a\s+sandbox\b|\bsomewhere\s+safe\b|\b(?:run|test|try)\s+(?:it|this|that|something)\s+safe(?:ly)?\b/i,
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
