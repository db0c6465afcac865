import type { Catalog, CompiledTemplate } from "./catalog.js";
import { type Args, slotsAsArgs } from "./language/types.js";
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
}

const SPLITTERS = new Set(["and", "then", "also"]);

/** Runs every compiled template that could match (all its fixed words present) and keeps the best. */
export class TemplateMatcher {
  constructor(private readonly catalog: Catalog) {}

  best(cache: SlotCache): Candidate | undefined {
    const present = new Set(cache.tokens.map((t) => t.w));
    let best: Candidate | undefined;
    for (const compiled of this.catalog.templates) {
      const { mandatory, anyOf } = compiled.template;
      if (!mandatory.every((w) => present.has(w)) || !anyOf.every((set) => set.some((w) => present.has(w))))
        continue;
      const candidate = this.try(compiled, cache);
      if (candidate && (!best || candidate.score > best.score)) best = candidate;
    }
    return best;
  }

  matchesWhole(template: Template, cache: SlotCache): boolean {
    const present = new Set(cache.tokens.map((t) => t.w));
    if (!template.mandatory.every((w) => present.has(w))) return false;
    if (!template.anyOf.every((set) => set.some((w) => present.has(w)))) return false;
    return matchTemplate(template, cache) !== undefined;
  }

  private try(compiled: CompiledTemplate, cache: SlotCache): Candidate | undefined {
    const match = matchTemplate(compiled.template, cache);
    if (!match) return undefined;
    const spec = this.catalog.intents.get(compiled.intent);
    const values: Record<string, unknown> = {};
    for (const [name, slot] of Object.entries(match.slots)) values[name] = slot.value;
    const input = { values, matches: match.slots, fixed: compiled.fixed, env: cache.env };
    const args = spec?.build ? spec.build(input) : slotsAsArgs(input);
    if (!args || !hasRequired(args, this.catalog.required.get(compiled.tool))) return undefined;
    const splittable = Object.values(match.slots).some(
      (slot) => slot.free && cache.tokens.slice(slot.start, slot.end).some((t) => SPLITTERS.has(t.w)),
    );
    // Built-in intents win ties with a tool's own examples (they know the tool's arguments)
    const score = match.score - (compiled.example ? 0.05 : 0);
    return { intent: compiled.intent, tool: compiled.tool, args, score, free: match.free, splittable };
  }
}

/** A reading without a required argument is not a call the gate would accept. */
export function hasRequired(args: Args, required: readonly string[] | undefined): boolean {
  return (required ?? []).every((key) => args[key] !== undefined);
}
