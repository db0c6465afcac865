import type { Catalog, CompiledTemplate } from "./catalog.js";
import type { ChatAct } from "./common/index.js";
import { wrongHandle } from "./handle-kinds.js";
import { type Args, slotsAsArgs } from "./language/types.js";
import { CONFIDENCE, swallowed } from "./parse-rules.js";
import { matchTemplate, type SlotCache, type Template } from "./template.js";

export interface Candidate {
  intent: string;
  tool: string;
  args: Args;
  score: number;
  /** Went through a free-text slot (less certain than a fully typed match). */
  free: boolean;
  /** A free-text slot swallowed "and"/"then": the utterance may be two commands. */
  splittable: boolean;
  /** Required values the request did not say (an `asks` template): to be asked for. */
  missing?: string[];
  /** The words of each free-text slot, and those its template's fixed words matched (no slot's). */
  said?: { free: readonly (readonly string[])[]; fixed: readonly string[] };
}

const SPLITTERS = new Set(["and", "then", "also"]);

/**
 * Which templates could match an utterance, found through one word each must contain: a
 * template is filed under its rarest fixed word, else under each word of its smallest required
 * group, else it is tried always. A parse then looks at the few templates its own words name
 * instead of filtering the whole catalog (a thousand templates, several times per utterance).
 */
export class TemplateIndex<T extends { template: Template }> {
  private readonly byWord = new Map<string, number[]>();
  private readonly always: number[] = [];
  /** Generation stamps: a template id is taken once per lookup without a fresh set. */
  private readonly seen: Uint32Array;
  private generation = 0;

  constructor(readonly items: readonly T[]) {
    this.seen = new Uint32Array(items.length);
    const frequency = new Map<string, number>();
    for (const { template } of items)
      for (const w of template.mandatory) frequency.set(w, (frequency.get(w) ?? 0) + 1);
    items.forEach(({ template }, id) => {
      // The first of the rarest words, else the first of the smallest groups (what a stable sort
      // puts first), found without copying and sorting ~2,000 lists at every start
      let rarest: string | undefined;
      let fewest = Number.POSITIVE_INFINITY;
      for (const w of template.mandatory) {
        const count = frequency.get(w)!;
        if (count < fewest) {
          rarest = w;
          fewest = count;
        }
      }
      let group: string[] | undefined;
      for (const g of template.anyOf) if (!group || g.length < group.length) group = g;
      const keys = rarest !== undefined ? [rarest] : group;
      if (!keys) this.always.push(id);
      for (const key of keys ?? []) {
        const ids = this.byWord.get(key) ?? [];
        if (ids.at(-1) !== id) ids.push(id);
        this.byWord.set(key, ids);
      }
    });
  }

  /** The templates whose fixed words are all in `present`, in catalog order (ties keep the first). */
  candidates(present: ReadonlySet<string>): T[] {
    this.generation = (this.generation + 1) >>> 0 || 1;
    if (this.generation === 1) this.seen.fill(0);
    const ids = [...this.always];
    for (const w of present)
      for (const id of this.byWord.get(w) ?? []) {
        if (this.seen[id] === this.generation) continue;
        this.seen[id] = this.generation;
        ids.push(id);
      }
    ids.sort((a, b) => a - b);
    const out: T[] = [];
    for (const id of ids) {
      const item = this.items[id]!;
      const { mandatory, anyOf } = item.template;
      if (mandatory.every((w) => present.has(w)) && anyOf.every((set) => set.some((w) => present.has(w))))
        out.push(item);
    }
    return out;
  }
}

/** Runs every compiled template that could match (all its fixed words present) and keeps the best. */
export class TemplateMatcher {
  private readonly index: TemplateIndex<CompiledTemplate>;
  private readonly chat: TemplateIndex<Catalog["chat"][number]>;

  constructor(private readonly catalog: Catalog) {
    this.index = new TemplateIndex([...catalog.templates, ...catalog.shapes]);
    this.chat = new TemplateIndex(catalog.chat);
  }

