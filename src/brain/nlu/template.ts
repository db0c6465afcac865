import { type SlotEnv, slotType } from "./slots/index.js";
import { type Token, tokenize } from "./text/normalize.js";

/**
 * Sentence templates in the spirit of Home Assistant's hassil: `(open|launch) [the] {app}`.
 * `(a|b)` alternatives, `[x]` or `[x|y]` optional, `{slot}` / `{slot:type}` slots. Literal words
 * are normalized like user text, so "what's" in a template matches "what is" said.
 */
export type TemplateNode =
  | { k: "w"; w: string }
  | { k: "alt"; opts: TemplateNode[][]; optional: boolean }
  | { k: "slot"; name: string; type: string };

export interface Template {
  source: string;
  nodes: TemplateNode[];
  /** Words every match must contain (a cheap pre-filter before matching). */
  mandatory: string[];
  /** For each required group like `(set|start)`: one of these words must be present. */
  anyOf: string[][];
  slots: string[];
}

/** Every literal word a template can match, in any of its alternatives. */
export function* literalWords(nodes: readonly TemplateNode[]): Iterable<string> {
  for (const node of nodes)
    if (node.k === "w") yield node.w;
    else if (node.k === "alt") for (const option of node.opts) yield* literalWords(option);
}

/**
 * The literal words of these templates, as a set built on first need: a turn of known words,
 * such as a one-shot ask's, never walks them.
 */
export function wordsOnDemand(templates: readonly { template: Template }[]): () => ReadonlySet<string> {
  let words: ReadonlySet<string> | undefined;
  return () => {
    words ??= new Set(templates.flatMap(({ template }) => [...literalWords(template.nodes)]));
    return words;
  };
}

export function parseTemplate(source: string): Template {
  let pos = 0;
  const slots: string[] = [];

  const parseAlternatives = (close: string | undefined): TemplateNode[][] => {
    const alternatives: TemplateNode[][] = [[]];
    let literal = "";
    const flush = () => {
      if (!literal.trim()) {
        literal = "";
        return;
      }
      for (const token of tokenize(literal)) alternatives.at(-1)!.push({ k: "w", w: token.w });
      literal = "";
    };
    while (pos < source.length) {
      const c = source[pos]!;
      if (c === "(" || c === "[") {
        flush();
        pos += 1;
        const opts = parseAlternatives(c === "(" ? ")" : "]");
        alternatives.at(-1)!.push({ k: "alt", opts, optional: c === "[" });
      } else if (c === ")" || c === "]") {
        if (c !== close) throw new Error(`template "${source}": unexpected "${c}" at ${pos}`);
        flush();
        pos += 1;
        return alternatives;
      } else if (c === "|") {
        if (close === undefined) throw new Error(`template "${source}": "|" outside a group`);
        flush();
        alternatives.push([]);
        pos += 1;
      } else if (c === "{") {
        flush();
        const end = source.indexOf("}", pos);
        if (end < 0) throw new Error(`template "${source}": unclosed "{"`);
        const [name = "", explicit] = source.slice(pos + 1, end).split(":");
        const type = slotType(name, explicit);
        if (!type) throw new Error(`template "${source}": unknown slot type for {${name}}`);
        alternatives.at(-1)!.push({ k: "slot", name, type: explicit ?? name });
        slots.push(name);
        pos = end + 1;
      } else {
        literal += c;
        pos += 1;
      }
    }
    if (close !== undefined) throw new Error(`template "${source}": missing "${close}"`);
    flush();
    return alternatives;
  };

  const top = parseAlternatives(undefined);
  const nodes = top[0] ?? [];
  const mandatory = nodes.flatMap((n) => (n.k === "w" ? [n.w] : []));
  const anyOf: string[][] = [];
  for (const node of nodes) {
    if (node.k !== "alt" || node.optional) continue;
    const firsts = node.opts.map((option) => (option[0]?.k === "w" ? option[0].w : undefined));
    if (firsts.every((w): w is string => w !== undefined)) anyOf.push([...new Set(firsts)]);
  }
  return { source, nodes, mandatory: [...new Set(mandatory)], anyOf, slots };
}

export interface SlotMatch {
  value: unknown;
  raw: string;
  start: number;
  end: number;
  free: boolean;
}

export interface TemplateMatch {
  slots: Record<string, SlotMatch>;
  /** Specificity: literal words count most, typed slots next, free text least. */
  score: number;
  free: boolean;
}

/** Per-utterance memo of slot parses, shared by every template tried on it. */
export class SlotCache {
  private readonly memo = new Map<string, unknown>();
  private said: Set<string> | undefined;
  constructor(
    readonly tokens: readonly Token[],
    readonly env: SlotEnv,
  ) {}

  /** The distinct words said (what a template's fixed words are looked up in). */
  get present(): ReadonlySet<string> {
    this.said ??= new Set(this.tokens.map((t) => t.w));
    return this.said;
  }

  words(start: number, end: number): string[] {
    return this.tokens.slice(start, end).map((t) => t.w);
  }

  raw(start: number, end: number): string {
    return this.env.text.slice(this.tokens[start]!.start, this.tokens[end - 1]!.end);
  }

  parse(typeName: string, slotName: string, start: number, end: number): unknown {
    const key = `${typeName}:${start}:${end}`;
    if (this.memo.has(key)) return this.memo.get(key);
    const type = slotType(slotName, typeName === slotName ? undefined : typeName);
    const value = type ? type.parse(this.words(start, end), this.raw(start, end), this.env) : undefined;
    this.memo.set(key, value);
    return value;
  }
}

