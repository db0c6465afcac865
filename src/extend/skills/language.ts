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

/** A place a skill can come from: a folder (with a slash: "skills/x"), a git or web address, or npm:package. */
const SOURCE = /^(?:npm:[\w@./-]+|https?:\/\/\S+|git@\S+|~?\.{0,2}\/\S*|~\/?\S*|[\w.-]+\/[\w./-]+)$/;

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
      // The skill pointed at by where it is ("add the skill that's in my folder skills/x",
      // "update the skill in ~/skills/y")
      "(install|add|update|reinstall|refresh) the skill (that's|that is|which is|thats) (in|at) [my|the] [folder|directory] {source:text}",
      "(install|add|update|reinstall|refresh) the skill (in|at|from) [my|the] [folder|directory] {source:text}",
      { t: "(install|add) [the|a] npm (skill|package) {source:text}", args: { npm: true } },
    ],
    askShapes: ["(install|add) [a|new|another] skill"],
    build: (input) => {
      // The place said with its kind before it ("in the folder ~/skills/x", "skill npm:y")
      const said = word(input.values.source)
        ?.replace(/^(?:(?:the|a|this|my)\s+)?(?:skill\s+)?/i, "")
        .replace(
          /^(?:(?:the|my)\s+)?(?:folder|directory|dir|repo|repository|package)\s+(?:called\s+|named\s+|at\s+)?/i,
          "",
        );
      const source = said && input.fixed.npm === true && !said.startsWith("npm:") ? `npm:${said}` : said;
      // A bare "install zoom" is an app, not a skill: only a place a skill can come from.
      return source && SOURCE.test(source) ? { source } : undefined;
    },
  },
  skills_open: {
    describe: ({ name }) => (typeof name === "string" ? `Open the skill ${name}` : undefined),
    // Used for what is in hand ("use the x skill for this"): the words after name no other thing
    shapes: [`(open|load|use) ${SKILL} [for this|for that|for it|here|on this|on that|now|please]`],
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
    shapes: [
      `(remove|uninstall|delete|get rid of) ${SKILL}`,
      "(remove|uninstall|delete) skill {name:label}",
      // Named after its kind ("uninstall the skill called pdf-forms")
      "(remove|uninstall|delete|get rid of) the skill (called|named) {name:label} [please]",
      // With why after ("uninstall the x skill, it's rubbish"); a second request is not a reason
      `(remove|uninstall|delete|get rid of) ${SKILL} [,] {tail:text}`,
    ],
    // No name said ("uninstall a skill"): which one is asked
    build: (input) =>
      /\b(?:and|then|also)\b/i.test(String(input.values.tail ?? "")) ? undefined : (named(input) ?? {}),
    ask: { name: "Which skill? Ask me to list them first." },
    askShapes: ["(remove|uninstall|delete|get rid of) (a|one|one of the|one of my|a certain) (skill|skills)"],
  },
};

export const SKILLS_LANGUAGE = byTool(SKILL_INTENTS);