  /** The small-talk act the whole utterance says ("what can you do"), if any. */
  chatAct(cache: SlotCache): ChatAct | undefined {
    for (const { act, template } of this.chat.candidates(cache.present))
      if (matchTemplate(template, cache)) return act;
    return undefined;
  }

  best(cache: SlotCache): Candidate | undefined {
    let best: Candidate | undefined;
    for (const compiled of this.index.candidates(cache.present)) {
      const candidate = this.try(compiled, cache);
      if (candidate && (!best || candidate.score > best.score)) best = candidate;
    }
    return best;
  }

  private try(compiled: CompiledTemplate, cache: SlotCache): Candidate | undefined {
    const match = matchTemplate(compiled.template, cache);
    if (!match) return undefined;
    const spec = this.catalog.intents.get(compiled.intent);
    const values: Record<string, unknown> = {};
    for (const [name, slot] of Object.entries(match.slots)) values[name] = slot.value;
    const input = { values, matches: match.slots, fixed: compiled.fixed, env: cache.env };
    const required = this.catalog.required.get(compiled.tool);
    if (compiled.incomplete) {
      // The few values an asking template holds are its slots; the rest is asked for
      const args = slotsAsArgs(input);
      const missing = (required ?? []).filter((key) => args[key] === undefined);
      if (missing.length === 0) return undefined;
      // Below every complete reading: "email sam about lunch" is not a question
      const score = match.score - 0.5;
      return {
        intent: compiled.intent,
        tool: compiled.tool,
        args,
        score,
        free: match.free,
        splittable: false,
        missing,
      };
    }
    const args = spec?.build ? spec.build(input) : slotsAsArgs(input);
    if (!args || !hasRequired(args, required)) return undefined;
    // A handle of another kind is not this tool's ("delete #f6" is no calendar event)
    if (wrongHandle(this.catalog, { tool: compiled.tool, args })) return undefined;
    const splittable = Object.values(match.slots).some(
      (slot) => slot.free && cache.tokens.slice(slot.start, slot.end).some((t) => SPLITTERS.has(t.w)),
    );
    // Built-in intents win ties with a tool's own examples (they know the tool's arguments)
    const score = match.score - (compiled.example ? 0.05 : 0);
    const slotted = Object.values(match.slots);
    const free = slotted.filter((slot) => slot.free).map((slot) => cache.words(slot.start, slot.end));
    const fixed = cache.tokens
      .filter((_t, i) => !slotted.some((slot) => i >= slot.start && i < slot.end))
      .map((t) => t.w);
    return {
      intent: compiled.intent,
      tool: compiled.tool,
      args,
      score,
      free: match.free,
      splittable,
      ...(free.length > 0 ? { said: { free, fixed } } : {}),
    };
  }
}

/** A reading without a required argument is not a call the gate would accept. */
export function hasRequired(args: Args, required: readonly string[] | undefined): boolean {
  return (required ?? []).every((key) => args[key] !== undefined);
}

/**
 * A template of typed slots is sure; one whose slot swallowed free text is sure only when the
 * request named where its tool acts ("search for pasta" could be the web, the files, the mail).
 */
export function templateConfidence(
  catalog: Catalog,
  match: Candidate,
  words: readonly string[],
  input: string,
): number {
  if (!match.free) return CONFIDENCE.template;
  // "note to self on my ideas list: ...", "type … into the postcode box": the slot swallowed a
  // place the template has no word for
  if (Object.values(match.args).some(swallowed)) return CONFIDENCE.unnamedMedium;
  const spec = catalog.intents.get(match.intent);
  if (!spec?.medium) return CONFIDENCE.freeTemplate;
  // What only that tool's medium holds ("the opening hours of ...") names it as well as its name
  // The words as corrected or as said: the speller may bend a word no template has ("museum")
  const named = (said: string) => spec.medium?.test(said) || spec.cues?.test(said);
  return named(words.join(" ")) || named(input.toLowerCase())
    ? CONFIDENCE.freeTemplate
    : CONFIDENCE.unnamedMedium;
}
