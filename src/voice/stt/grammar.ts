/**
 * JSGF grammar from sentence templates. pocketsphinx's free dictation is unusable here (near
 * 100 % WER), but constrained to the phrases Jarvis understands it is nearly exact, so the
 * grammar is built from the same templates the NLU matches:
 * - `(a|b)` alternatives, `[opt]` optional parts, `{slot}` or `{slot:type}` a slot filled from
 *   `slots` (by type, else by name) — the NLU's template syntax;
 * - words are lower-cased and must be in the pronunciation dictionary: an alternative with an
 *   unknown word is dropped (and reported) rather than breaking the whole grammar.
 */
type Node =
  | { type: "word"; word: string }
  | { type: "slot"; name: string; kind?: string }
  | { type: "choice"; options: Node[][] }
  | { type: "optional"; body: Node[] };

export interface GrammarInput {
  /** Command sentence templates, e.g. "set a timer for {duration}". */
  templates: ReadonlyArray<string>;
  /** Slot name → templates of its values (values may themselves use the syntax, or `{other}`). */
  slots: Readonly<Record<string, ReadonlyArray<string>>>;
  /** Answers to a confirmation ("yes", "no", ...): the separate `dialog` rule. */
  dialog: ReadonlyArray<string>;
  /** Known words; when given, alternatives with other words are dropped. */
  dictionary?: ReadonlySet<string>;
  /** Optional words a command may start with ("hey jarvis" tails after the wake word). */
  prefix?: string;
}

export interface Grammar {
  /** The JSGF text (`#JSGF V1.0;` ...), with public rules `<command>` and `<dialog>`. */
  text: string;
  /** Templates (or slot values) left out, each with the reason. */
  dropped: string[];
  /** Every word the grammar can produce. */
  words: Set<string>;
}

