/**
 * Phrasings of the knowledge tools for the classifier only (the templates stay strict): the team's
 * own words, written by category of request and checked against the evaluation data. The
 * category: questions answered by the user's own papers (policies, contracts, manuals, letters,
 * notes they added), and requests to add files or folders to what Jarvis can search.
 */
export const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  knowledge_search: [
    "search my notes for the budget",
    "what do my documents say",
    "look in my files for the contract",
    "what does my car insurance cover for windscreens",
    "how many weeks of notice does my tenancy agreement need",
    "according to the manual how do i descale the machine",
    "check my documents for when the warranty on the fridge ends",
    "in my notes what did i write about the garden plan",
    "what did the letter from the school say about uniforms",
    "find the part of my contract about overtime",
    "my docs, what's the serial number of the printer",
    "look up the pension details in my paperwork",
    "what does the handbook say about sick days",
    "where do my documents talk about the roof repair, show me 5 passages",
    "search my documents",
    "look something up in my papers",
  ],
  knowledge_add: [
    "add ~/Documents/manuals to my knowledge base",
    "index ~/Downloads/boiler-guide.pdf",
    "make the letters in ~/Documents/School searchable",
    "take in ~/Work/policies.pdf for my questions later",
    "re-index ~/notes, a lot has changed",
    "read in the folder ~/Papers so you can answer questions from it",
    "feed a document into my knowledge base",
    "put a document into my searchable library",
  ],
};
