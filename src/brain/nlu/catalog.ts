import type { IntentSpec } from "../../core/language.js";
import type { TrainingExample } from "./classifier.js";
import {
  CHAT_TEMPLATES,
  type ChatAct,
  DIALOG_PHRASES,
  DIALOG_SAMPLES,
  MORE_NONE_SAMPLES,
  NEAR_MISS_SAMPLES,
  NONE_SAMPLES,
  QUESTION_SAMPLES,
} from "./common/index.js";
import { type Args, slotsAsArgs } from "./language/types.js";
import { paraphrase } from "./paraphrase.js";
import { SLOT_ALIASES, SLOT_TYPES, slotType } from "./slots/index.js";
import {
  expand,
  openings,
  parseTemplate,
  SampleWords,
  type Template,
  type TemplateNode,
} from "./template.js";
import { tokenize } from "./text/normalize.js";

/** The part of a tool definition the NLU reads: its name, group, schema and language. */
export interface NluTool {
  name: string;
  group: string;
  description?: string;
  parameters?: Record<string, unknown>;
  examples?: string[];
  language?: readonly IntentSpec[];
  /** What running it does ("read", "write", "network", …): a tool that only reads changes nothing. */
  effects?: readonly string[];
}

/** The effects a tool may have and still only read: it looks, locally or over the network. */
const READING = new Set(["read", "network"]);

/** An intent of a registered tool, keyed `tool#n` in the catalog. */
export type ActiveIntent = IntentSpec & { tool: string };

export interface CompiledTemplate {
  intent: string;
  tool: string;
  template: Template;
  fixed: Args;
  /** From a tool's own `examples` rather than its language (ranks lower on ties). */
  example: boolean;
  /** An `asks` template: its reading lacks required values and becomes a question for them. */
  incomplete?: boolean;
}

export interface Catalog {
  templates: CompiledTemplate[];
  /** Every intent of the registered tools (their language, plus example-only tools). */
  intents: Map<string, ActiveIntent>;
  /** Intents by tool name. */
  intentsOf: Map<string, ActiveIntent[]>;
  groupOf: Map<string, string>;
  /** Required argument names per tool (a reading without them is not a valid call). */
  required: Map<string, readonly string[]>;
  /** Argument schemas per tool (JSON Schema `properties`), to read answers to follow-up questions. */
  properties: Map<string, Record<string, Record<string, unknown>>>;
  /** Tools whose every effect is a reading (`NluTool.effects`): running one changes nothing. */
  readsOnly: ReadonlySet<string>;
  /** Tools' own example templates too loose to act on (free-text slots): training only. */
  trainingOnly: CompiledTemplate[];
  /** Intents' `shapes`: matched like templates, never trained on. */
  shapes: CompiledTemplate[];
  /** The first words requests open with ("set", "record"), read once from templates and shapes. */
  openingWords: ReadonlySet<string>;
  chat: Array<{ act: ChatAct; template: Template }>;
  /** Templates that did not compile (a tool's bad example must not stop start-up). */
  warnings: string[];
}

/**
 * Compiles the language of whatever tools are registered, and nothing else. `parse` is
 * `parseTemplate`, or one that reads templates parsed at an earlier start (build.ts).
 */
export function compileCatalog(
  tools: readonly NluTool[],
  parse: (source: string) => Template = parseTemplate,
): Catalog {
  const groupOf = new Map(tools.map((t) => [t.name, t.group]));
  const intents = new Map<string, ActiveIntent>();
  const intentsOf = new Map<string, ActiveIntent[]>();
  const templates: CompiledTemplate[] = [];
  const trainingOnly: CompiledTemplate[] = [];
  const shapes: CompiledTemplate[] = [];
  const warnings: string[] = [];
  const add = (
    intent: string,
    tool: string,
    source: string,
    fixed: Args,
    example = false,
    incomplete = false,
    shape = false,
  ) => {
    try {
      const compiled = {
        intent,
        tool,
        template: parse(source),
        fixed,
        example,
        ...(incomplete ? { incomplete } : {}),
      };
      // A tool's own example acts only through typed slots: "run {command}" must not turn
      // "run a marathon" into a shell call, nor "where is {query}" make every question a file search.
      // Only examples are asked: walking every template's slots was most of a cold start's compile
      const loose = example && !shape && slotTypesOf(compiled.template).some((type) => type?.free);
      (shape ? shapes : example && loose ? trainingOnly : templates).push(compiled);
    } catch (error) {
      warnings.push(`${tool}: ${(error as Error).message}`);
    }
  };
  const register = (key: string, spec: ActiveIntent) => {
    intents.set(key, spec);
    const list = intentsOf.get(spec.tool) ?? [];
    list.push(spec);
    intentsOf.set(spec.tool, list);
  };
  for (const tool of tools) {
    for (const [n, spec] of (tool.language ?? []).entries()) {
      const key = `${tool.name}#${n}`;
      register(key, { ...spec, tool: tool.name });
      for (const entry of spec.templates ?? []) {
        if (typeof entry === "string") add(key, tool.name, entry, {});
        else add(key, tool.name, entry.t, entry.args);
      }
      for (const entry of spec.shapes ?? []) {
        if (typeof entry === "string") add(key, tool.name, entry, {}, false, false, true);
        else add(key, tool.name, entry.t, entry.args, false, false, true);
      }
      for (const entry of spec.askShapes ?? []) {
        if (typeof entry === "string") add(key, tool.name, entry, {}, false, true, true);
        else add(key, tool.name, entry.t, entry.args, false, true, true);
      }
      for (const entry of spec.asks ?? []) {
        if (typeof entry === "string") add(key, tool.name, entry, {}, false, true);
        else add(key, tool.name, entry.t, entry.args, false, true);
      }
    }
    if (!tool.examples?.length) continue;
    // The tool's own examples read their slots the way its main intent does
    const main = tool.language?.find((spec) => spec.name === undefined && spec.build);
    const key = `${tool.name}#examples`;
    register(key, { tool: tool.name, templates: [], build: main?.build ?? slotsAsArgs });
    for (const example of tool.examples) add(key, tool.name, typedSlots(example, tool), {}, true);
  }
  const chat: Catalog["chat"] = [];
  for (const [act, list] of Object.entries(CHAT_TEMPLATES) as Array<[ChatAct, readonly string[]]>) {
    for (const source of list) chat.push({ act, template: parse(source) });
  }
  const required = new Map(
    tools.map((t) => [
      t.name,
      ((t.parameters?.required ?? []) as unknown[]).filter((r): r is string => typeof r === "string"),
    ]),
  );
  const properties = new Map(
    tools.map((t) => [t.name, (t.parameters?.properties ?? {}) as Record<string, Record<string, unknown>>]),
  );
  const openingWords = new Set(
    [...templates, ...shapes].flatMap((t) => openings(t.template.nodes).map((o) => o.phrase.split(" ")[0]!)),
  );
  return {
    templates,
    trainingOnly,
    shapes,
    openingWords,
    intents,
    intentsOf,
    groupOf,
    readsOnly: new Set(
      tools
        .filter((t) => t.effects?.includes("read") && t.effects.every((e) => READING.has(e)))
        .map((t) => t.name),
    ),
    required,
    properties,
    chat,
    warnings,
  };
}