export function parseTemplate(template: string): Node[] {
  const tokens = template
    .toLowerCase()
    .replace(/[,!?;"]|:(?![a-z0-9_]+\})/g, " ")
    .match(/\{[a-z0-9_]+(?::[a-z0-9_]+)?\}|[()[\]|]|[^\s()[\]|{}]+/g);
  if (!tokens) return [];
  let index = 0;
  const sequence = (closers: string[]): Node[][] => {
    const options: Node[][] = [[]];
    while (index < tokens.length) {
      const token = tokens[index++] as string;
      const current = options[options.length - 1] as Node[];
      if (token === "|") options.push([]);
      else if (closers.includes(token)) return options;
      else if (token === "(") current.push({ type: "choice", options: sequence([")"]) });
      else if (token === "[")
        current.push({ type: "optional", body: [{ type: "choice", options: sequence(["]"]) }] });
      else if (token === ")" || token === "]")
        throw new Error(`unbalanced "${token}" in template "${template}"`);
      else if (token.startsWith("{")) {
        const [name = "", kind] = token.slice(1, -1).split(":");
        current.push(kind ? { type: "slot", name, kind } : { type: "slot", name });
      } else current.push({ type: "word", word: token });
    }
    if (closers.length > 0) throw new Error(`unclosed group in template "${template}"`);
    return options;
  };
  const top = sequence([]);
  return top.length === 1 ? (top[0] as Node[]) : [{ type: "choice", options: top }];
}

/** Drops alternatives with unknown words or slots; undefined when nothing valid is left. */
/** `valid` returns the node to keep (slots resolved to a rule) or a problem. */
type Validator = (node: Node) => Node | string;

function prune(nodes: Node[], valid: Validator, problems: string[]): Node[] | undefined {
  const out: Node[] = [];
  for (const node of nodes) {
    if (node.type === "choice") {
      const options = node.options
        .map((option) => prune(option, valid, problems))
        .filter((o): o is Node[] => o !== undefined);
      if (options.length === 0) return undefined;
      out.push({ type: "choice", options });
    } else if (node.type === "optional") {
      const body = prune(node.body, valid, problems);
      if (body) out.push({ type: "optional", body });
    } else {
      const checked = valid(node);
      if (typeof checked === "string") {
        problems.push(checked);
        return undefined;
      }
      out.push(checked);
    }
  }
  return out;
}

function render(nodes: Node[]): string {
  return nodes
    .map((node) => {
      if (node.type === "word") return node.word;
      if (node.type === "slot") return `<${ruleName(node.name)}>`;
      if (node.type === "optional") return `[ ${render(node.body)} ]`;
      const options = node.options.map(render).filter((o) => o.length > 0);
      if (options.length < node.options.length) return `[ ( ${options.join(" | ")} ) ]`;
      return options.length === 1 ? (options[0] as string) : `( ${options.join(" | ")} )`;
    })
    .filter((s) => s.length > 0)
    .join(" ");
}

function collectWords(nodes: Node[], into: Set<string>): void {
  for (const node of nodes) {
    if (node.type === "word") into.add(node.word);
    else if (node.type === "optional") collectWords(node.body, into);
    else if (node.type === "choice") for (const option of node.options) collectWords(option, into);
  }
}

const ruleName = (slot: string) => `slot_${slot}`;

export function buildGrammar(input: GrammarInput): Grammar {
  const dropped: string[] = [];
  const words = new Set<string>();
  const slotRules = new Map<string, string>();
  const resolving = new Set<string>();
  const wordOk = (word: string) =>
    input.dictionary ? input.dictionary.has(word) : /^[a-z][a-z'.-]*$/.test(word);

  // Slots resolve lazily so only used ones are emitted; a slot with no valid value is unknown.
  const resolveSlot = (name: string): boolean => {
    if (slotRules.has(name)) return true;
    if (resolving.has(name)) return false;
    const values = input.slots[name];
    if (!values) return false;
    resolving.add(name);
    const alternatives: string[] = [];
    for (const value of values) {
      const problems: string[] = [];
      const nodes = prune(parseTemplate(value), validator, problems);
      if (nodes && nodes.length > 0) {
        alternatives.push(render(nodes));
        collectWords(nodes, words);
      } else dropped.push(`{${name}} value "${value}": ${problems.join(", ") || "empty"}`);
    }
    resolving.delete(name);
    if (alternatives.length === 0) return false;
    slotRules.set(name, [...new Set(alternatives)].join(" | "));
    return true;
  };
  const validator: Validator = (node) => {
    if (node.type === "word") {
      // "a.m." is a dictionary word; "minutes." is "minutes" at the end of a sentence.
      if (wordOk(node.word)) return node;
      const bare = node.word.replace(/^\.+|\.+$/g, "");
      if (bare && wordOk(bare)) return { type: "word", word: bare };
      return `"${node.word}" not in dictionary`;
    }
    if (node.type === "slot") {
      // `{city:place}`: values by type first, then by the slot's own name.
      if (node.kind && resolveSlot(node.kind)) return { type: "slot", name: node.kind };
      return resolveSlot(node.name) ? { type: "slot", name: node.name } : `no values for {${node.name}}`;
    }
    return node;
  };

  const compile = (templates: ReadonlyArray<string>): string[] => {
    const out: string[] = [];
    for (const template of templates) {
      const problems: string[] = [];
      let nodes: Node[] | undefined;
      try {
        nodes = prune(parseTemplate(template), validator, problems);
      } catch (error) {
        problems.push((error as Error).message);
      }
      if (!nodes || nodes.length === 0) {
        dropped.push(`"${template}": ${problems.join(", ") || "empty"}`);
        continue;
      }
      collectWords(nodes, words);
      out.push(render(nodes));
    }
    return [...new Set(out)];
  };

  const commands = compile(input.templates);
  const dialog = compile(input.dialog);
  if (commands.length === 0) throw new Error("no command template survived: the grammar would be empty");
  const prefix = input.prefix ? compile([input.prefix])[0] : undefined;
  const lines = [
    "#JSGF V1.0;",
    "grammar jarvis;",
    `public <command> = ${prefix ? `${prefix} ` : ""}<sentence>;`,
    `<sentence> = ${commands.map((c) => `( ${c} )`).join("\n  | ")};`,
    `public <dialog> = ${(dialog.length > 0 ? dialog : ["yes", "no"]).map((d) => `( ${d} )`).join(" | ")};`,
    ...[...slotRules].map(([name, body]) => `<${ruleName(name)}> = ${body};`),
  ];
  return { text: `${lines.join("\n")}\n`, dropped, words };
}

/** Reads a CMU-format dictionary's head words (`word(2)` variants fold into `word`). */
export function dictionaryWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    if (space <= 0) continue;
    words.add(line.slice(0, space).replace(/\(\d+\)$/, ""));
  }
  return words;
}
