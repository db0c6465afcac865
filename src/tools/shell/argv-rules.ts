import { isAbsolute, join } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { checkPath, type PathRoots } from "../../gate/paths.js";

/**
 * Argument rules per allowlisted program. A program's name on `shell.allow` is not enough:
 * `git -c alias.x=!cmd` runs any command, `git diff --output=F` writes anywhere, and
 * `date -f ~/.ssh/KEY` prints a key. Each program's options are either listed (only those) or
 * refused by name; GNU and git accept any unambiguous prefix of a long option (`--fi` is
 * `--file`), so a refused name is refused in every abbreviation too. Words that are not options
 * name files unless the program treats them as text: they are checked against the read roots
 * and the deny list like any path the gate sees, relative to the working directory.
 */
export interface OptionRules {
  /** Only these options are accepted (short letters, long names); absent = any but `refuse`. */
  only?: { short?: string; long?: readonly string[] };
  /** Refused in every spelling: inside a cluster of short letters, exact or abbreviated long. */
  refuse?: { short?: string; long?: readonly string[] };
  /** Short letters taking a value: the rest of the word, or the next word. */
  valued?: string;
  /** Short letters taking an optional value only in the same word (`date -Iseconds`). */
  attached?: string;
  /** Long options that take the next word as their value when written without `=`. */
  longValued?: readonly string[];
  /** Options whose value names a directory or file: root-checked. */
  pathValued?: readonly string[];
  /** The option that changes the working directory (git's `-C`): later files are relative to it. */
  cwdOption?: string;
  /** What non-option words are: files (root-checked), plain text, or not accepted at all. */
  operands: "paths" | "text" | "none";
}

export interface ProgramRules extends OptionRules {
  /** git style: the first operand is a subcommand, and only these exist. */
  subcommands?: Readonly<Record<string, OptionRules>>;
  /** Every word is printed, never opened or obeyed (echo): no option or operand checks. */
  verbatim?: boolean;
  /** Environment the program always runs with (e.g. git's hooks and pager switched off). */
  env?: Readonly<Record<string, string>>;
}

/** git subcommand options that write files, run programs, read files named in them or open a browser. */
const GIT_REFUSED = {
  short: "O",
  long: [
    "--output",
    "--output-directory",
    "--no-index",
    "--ext-diff",
    "--textconv",
    "--open-files-in-pager",
    "--exec",
    "--upload-pack",
    "--git-dir",
    "--work-tree",
    "--contents",
    "--ignore-revs-file",
    "--pathspec-from-file",
    "--help",
    "--web",
  ],
} as const;
const GIT_READ: OptionRules = { refuse: GIT_REFUSED, operands: "paths" };
/** Listing only: `git branch NAME` would create a branch, `-d` delete one. */
const GIT_LIST: OptionRules = {
  only: {
    short: "arvl",
    long: ["--list", "--all", "--remotes", "--verbose", "--show-current", "--sort", "--contains", "--merged"],
  },
  operands: "none",
};

export const PROGRAM_RULES: Readonly<Record<string, ProgramRules>> = {
  git: {
    only: { short: "CP", long: ["--no-pager", "--no-optional-locks", "--literal-pathspecs"] },
    valued: "C",
    pathValued: ["-C"],
    cwdOption: "-C",
    operands: "paths",
    subcommands: {
      status: GIT_READ,
      log: GIT_READ,
      diff: GIT_READ,
      show: GIT_READ,
      "ls-files": GIT_READ,
      blame: GIT_READ,
      describe: GIT_READ,
      shortlog: GIT_READ,
      "rev-parse": GIT_READ,
      "rev-list": GIT_READ,
      version: { operands: "none", only: {} },
      branch: GIT_LIST,
      tag: GIT_LIST,
      remote: { only: { short: "v", long: ["--verbose"] }, operands: "none" },
    },
    // A repository's own config can name programs (fsmonitor, hooks, pager) or reach the network
    // (a partial clone fetching objects): all off for a read-only look.
    env: {
      GIT_PAGER: "cat",
      GIT_TERMINAL_PROMPT: "0",
      GIT_CONFIG_COUNT: "4",
      GIT_CONFIG_KEY_0: "core.fsmonitor",
      GIT_CONFIG_VALUE_0: "false",
      GIT_CONFIG_KEY_1: "core.hooksPath",
      GIT_CONFIG_VALUE_1: "/dev/null",
      GIT_CONFIG_KEY_2: "protocol.allow",
      GIT_CONFIG_VALUE_2: "never",
      GIT_CONFIG_KEY_3: "core.pager",
      GIT_CONFIG_VALUE_3: "cat",
    },
  },
  // -f/--file reads dates from a file (and prints what it cannot parse), -r/--reference stats
  // one, -s/--set changes the clock: none are listed.
  date: {
    only: {
      short: "uRdI",
      long: ["--utc", "--universal", "--rfc-email", "--rfc-3339", "--iso-8601", "--date", "--debug"],
    },
    valued: "d",
    attached: "I",
    longValued: ["--date", "--rfc-3339"],
    operands: "text",
  },
  ls: {
    valued: "ITw",
    longValued: ["--hide", "--ignore", "--width", "--tabsize", "--block-size", "--time-style"],
    operands: "paths",
  },
  // --files0-from and -X/--exclude-from read a file named in them.
  du: {
    refuse: { short: "X", long: ["--files0-from", "--exclude-from"] },
    valued: "BdtX",
    longValued: ["--block-size", "--max-depth", "--threshold", "--exclude", "--time-style"],
    operands: "paths",
  },
  df: { valued: "Btx", longValued: ["--block-size", "--type", "--exclude-type"], operands: "paths" },
  uptime: { only: { short: "ps", long: ["--pretty", "--since"] }, operands: "none" },
  whoami: { only: {}, operands: "none" },
  echo: { operands: "text", verbatim: true },
};

