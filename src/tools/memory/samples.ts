/**
 * Phrasings of the memory tools for the classifier only (the templates stay strict): the team's
 * own words, written by category of request and checked against the evaluation data.
 */
export const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  memory_remember: [
    "remember this",
    "remember that my code is 1234",
    "store this information",
    "note that the meeting moved",
  ],
  memory_recall: ["what do you remember about me", "do you remember my code", "what did i tell you"],
};
