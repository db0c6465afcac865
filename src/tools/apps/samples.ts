/**
 * Phrasings of the apps tools for the classifier only (the templates stay strict): the team's
 * own words, written by category of request and checked against the evaluation data.
 */
export const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  apps_launch: ["open the browser", "start the text editor", "launch my email app", "open the file manager"],
  apps_quit: ["close the browser", "quit the app", "close this program"],
  apps_list: ["what programs are open", "which programs are running", "show running apps"],
};
