/**
 * Phrasings of the web tools for the classifier only (the templates stay strict): the team's
 * own words, written by category of request and checked against the evaluation data.
 */
export const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  web_search: [
    "search the web",
    "google it",
    "look it up online",
    "search for reviews of the new phone",
    "find information about electric cars",
    "search the internet for cheap flights",
  ],
};
