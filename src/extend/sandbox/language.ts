import { type Args, type BuildInput, parseNumber } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../../tools/language.js";

/**
 * How people ask to run a program in the sandbox (the team's own sentences). All shapes, never
 * taught: "sandbox", "safely", "isolated" or "somewhere safe" must be said, so a request matched
 * whole is this one and the classifier keeps what it learned from the shell and the other groups.
 *
 * A fresh writer puts the parts of such a request in any order: the program ("my script
 * clean.py", "python3 x.py data.csv", "this python: print(1)"), where it runs ("in the sandbox",
 * "somewhere safe", "isolated"), and its limits ("give it 30 seconds max", "no internet", "it may
 * read my thesis folder", "256 MB of memory"). `readRun` takes the limits out wherever they stand,
 * and what is left must look like a program.
 */

const word = (value: unknown) =>
  typeof value === "string" ? value.trim().replace(/[.!?,]+$/, "") || undefined : undefined;

/** The interpreter a script's extension names: "scrape.py" runs as "python3 scrape.py". */
const RUNNERS: Record<string, string> = { py: "python3", js: "node", mjs: "node", sh: "sh" };
/** A language named for code written inline, and how its interpreter takes code. */
const INLINE: Record<string, string[]> = {
  python: ["python3", "-c"],
  python3: ["python3", "-c"],
  javascript: ["node", "-e"],
  js: ["node", "-e"],
  node: ["node", "-e"],
  shell: ["sh", "-c"],
  bash: ["sh", "-c"],
};
const INTERPRETER = /^(?:python3?|node|sh|bash|deno|ruby|perl)$/i;

/** Where it runs, said in any of the ways people name isolation. */
const ISOLATION =
  /\b(?:(?:in|inside|within|into) (?:a |the |an |my )?(?:(?:isolated |safe |secure )?sandbox(?:ed environment)?|isolated (?:box|environment|container|space)|container|safe (?:box|place|space))|somewhere (?:safe|isolated)|safely|isolated|in isolation|sandboxed|locked down)\b/gi;
const NUMBER = "(\\d+(?:\\.\\d+)?|a|one|two|three|five|ten|fifteen|twenty|thirty|sixty|ninety)";
/** "a 2 minute limit" is one limit of two minutes; every other word is read as numbers are everywhere. */
const numberOf = (said: string) =>
  /^an?$/i.test(said) ? 1 : (parseNumber([said.toLowerCase()]) ?? Number(said));
/** A time limit: "give it 30 seconds max", "a 2 minute limit", "for at most 10 s", "timeout 20s". */
const TIME = new RegExp(
  `(?:\\b(?:give it|allow it|let it (?:run|have)(?: for)?|with|for|limit(?:ed)?(?: it)? to|cap(?:ped)?(?: it)? at|(?:with )?(?:a )?time ?out(?: of)?|max(?:imum)?(?: of)?|at most|no (?:more|longer) than|up to|under)\\s+)*(?:a |an )?${NUMBER}[ -]?(seconds?|secs?|s|minutes?|mins?)\\b(?:[ -](?:max(?:imum)?|limit|tops|at most|time ?limit|time ?out|long))?`,
  "i",
);
/** A memory cap: "256 MB of memory", "with 512mb ram max", "limit it to 1 GB". */
const MEMORY =
  /(?:\b(?:give it|allow it|with|limit(?:ed)?(?: it)? to|cap(?:ped)?(?: it)? at|max(?:imum)?(?: of)?|at most|no more than|up to|under)\s+)*(\d+) ?(mb|megabytes?|megs?|gb|gigabytes?|gigs?)\b(?: (?:of )?(?:memory|ram))?(?: (?:max(?:imum)?|limit|at most|tops))?/i;
/** No network, which the sandbox gives unasked. */
const OFFLINE =
  /\b(?:(?:and |with |but )?(?:no|without(?: any)?(?: the)?) (?:internet|network|net|web|wifi|connection)(?: access)?|offline|cut off from the (?:internet|network))\b/gi;
