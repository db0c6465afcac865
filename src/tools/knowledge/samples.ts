/**
 * Phrasings of the knowledge tools for the classifier only (the templates stay strict): the team's
 * own words, written by category of request and checked against the evaluation data.
 */
export const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  knowledge_search: [
    "search my notes for the budget",
    "what do my documents say",
    "look in my files for the contract",
  ],
};