/** A program the user allowed without rules here: any option, every file it names checked. */
const UNKNOWN_PROGRAM: ProgramRules = { operands: "paths" };

export function rulesFor(program: string): ProgramRules {
  return PROGRAM_RULES[program] ?? UNKNOWN_PROGRAM;
}

/**
 * Throws POLICY_DENIED for an option the rules do not let through, PATH_DENIED for a file
 * outside the read roots or inside the deny list. `cwd` is the canonical working directory.
 */
export function checkArguments(
  program: string,
  args: readonly string[],
  cwd: string,
  roots: PathRoots,
): void {
  const rules = rulesFor(program);
  if (rules.verbatim) return;
  const state: Walk = { cwd, roots, stopAtOperand: Boolean(rules.subcommands) };
  const at = checkWords(program, rules, args, state);
  if (!rules.subcommands) return;
  const names = Object.keys(rules.subcommands).join(", ");
  if (at === undefined) throw denied(`${program} needs one of: ${names}`);
  const name = args[at] ?? "";
  const sub = rules.subcommands[name];
  if (!sub)
    throw denied(`${program} ${name.slice(0, 40)} is not allowed; Jarvis runs only ${program} ${names}`);
  checkWords(`${program} ${name}`, sub, args.slice(at + 1), { ...state, stopAtOperand: false });
}

interface Walk {
  cwd: string;
  roots: PathRoots;
  /** Return at the first operand (git's subcommand) instead of checking it. */
  stopAtOperand: boolean;
}

/** Walks the words; with `stopAtOperand` returns the index of the first operand, if any. */
function checkWords(
  label: string,
  rules: OptionRules,
  words: readonly string[],
  state: Walk,
): number | undefined {
  const value = (option: string, given: string | undefined) => {
    if (given === undefined) return;
    if (rules.pathValued?.includes(option) || looksLikePath(given)) {
      const path = checkFile(given, state);
      if (option === rules.cwdOption && path) state.cwd = path;
    }
  };
  let endOfOptions = false;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? "";
    if (endOfOptions || word === "-" || !word.startsWith("-")) {
      if (state.stopAtOperand) return index;
      checkOperand(label, rules, word, state);
      continue;
    }
    if (word === "--") {
      endOfOptions = true;
      continue;
    }
    if (word.startsWith("--")) {
      const cut = word.indexOf("=");
      const name = cut < 0 ? word : word.slice(0, cut);
      checkLong(label, rules, name);
      const given =
        cut >= 0 ? word.slice(cut + 1) : rules.longValued?.includes(name) ? words[++index] : undefined;
      value(name, given);
      continue;
    }
    for (let at = 1; at < word.length; at++) {
      const letter = word[at] ?? "";
      checkShort(label, rules, letter);
      if (rules.attached?.includes(letter)) break;
      if (rules.valued?.includes(letter)) {
        value(`-${letter}`, at + 1 < word.length ? word.slice(at + 1) : words[++index]);
        break;
      }
    }
  }
  return undefined;
}

function checkLong(label: string, rules: OptionRules, name: string): void {
  const refused = rules.refuse?.long?.find(
    (option) => option === name || (name.length >= 4 && option.startsWith(name)),
  );
  if (refused)
    throw denied(`${label}: ${name} is not allowed (${refused} writes or reads files, or runs programs)`);
  if (rules.only && !rules.only.long?.includes(name)) {
    throw denied(`${label}: ${name} is not one of the options Jarvis lets it use`);
  }
}

function checkShort(label: string, rules: OptionRules, letter: string): void {
  if (rules.refuse?.short?.includes(letter)) {
    throw denied(`${label}: -${letter} is not allowed (it writes or reads files, or runs programs)`);
  }
  if (rules.only && !rules.only.short?.includes(letter)) {
    throw denied(`${label}: -${letter} is not one of the options Jarvis lets it use`);
  }
}

function checkOperand(label: string, rules: OptionRules, word: string, state: Walk): void {
  if (rules.operands === "none") throw denied(`${label} takes no arguments here ("${word.slice(0, 40)}")`);
  if (rules.operands === "paths") checkFile(word, state);
}

/** A value that names a file rather than a pattern, count or format. */
function looksLikePath(value: string): boolean {
  return value.startsWith("/") || value.startsWith("~") || value.startsWith(".");
}

/** The canonical path a word names, after checking it against the read roots and deny list. */
function checkFile(word: string, state: Walk): string | undefined {
  if (word === "-" || word === "") return undefined;
  const target = word.startsWith("~") || isAbsolute(word) ? word : join(state.cwd, word);
  return checkPath(target, "read", state.roots);
}

function denied(message: string): JarvisError {
  return new JarvisError("POLICY_DENIED", message, {
    fix: "use a plainer form of the command, or run it yourself in a terminal",
  });
}