const MAX_STEPS = 4000;
const MAX_READINGS = 12;

/** Matches the whole token list against a template; the best-scoring reading wins. */
export function matchTemplate(template: Template, cache: SlotCache): TemplateMatch | undefined {
  const tokens = cache.tokens;
  const total = tokens.length;
  const slots: Record<string, SlotMatch> = {};
  let steps = 0;
  let readings = 0;
  let best: TemplateMatch | undefined;

  const finish = (pos: number): boolean => {
    if (pos !== total) return false;
    let literal = total;
    let typed = 0;
    let free = 0;
    for (const slot of Object.values(slots)) {
      const length = slot.end - slot.start;
      literal -= length;
      if (slot.free) free += length;
      else typed += length;
    }
    const score = literal + 0.8 * typed + 0.1 * free;
    if (!best || score > best.score) {
      best = { slots: { ...slots }, score, free: free > 0 };
    }
    // Keep looking for a more specific reading ("search for {query}" over "search {query}");
    // ties keep the first, where free text is shortest
    readings += 1;
    return readings >= MAX_READINGS;
  };

  const run = (nodes: TemplateNode[], i: number, pos: number, next: (pos: number) => boolean): boolean => {
    if (++steps > MAX_STEPS) return false;
    if (i === nodes.length) return next(pos);
    const node = nodes[i]!;
    if (node.k === "w") {
      return tokens[pos]?.w === node.w && run(nodes, i + 1, pos + 1, next);
    }
    if (node.k === "alt") {
      for (const option of node.opts) {
        if (run(option, 0, pos, (p) => run(nodes, i + 1, p, next))) return true;
      }
      return node.optional ? run(nodes, i + 1, pos, next) : false;
    }
    const type = slotType(node.name, node.type === node.name ? undefined : node.type);
    if (!type) return false;
    const limit = Math.min(total, pos + type.maxTokens);
    // A slot that ends the template must run to the end of the utterance
    const first = nodes === template.nodes && i === nodes.length - 1 ? Math.max(total, pos + 1) : pos + 1;
    for (let end = first; end <= limit; end++) {
      const value = cache.parse(node.type, node.name, pos, end);
      if (value === undefined) continue;
      slots[node.name] = { value, raw: cache.raw(pos, end), start: pos, end, free: type.free === true };
      if (run(nodes, i + 1, end, next)) return true;
      delete slots[node.name];
    }
    return false;
  };

  run(template.nodes, 0, 0, finish);
  return best;
}

/** A small deterministic PRNG (mulberry32) so training data is the same on every start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One random sentence the template can produce (as words), slots filled with sample values. */
export function expandOnce(template: Template, random: () => number, samples: SampleWords): string[] {
  const out: string[] = [];
  const walk = (nodes: TemplateNode[]) => {
    for (const node of nodes) {
      if (node.k === "w") out.push(node.w);
      else if (node.k === "slot") {
        const options = samples.of(node.name, node.type);
        const pick = options[Math.floor(random() * options.length)];
        if (pick) out.push(...pick);
        else out.push(node.name);
      } else if (!node.optional || random() < 0.5) {
        walk(node.opts[Math.floor(random() * node.opts.length)] ?? []);
      }
    }
  };
  walk(template.nodes);
  return out;
}

/** Slot sample values, tokenized once per type. */
export class SampleWords {
  private readonly cache = new Map<string, string[][]>();

  of(name: string, typeName: string): string[][] {
    const key = `${name}:${typeName}`;
    let words = this.cache.get(key);
    if (!words) {
      const type = slotType(name, typeName === name ? undefined : typeName);
      words = (type?.samples ?? []).map((sample) => tokenize(sample).map((t) => t.w));
      this.cache.set(key, words);
    }
    return words;
  }
}

/** Up to `limit` distinct expansions, as word arrays. */
export function expand(
  template: Template,
  limit: number,
  random: () => number,
  samples = new SampleWords(),
): string[][] {
  const seen = new Map<string, string[]>();
  for (let attempt = 0; attempt < limit * 3 && seen.size < limit; attempt++) {
    const words = expandOnce(template, random, samples);
    seen.set(words.join(" "), words);
  }
  return [...seen.values()];
}

/**
 * The phrases a template opens with (each alternative of its first node, or its first words),
 * and whether the phrase alone is the whole request (all that follows is optional).
 */
export function openings(nodes: readonly TemplateNode[]): Array<{ phrase: string; whole: boolean }> {
  const first = nodes[0];
  if (!first) return [];
  const optional = (from: number) => nodes.slice(from).every((n) => n.k === "alt" && n.optional);
  if (first.k === "w") {
    // "go back [one] [song]": "go" and "go back" both open it
    const run: string[] = [];
    for (const node of nodes.slice(0, 3)) {
      if (node.k !== "w") break;
      run.push(node.w);
    }
    return run.map((_w, i) => ({ phrase: run.slice(0, i + 1).join(" "), whole: optional(i + 1) }));
  }
  if (first.k !== "alt" || first.optional) return [];
  return first.opts.flatMap((option) =>
    option.every((n) => n.k === "w")
      ? [{ phrase: option.map((n) => (n as { w: string }).w).join(" "), whole: optional(1) }]
      : [],
  );
}
