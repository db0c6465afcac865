import { type Args, type BuildInput, slotsAsArgs } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask to run a command (the team's own sentences). */
function commandArgs(input: BuildInput): Args {
  const args = slotsAsArgs(input);
  if (typeof args.args === "string") args.args = args.args.split(/\s+/).filter(Boolean);
  return args;
}

const SHELL_INTENTS: IntentTable = {
  shell_run: {
    capability: { area: "Windows and the desktop", can: "run allowed commands such as git and ls" },
    // The programs it runs by default and what people ask of them (a repository's state,
    // the disk, who is logged in)
    cues: /\b(?:git|ls|df|du|uptime|whoami|echo)\b|\b(?:commits?|repo(?:sitory)?|branch(?:es)?|uncommitted|diff|tags?|logged in as|command line|terminal command)\b|\b(?:user ?name|mounted|drives?|partitions?|disk (?:usage|space)|how (?:much (?:space|room)|big) (?:is|are|does)\b.*\b(?:taking|take|use|using)|folder size|size of (?:the |my |this )?(?:folder|directory))\b/i,
    describe: ({ command, args }) =>
      typeof command === "string"
        ? `Run ${[command, ...(Array.isArray(args) ? args : [])].join(" ")}`
        : undefined,
    templates: [
      "(run|execute|launch) [the command|the program] {command:program} [{args:text}]",
      "(run|execute) {command:program} {args:text} (in|inside) {cwd:file}",
      "(run|execute) {command:program} [{args:text}] (for|on) me",
      "what does {command:program} [{args:text}] (say|print|show|output)",
    ],
    build: commandArgs,
    samples: ["run git status in my project", "execute ls in the downloads folder", "run the uptime command"],
    negatives: ["run a marathon", "run me a bath", "i need to run to the shops", "run the dishwasher"],
  },
};

export const SHELL_LANGUAGE = byTool(SHELL_INTENTS);
