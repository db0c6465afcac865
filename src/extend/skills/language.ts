import type { Args, BuildInput } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../../tools/language.js";

/**
 * How people ask for skills and the sandbox (the team's own sentences). All are shapes, never
 * taught to the classifier: the word "skill" or "sandbox" must be said, so a request matched
 * whole is one of these and the classifier keeps what it learned from the other groups.
 */

const SKILL = "the {name:label} skill";
const word = (value: unknown) =>
  typeof value === "string" ? value.trim().replace(/[.!?,]+$/, "") || undefined : undefined;

/** A place a skill can come from: a folder, a git or web address, or npm:package. */
const SOURCE = /^(?:npm:[\w@./-]+|https?:\/\/\S+|git@\S+|~?\.{0,2}\/\S*|~\/?\S*)$/;

const named = (input: BuildInput): Args | undefined => {
  const name = word(input.values.name);
  return name ? { name } : undefined;
};

const SKILL_INTENTS: IntentTable = {
  skills_install: {
    describe: ({ source }) => (typeof source === "string" ? `Install a skill from ${source}` : undefined),
    ask: { source: "Where is the skill: a folder, a git address or npm:name?" },
    shapes: [
      "(install|add) [the|a|this|that] skill (from|at|in) {source:text}",
      "(install|add) {source:text} as a skill",
      "install {source:text}",
      // Updated from where it came ("update the X skill from ~/skills/x"), or a package named
      // as such ("install the npm skill jarvis-invoice")
      "(update|reinstall|refresh) the {name:label} skill from {source:text}",
      { t: "(install|add) [the|a] npm (skill|package) {source:text}", args: { npm: true } },
    ],
    askShapes: ["(install|add) [a|new|another] skill"],
    build: (input) => {
      const said = word(input.values.source);
      const source = said && input.fixed.npm === true && !said.startsWith("npm:") ? `npm:${said}` : said;
      // A bare "install zoom" is an app, not a skill: only a place a skill can come from.
      return source && SOURCE.test(source) ? { source } : undefined;
    },
  },
  skills_open: {
    describe: ({ name }) => (typeof name === "string" ? `Open the skill ${name}` : undefined),
    shapes: [`(open|load|use) ${SKILL}`],
    build: named,
  },
  skills_read: {
    describe: ({ name, path }) =>
      typeof name === "string" && typeof path === "string" ? `Read ${path} of the skill ${name}` : undefined,
    shapes: [
      "(read|show [me]|open) {path:text} (from|in|of) the {name:label} skill",
      // The skill named first ("in the pdf-forms skill read references/FORMS.md")
      "(in|from) the {name:label} skill [,] (read|show [me]|open) {path:text}",
    ],
    build: (input) => {
      const path = word(input.values.path);
      return path && /[./]/.test(path) ? { ...named(input), path } : undefined;
    },
  },
  skills_run: {
    describe: ({ name, script }) =>
      typeof name === "string" && typeof script === "string"
        ? `Run ${script} of the skill ${name}`
        : undefined,
    shapes: ["run {script:text} (from|in|of|with) the {name:label} skill"],
    build: (input) => {
      const script = word(input.values.script);
      return script && /[./]/.test(script) ? { ...named(input), script } : undefined;
    },
  },
  skills_remove: {
    describe: ({ name }) => (typeof name === "string" ? `Remove the skill ${name}` : undefined),
    shapes: [`(remove|uninstall|delete) ${SKILL}`, "(remove|uninstall|delete) skill {name:label}"],
    build: named,
  },
};

export const SKILLS_LANGUAGE = byTool(SKILL_INTENTS);

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

/** Said of a program run in isolation: no network, which the sandbox gives unasked. */
const OFFLINE =
  "[[,] (no internet|no network|without internet|without the internet|without network access|offline)]";

const SANDBOX_INTENTS: IntentTable = {
  sandbox_run: {
    describe: ({ command }) => (Array.isArray(command) ? `Run ${command.join(" ")} in a sandbox` : undefined),
    shapes: [
      "(run|test|try) {what:text} (in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [for me]",
      "(run|test|try) {what:text} (in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [,] {time:number} (second|seconds|sec) (limit|timeout|max)",
      // The program said after the place ("try this script safely in a sandbox, python3 x.py"),
      // or "safely" alone naming the isolation; no network is the sandbox's default
      `(run|test|try) [this|the|my|that] [script|program|code|snippet] [safely] (in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [,] {what:text} ${OFFLINE}`,
      { t: `(run|test|try) {what:text} safely [,] ${OFFLINE}`, args: { safely: true } },
      // The place first ("in an isolated box run node test.js"), a memory cap, a folder it may read
      `(in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [,] (run|test|try) {what:text} [with] [{memory:number} (mb|megabytes) (memory|of memory|ram) [max|limit|at most]] ${OFFLINE}`,
      `(run|test|try) [my|the|this] [script|program] {what:text} [safely] (in|inside) (a|the|an) (sandbox|isolated box|isolated environment) [,] (it may|it can|let it|and let it|allow it to) read {read:text}`,
    ],
    build: (input) => {
      const parts = word(input.values.what)?.split(/\s+/);
      if (!parts?.length || /^(?:it|this|that|something|the|my|a)$/i.test(parts[0]!)) return undefined;
      // Without the word "sandbox", a program is a file or an interpreter's line, never words of
      // a sentence ("run the numbers safely")
      const program =
        /[./]/.test(parts.join(" ")) || /^(?:python3?|node|sh|bash|deno|ruby|perl)$/.test(parts[0]!);
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
  // Code written inline after the place ("run this python in the sandbox: print(1)"): the
  // language names the interpreter, the code is its one argument
  sandbox_inline: {
    tool: "sandbox_run",
    shapes: [
      `(run|test|try) [this|the|some] {lang:label} [code|snippet] (in|inside) (a|the|an) (sandbox|isolated box) [${OFFLINE}] [:] {code:text}`,
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
