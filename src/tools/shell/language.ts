import { type Args, type BuildInput, slotsAsArgs } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask to run a command (the team's own sentences). */
/** Everyday words that make a line starting with a program's name a sentence, not a command. */
const PROSE = /\b(?:is|are|was|were|a|an|the|it|my|you|i|me|what|why|how|funny|word)\b|\?$/i;

/** Written the way a terminal takes it: a flag or a path ("-la", "~/Videos", "/tmp"). */
const COMMAND_LINE = /(?:^|\s)(?:-{1,2}[a-z]|~\/|\.{0,2}\/\w)/i;

function commandArgs(input: BuildInput): Args | undefined {
  // "commit everything in ~/x with the message …": the message as said, quotes dropped
  if (input.fixed.commit === true) {
    const message = String(input.values.message ?? "")
      .trim()
      .replace(/^["'‘“]|["'’”.]$/g, "");
    const cwd = input.values.cwd;
    return message && typeof cwd === "string"
      ? { command: "git", args: ["commit", "-am", message], cwd }
      : undefined;
  }
  // "… in the terminal", "use the X command": said to be a command, however it reads
  const terminal = input.fixed.terminal === true;
  const bare = !terminal && input.matches.command?.start === 0 && !/^(?:run|execute)\b/i.test(input.env.text);
  const args = slotsAsArgs(input);
  delete args.terminal;
  if (bare && typeof args.args === "string") {
    // "du -sh ~/Videos, how big is it": a command line, then a comment on it after a comma
    const [line = "", ...comment] = args.args.split(/,\s+/);
    if (comment.length > 0 && COMMAND_LINE.test(line) && !PROSE.test(line)) args.args = line;
    else if (PROSE.test(input.env.text.trim())) return undefined;
  }
  // "ls -la ~/Downloads": a word that short is a command only with a flag written after it
  if (args.flagged === true && !(typeof args.args === "string" && /^-{1,2}[a-z]/i.test(args.args)))
    return undefined;
  delete args.flagged;
  const goal = typeof input.values.tail === "string" ? input.values.tail : "";
  delete args.tail;
  // A program named as the means needs something to work on: "help me with git" is no command
  const means = args.means === true;
  delete args.means;
  // What echo prints is one argument, as said
  if (terminal && args.command === "echo" && typeof args.args === "string") args.args = [args.args];
  if (typeof args.args === "string")
    args.args = args.args
      .replace(/^["'‘]|["'’]$/g, "")
      .split(/\s+/)
      .filter(Boolean);
  if (typeof args.count === "number" && Array.isArray(args.args)) args.args.push(`-${args.count}`);
  // The folder the goal names is what the program works on; a size asked of one is a summary
  const folder = means
    ? (/(?:^|\s)(~\/[^\s,;]*|\/[\w.-][^\s,;]*)/.exec(goal)?.[1] ?? homeFolder(goal))
    : undefined;
  // A repository is where git runs, not what it is given
  if (folder && args.command === "git") args.cwd ??= folder;
  else if (folder) {
    const argv = Array.isArray(args.args) ? args.args : [];
    if (args.command === "du" && !argv.some((a) => String(a).startsWith("-"))) argv.push("-sh");
    if (!argv.includes(folder)) argv.push(folder);
    args.args = argv;
  } else if (means && !(typeof args.args === "string" || Array.isArray(args.args))) return undefined;
  delete args.count;
  return args;
}

/** A folder of the home named by its name ("my Pictures folder", "Downloads"), as a path. */
function homeFolder(goal: string): string | undefined {
  const name = /\b(documents|downloads|desktop|pictures|photos|music|videos)\b/i
    .exec(goal)?.[1]
    ?.toLowerCase();
  if (!name) return undefined;
  const folder = name === "photos" ? "pictures" : name;
  return `~/${folder[0]!.toUpperCase()}${folder.slice(1)}`;
}

/** What people ask of a repository, as the git command that answers it. */
const git = (...argv: string[]) => ({ command: "git", args: argv });
const REPO = "(in|for|of|on|at) [the repo (in|at)|the repository (in|at)|my repo (in|at)] {cwd:file}";

const SHELL_INTENTS: IntentTable = {
  shell_run: {
    capability: { area: "Windows and the desktop", can: "run allowed commands such as git and ls" },
    // The programs it runs by default and what people ask of them (a repository's state,
    // the disk, who is logged in)
    cues: /\b(?:git|ls|df|du|uptime|whoami|echo)\b|\b(?:commits?|repo(?:sitory)?|branch(?:es)?|uncommitted|diff|tags?|logged in as|command line|terminal command)\b|\b(?:user ?name|mounted|drives?|partitions?|disk (?:usage|space)|how (?:much (?:space|room)|big) (?:is|are|does)\b.*\b(?:taking|take|use|using)|folder size|size of (?:the |my |this )?(?:folder|directory))\b/i,
    // A program outside the ones it runs by default (shell.allow) may well be refused: with
    // arguments, asked first unless the request says it is a command line
    medium: /\b(?:git|ls|df|du|uptime|whoami|date|echo)\b|\b(?:terminal|shell|command|console)\b/i,
    describe: ({ command, args }) =>
      typeof command === "string"
        ? `Run ${[command, ...(Array.isArray(args) ? args : [])].join(" ")}`
        : undefined,
    templates: [
      "(run|execute|launch) [the command|the program] {command:program} [{args:text}]",
      "(run|execute) {command:program} {args:text} (in|inside) {cwd:file}",
      "(run|execute) {command:program} [{args:text}] (for|on) me",
      "(run|execute) the {command:program} (command|program) [for me] [please]",
      "what does {command:program} [{args:text}] (say|print|show|output)",
      // A command line typed as it is: "df -h", "git status in ~/code"
      "{command:cli} [{args:text}]",
      "{command:cli} {args:text} (in|inside) {cwd:file}",
      // "ls" alone is too short a word to be sure of, but a listing somewhere is a command line
      { t: "ls [{args:text}] (in|inside) {cwd:file}", args: { command: "ls" } },
      "[can you|could you|please] (run|execute) {command:program} {args:text} (in|inside) {cwd:file} [please]",
      "{tail:text} (run|use) {command:cli}",
      {
        t: `[show me|show|list|give me] [the] (last|latest|recent) {count:number} commits ${REPO} [please]`,
        args: git("log", "--oneline"),
      },
      { t: `(show|give|get) [me] the git (log|history) ${REPO}`, args: git("log", "--oneline", "-10") },
      { t: `(show|give|get) [me] the git diff ${REPO}`, args: git("diff") },
      { t: `(show|give|get) [me] the git status ${REPO}`, args: git("status") },
      // Naming git as the means: what changed in a repository is its status
      {
        t: `(use|ask|with) git [to] (show|tell|give) [me] (what has changed|what is changed|what changed|the changes|what is new) ${REPO}`,
        args: git("status"),
      },
      { t: `(what|which) [git] branch am i on ${REPO}`, args: git("branch", "--show-current") },
      { t: `(pull|fetch|get) the latest [changes] ${REPO}`, args: git("pull") },
      {
        t: `[use git to] (show|tell) me what (has|is|have) changed ${REPO}`,
        args: git("status"),
      },
      {
        t: `[can you|could you|please] use git to (show|tell) me what (has|is|have) changed ${REPO}`,
        args: git("status"),
      },
    ],
    // "ls -la ~/Downloads": "ls" then a flag. Taught, "ls" before any words would be a command
    shapes: [
      { t: "ls {args:text}", args: { command: "ls", flagged: true } },
      // The program named as the means after the goal ("show me what's in ~/Music with ls -la",
      // "how much room does ~/Videos take, using du"): the goal's folder is the program's
      // argument. Matched, never taught: taught, "with" would lean every request to a command
      { t: "{tail:text} (with|using|via) {command:cli} [{args:text}]", args: { means: true } },
      { t: "{tail:text} (with|using|via) the {command:cli} command", args: { means: true } },
      { t: "{tail:text} (with|using|via) ls [{args:text}]", args: { command: "ls", means: true } },
      // The terminal named as where ("echo hi there in the terminal"), or the command named
      // first with its purpose after ("use the date command to print the date")
      {
        t: "{command:program} {args:text} (in|on|into|at) the (terminal|shell|command line|console)",
        args: { terminal: true },
      },
      { t: "(use|run) the {command:program} command [to {tail:text}]", args: { terminal: true } },
      // The program named first as the means, the goal after ("use du to see how big ~/Music
      // is"): the goal's folder is the program's argument, as with "using du" said after
      { t: "[can you|could you|please] use {command:cli} to {tail:text}", args: { means: true } },
      // A repository's last commit, or everything in it committed with a message
      {
        t: `(what was|what is|what's|show me|show|tell me|give me) the (last|latest|most recent|newest) commit ${REPO}`,
        args: git("log", "-1"),
      },
      {
        t: `commit (everything|all|all changes|all the changes|all my changes|it all) ${REPO} (with|using) [the] [commit] message {message:text}`,
        args: { command: "git", commit: true },
      },
    ],
    asks: ["[can you|could you|please] (run|execute) a (shell|terminal) command [for me]"],
    ask: { command: "Which command?" },
    build: commandArgs,
    samples: ["run git status in my project", "execute ls in the downloads folder", "run the uptime command"],
    negatives: ["run a marathon", "run me a bath", "i need to run to the shops", "run the dishwasher"],
  },
};

export const SHELL_LANGUAGE = byTool(SHELL_INTENTS);