/** A folder it may read, said last: "it may read my thesis folder", "with read access to ~/data". */
const READS =
  /\b(?:(?:and )?(?:it|that it|let it|allow it to|it's allowed to|it is allowed to)\s+(?:may |can |could )?(?:read|see|look at|access|use)|(?:with |and )?read(?:-only)? access to)\s+(?:the |my )?(.+?)(?:\s+(?:folder|directory|dir|files))?\s*$/i;

/**
 * Why it runs apart, said after it ("so it doesn't break my pc", "don't let it touch anything"):
 * the reason for the sandbox, never part of the program.
 */
const REASON =
  /(?:^|[\s,])(?:so (?:that )?(?:it|nothing) (?:does ?n[o']?t|doesnt|won'?t|can'?t|cannot|will not|never)|(?:and )?(?:don'?t|do not|dont|never) let it (?:touch|change|break|harm|damage|mess))\b[^:]*/gi;

/** Words around a program that are not part of it. */
const AROUND =
  /^(?:\s|[,.:;]|\b(?:this|that|the|my|some|a|an|little|script|program|code|snippet|file|for me|please|now|real quick|quickly)\b)+|(?:\s|[,.;!]|\b(?:for me|please|and|but|with|now|thing|one)\b)+$/gi;

/** A program and its limits from the words around where it runs; undefined when none is named. */
export function readRun(before: string, after = ""): Args | undefined {
  let time: number | undefined;
  let memory: number | undefined;
  let read: string | undefined;
  const strip = (said: string): string => {
    let left = ` ${said} `.replace(ISOLATION, " , ").replace(OFFLINE, " , ").replace(REASON, " , ");
    const timed = TIME.exec(left);
    if (timed) {
      const n = numberOf(timed[1]!);
      time = /^m/i.test(timed[2]!) ? n * 60 : n;
      left = `${left.slice(0, timed.index)} , ${left.slice(timed.index + timed[0].length)}`;
    }
    const capped = MEMORY.exec(left);
    if (capped) {
      memory = Number(capped[1]) * (/^g/i.test(capped[2]!) ? 1024 : 1);
      left = `${left.slice(0, capped.index)} , ${left.slice(capped.index + capped[0].length)}`;
    }
    const reads = READS.exec(left.replace(/[\s,]+$/, ""));
    if (reads) {
      read = reads[1]!.replace(/[.,]+$/, "").trim();
      left = left.slice(0, reads.index);
    }
    return left.replace(/\s+/g, " ").replace(AROUND, "").trim();
  };
  let program = strip(before);
  let rest = strip(after);
  // The program named after a colon once the request is said ("test this script safely: bash
  // x.sh"): what stood before it was only "this script"
  if (!program && after.includes(":")) {
    program = strip(after.slice(after.lastIndexOf(":") + 1));
    rest = strip(after.slice(0, after.lastIndexOf(":")));
  }
  if (!program) return undefined;
  const parts = program.split(/\s+/);
  const first = parts[0]!;
  let command: string[] | undefined;
  const runner = INLINE[first.replace(/:$/, "").toLowerCase()];
  // Code written after its language ("this python: print(1)"), before or after where it runs
  const inline =
    runner !== undefined && (parts.length === 1 || program.includes(":")) && !/\.\w+$/.test(parts[1] ?? "");
  if (inline) {
    const code = (parts.length > 1 ? program.slice(program.indexOf(first) + first.length) : rest)
      .replace(/^\s*:\s*/, "")
      .trim();
    command = code ? [...runner, code] : undefined;
  } else if (RUNNERS[first.split(".").pop()!.toLowerCase()] && /\.\w+$/.test(first)) {
    command = [RUNNERS[first.split(".").pop()!.toLowerCase()]!, ...parts];
  } else if (INTERPRETER.test(first) && parts.length > 1) {
    command = [first.toLowerCase() === "python" ? "python3" : first, ...parts.slice(1)];
  } else if (/[./]/.test(first)) command = parts;
  // Words left after the limits that are not code: a second request, never the program's
  if (!command || (rest && !inline && rest.split(/\s+/).length > 2)) return undefined;
  return {
    command,
    ...(time && time > 0 ? { time_s: time } : {}),
    ...(memory && memory >= 16 ? { memory_mb: memory } : {}),
    ...(read ? { read: [read] } : {}),
  };
}

/** Polite or hurried words before the request. */
const LEAD = "[ok|okay|please|can you|could you|would you|will you|just|now] [please|just]";
const VERB = "(run|test|try|execute|check|start|launch|try out|test out)";
const PLACE =
  "(in|inside|within|into) (a|the|an|my) (sandbox|isolated box|isolated environment|container|safe box|safe place|safe space|isolated sandbox|secure sandbox)";
const SAFE = "(safely|isolated|sandboxed|somewhere safe|in isolation|in a safe place|locked down)";

/** The reading of a run said in any order, from the words before and after where it runs. */
const anyOrder = (input: BuildInput): Args | undefined => {
  const limits = input.matches.limits?.raw ?? "";
  // Limits said in the place clause must sit beside the word that isolates it ("in a sandbox
  // with 256 MB"); any other place is not the sandbox ("in the kitchen, run the dishwasher")
  if (limits && /^(?:in|inside)\b/i.test(input.env.text.trim()) && !ISOLATION.test(`in a ${limits}`)) {
    ISOLATION.lastIndex = 0;
    return undefined;
  }
  ISOLATION.lastIndex = 0;
  return readRun(input.matches.program?.raw ?? "", limits);
};

/** Said of a program run in isolation: no network, which the sandbox gives unasked. */
const OFFLINE_WORDS =
  "[[,] (no internet|no network|without internet|without the internet|without network access|offline)]";

const SANDBOX_INTENTS: IntentTable = {
  sandbox_run: {
    describe: ({ command }) => (Array.isArray(command) ? `Run ${command.join(" ")} in a sandbox` : undefined),
    shapes: [
      "(run|test|try) {what:text} (in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [for me]",
      "(run|test|try) {what:text} (in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [,] {time:number} (second|seconds|sec) (limit|timeout|max)",
      // The program said after the place ("try this script safely in a sandbox, python3 x.py"),
      // or "safely" alone naming the isolation; no network is the sandbox's default
      `(run|test|try) [this|the|my|that] [script|program|code|snippet] [safely] (in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [,] {what:text} ${OFFLINE_WORDS}`,
      { t: `(run|test|try) {what:text} safely [,] ${OFFLINE_WORDS}`, args: { safely: true } },
      // The place first ("in an isolated box run node test.js"), a memory cap, a folder it may read
      `(in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [,] (run|test|try) {what:text} [with] [{memory:number} (mb|megabytes) (memory|of memory|ram) [max|limit|at most]] ${OFFLINE_WORDS}`,
      `(run|test|try) [my|the|this] [script|program] {what:text} [safely] (in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [,] (it may|it can|let it|and let it|allow it to) read {read:text}`,
    ],
    build: (input) => {
      const parts = word(input.values.what)?.split(/\s+/);
      if (!parts?.length || /^(?:it|this|that|something|the|my|a)$/i.test(parts[0]!)) return undefined;
      // Without the word "sandbox", a program is a file or an interpreter's line, never words of
      // a sentence ("run the numbers safely")
      const program = /[./]/.test(parts.join(" ")) || INTERPRETER.test(parts[0]!);
      if (input.fixed.safely === true && !program) return undefined;
      const runner = RUNNERS[parts[0]!.split(".").pop()!.toLowerCase()];
      const command = parts.length === 1 && runner ? [runner, parts[0]!] : parts;
      const time = input.values.time;
      const memory = input.values.memory;
      const read = word(input.values.read);
      return {
        command,
        ...(typeof time === "number" && time > 0 ? { time_s: time } : {}),
        ...(typeof memory === "number" && memory >= 16 ? { memory_mb: memory } : {}),
        ...(read ? { read: [read] } : {}),
      };
    },
  },
  // The parts in any order around where it runs: the program before, its limits (or inline
  // code) after, each read by `readRun`
  sandbox_any_order: {
    tool: "sandbox_run",
    shapes: [
      `${LEAD} ${VERB} {program:text} ${PLACE} [{limits:text}]`,
      `${LEAD} ${VERB} {program:text} ${SAFE} [{limits:text}]`,
      `${LEAD} ${VERB} {program:text} ${SAFE} ${PLACE} [{limits:text}]`,
      `${LEAD} (in|inside) (a|the|an) (sandbox|isolated box) [,] ${VERB} {program:text}`,
      // The place first, with what isolates it and its limits ("in an isolated sandbox with 256
      // MB, run …"), or the sandbox said as the verb ("sandbox it: node x.js, 5 second limit")
      `${LEAD} (in|inside) (a|the|an) {limits:text} [,] ${VERB} {program:text}`,
      `${LEAD} sandbox (it|this|that) [:] {program:text}`,
    ],
    askShapes: [
      `${LEAD} ${VERB} (something|a program|a script|some code|code|my script|my code|my program|a file) ${PLACE} [for me] [please]`,
      `${LEAD} ${VERB} (something|a program|a script|some code|my script|my code|my program) ${SAFE} [for me] [please]`,
    ],
    ask: { command: "Which program should I run in the sandbox?" },
    build: anyOrder,
  },
  // Code written inline after the place ("run this python in the sandbox: print(1)"): the
  // language names the interpreter, the code is its one argument
  sandbox_inline: {
    tool: "sandbox_run",
    shapes: [
      `(run|test|try) [this|the|some] {lang:label} [code|snippet] (in|inside) (a|the|an) (sandbox|isolated box) [${OFFLINE_WORDS}] [:] {code:text}`,
    ],
    build: (input) => {
      const lang = word(input.values.lang)?.toLowerCase();
      const code = typeof input.values.code === "string" ? input.values.code.trim() : "";
      const runner = lang && INLINE[lang];
      return runner && code ? { command: [...runner, code] } : undefined;
    },
  },
};

export const SANDBOX_LANGUAGE = byTool(SANDBOX_INTENTS);
