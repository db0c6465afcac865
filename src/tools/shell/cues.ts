import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const SHELL_CUES: GroupCues = {
  // What fills the disk is found by measuring it ("what is eating my disk", "hogging space")
  shapes: [
    {
      pattern:
        /\b(?:eat(?:s|ing)?|hog(?:s|ging)?|fill(?:s|ing)? up|us(?:es|ing) up|tak(?:es|ing) up|chew(?:s|ing) (?:up|through))\b.*\b(?:space|disk|storage|room|drive|it)\b|\b(?:space|disk|storage|drive)\b.*\b(?:eat(?:s|ing|en)?|hog(?:s|ging)?|fill(?:s|ing)? up|tak(?:es|ing|en) up|us(?:es|ing|ed) up)\b/i,
      weight: 2,
    },
    // What changed in a folder of code is the repository's log or diff
    {
      pattern:
        /\b(?:what(?:'?s| has| have)? changed|what(?:'?s| is) new|what got done|recent changes)\b[^?.!]*(?:~\/|\/\w|\b(?:repo(?:sitory)?|code|project|branch)\b)/i,
      weight: 2,
    },
    // Repository work named by its verb alone ("clone <url>", "push my stuff in ~/code/site",
    // "pull the latest changes"): a version-control program's job, whether or not it is allowed
    {
      pattern:
        /\b(?:clone|push|pull|rebase|stash|check ?out|blame)\b[^.?!]{0,60}(?:\b(?:github|gitlab|bitbucket)\.(?:com|org)\b|\.git\b|~\/(?:code|src|dev|projects?|repos?|git)\b|\b(?:repo(?:sitory)?|branch|latest changes|commits?)\b)/i,
      weight: 3,
    },
    // A folder's contents weighed against each other ("the fattest subfolder of ~/Projects",
    // "something in Downloads is huge", "what's biggest in Documents"): sizes a program measures
    {
      pattern:
        /^(?=.*\b(?:biggest|largest|fattest|heaviest|huge|massive|enormous|ginormous|bloated)\b)(?=.*(?:~\/|\b(?:sub)?folders?\b|\bdirector(?:y|ies)\b|\b(?:downloads|documents|desktop|pictures|videos|music|projects|home)\b))/i,
      weight: 3,
    },
    // Who last changed a file of code is the repository's blame
    {
      pattern:
        /\bwho (?:last |most recently )?(?:touched|changed|edited|modified|wrote|committed)\b[^.?!]{0,40}(?:~\/|\/\w|\b\w+\.(?:ts|js|py|go|rs|java|rb|c|cpp|h|css|html|md|json|ya?ml)\b)/i,
      weight: 3,
    },
  ],
  words: {
    git: ["shell", "run"],
    command: ["shell", "run"],
    terminal: ["shell"],
    disk: ["df", "du"],
    "disk space": ["df", "du", "shell"],
    "disk usage": ["du", "df", "shell"],
    // A code repository's state and a folder's size are read by running a program
    committed: ["git", "shell", "run"],
    uncommitted: ["git", "shell", "run"],
    biggest: ["du", "shell"],
    huge: ["du", "shell"],
    // The machine's state measured by a program: room left on a drive, a folder's size, the load
    "free space": ["df", "disk", "shell"],
    "how big": ["du", "shell"],
    "load average": ["uptime", "shell"],
    "load averages": ["uptime", "shell"],
    // The machine asked about as a person would: who it runs me as, how long it has been on,
    // how hard it is working, how much room its disk has left
    "running as": ["whoami", "shell"],
    "which user": ["whoami", "shell"],
    "been switched on": ["uptime", "shell"],
    "been on for": ["uptime", "shell"],
    "been running for": ["uptime", "shell"],
    "how hard": ["uptime", "shell"],
    "working hard": ["uptime", "shell"],
    sluggish: ["uptime", "shell"],
    crawling: ["uptime", "shell"],
    "free place": ["df", "disk", "shell"],
    "space left": ["df", "disk", "shell"],
    "room left": ["df", "disk", "shell"],
  },
};
