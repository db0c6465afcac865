/**
 * Phrasings of the files tools for the classifier only (the templates stay strict): the team's
 * own words, written by category of request and checked against the evaluation data.
 */
export const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  files_search: ["find my tax file", "where's the presentation file", "search for the pdf"],
  files_list: ["list my documents folder", "what's in my downloads", "show files on the desktop"],
};