/** The type of each slot of a template, in order (one walk of its nodes). */
function slotTypesOf(template: Template) {
  const walk = (nodes: TemplateNode[]): Array<{ name: string; type: string }> =>
    nodes.flatMap((n) => (n.k === "slot" ? [n] : n.k === "alt" ? n.opts.flatMap(walk) : []));
  return walk(template.nodes).map((slot) =>
    slotType(slot.name, slot.type === slot.name ? undefined : slot.type),
  );
}

/** A tool's example `{name}` gets a slot type from its JSON Schema when the name is not a known type. */
function typedSlots(example: string, tool: NluTool): string {
  const properties = (tool.parameters?.properties ?? {}) as Record<string, Record<string, unknown>>;
  return example.replace(/\{([a-z_][a-z0-9_]*)\}/gi, (whole, name: string) => {
    const property = properties[name] ?? {};
    const said = `${property.description ?? ""} ${property.format ?? ""}`;
    if (property.type === "string" && /ISO|date|time/i.test(said) && !/duration/i.test(said))
      return `{${name}:when}`;
    if (SLOT_TYPES[name] || SLOT_ALIASES[name]) return whole;
    const type = property.type;
    if (type === "number" || type === "integer") return `{${name}:number}`;
    if (property["x-provenance"] === "url") return `{${name}:url}`;
    if (property["x-path"]) return `{${name}:path}`;
    return `{${name}:text}`;
  });
}

const words = (text: string) => tokenize(text).map((t) => t.w);

/**
 * Training sentences: expansions of every active template and the intents' own phrasings
 * (labelled with their tool), their negatives and the engine's refusals ("none of the tools"),
 * questions, small talk and dialog acts.
 */
export function trainingExamples(
  catalog: Catalog,
  random: () => number,
  perTemplate = 10,
  perClass = 400,
  leadIns = 0.6,
): TrainingExample[] {
  const byClass = new Map<string, Map<string, { w: readonly string[]; source: number }>>();
  const samples = new SampleWords();
  let sources = 0;
  const push = (label: string, text: string | readonly string[], source = sources++) => {
    let list = byClass.get(label);
    if (!list) {
      list = new Map();
      byClass.set(label, list);
    }
    const w = typeof text === "string" ? words(text) : text;
    list.set(w.join(" "), { w, source });
  };
  for (const compiled of [...catalog.templates, ...catalog.trainingOnly]) {
    const source = sources++;
    for (const w of expand(compiled.template, perTemplate, random, samples)) push(compiled.tool, w, source);
  }
  for (const spec of catalog.intents.values()) {
    for (const sample of spec.samples ?? []) push(spec.tool, sample);
    for (const negative of spec.negatives ?? []) push("_none", negative);
  }
  for (const text of QUESTION_SAMPLES) push("_question", text);
  for (const text of [...NONE_SAMPLES, ...MORE_NONE_SAMPLES, ...NEAR_MISS_SAMPLES]) push("_none", text);
  for (const [act, texts] of Object.entries(DIALOG_SAMPLES))
    for (const text of texts) push(`_dialog_${act}`, text);
  for (const { template } of catalog.chat) {
    const source = sources++;
    for (const w of expand(template, 4, random, samples)) push("_chat", w, source);
  }
  for (const [act, phrases] of Object.entries(DIALOG_PHRASES))
    for (const text of phrases) push(`_dialog_${act}`, text);
  const examples: TrainingExample[] = [];
  for (const [label, texts] of byClass) {
    const limit = label === "_none" ? perClass * 3 : perClass;
    for (const { w, source } of sample([...texts.values()], limit, random)) {
      examples.push({ words: w, label, source });
      // The same request said another way that adds no meaning (a lead-in, "please", a filler,
      // a terse form, the other side of the Atlantic's word): the request's own words decide
      if (random() < leadIns) {
        const other = paraphrase(w, random);
        if (other) examples.push({ words: other, label, source });
      }
    }
  }
  return examples;
}

function sample<T>(items: T[], limit: number, random: () => number): T[] {
  if (items.length <= limit) return items;
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, limit);
}
