import type { GroupCues, IntentSpec } from "../../core/language.js";
import { Bm25Index } from "./bm25.js";
import { companionsOf, lookupsOf } from "./companions.js";
import { CompiledCues } from "./cues.js";
import type { ToolLanguage } from "./language.js";
import { Prerequisites } from "./prerequisites.js";
import { readerShares } from "./reader-shares.js";
import { prefixOf, queryTerms, termOf, termsOf } from "./terms.js";

/** The part of a tool definition retrieval reads (MCP tools have the same shape). */
export interface CatalogTool {
  name: string;
  group: string;
  description: string;
  examples?: string[] | undefined;
  /** Its JSON Schema (the NLU types example slots from it). */
  parameters?: Record<string, unknown>;
  /** How people ask for it (the tool group's intents and phrasings). */
  language?: readonly IntentSpec[] | undefined;
  /** Shapes and words that point at its group (a path → files), declared by the group. */
  groupCues?: GroupCues | undefined;
}

/** What is known about the request when the tools are chosen. */
export interface RankRequest {
  text: string;
  /** Earlier user turns of the session, oldest first (weighed less than the request). */
  recent?: readonly string[];
  /** The embedded NLU's guess at the tool groups: one signal among several. */
  groups?: readonly string[];
  /**
   * The group reader's probability (0–1) that the request needs each group (`GroupReader`):
   * learned across the team's writers, a second, independent guess at the groups.
   */
  readGroups?: ReadonlyMap<string, number>;
  /**
   * The tool reader's probability that the request needs each tool (`trainToolReader`): within
   * a read group, how its lift is shared among the group's tools.
   */
  readTools?: ReadonlyMap<string, number>;
  /** The neighbour reader's votes (0–1), each adding `neighbourWeight` × the vote… */
  neighbours?: ReadonlyMap<string, number>;
  neighbourWeight?: number;
  /** …for the tools its examples needed (`votable`): others can never get a vote. */
  votable?: ReadonlySet<string>;
  /** Tools that ran earlier in the session, oldest first. */
  used?: readonly string[];
  /** Kinds of the session's handles (`f`, `m`, `u`, …), oldest first. */
  handleKinds?: readonly string[];
  /** Cosine similarities of the request to each tool, when an embedder is configured. */
  semantic?: ReadonlyMap<string, number>;
  semanticWeight?: number;
}

export interface RankedTool {
  name: string;
  group: string;
  score: number;
}

/** Field weights: a word of the name says more than one of a hundred phrasings. */
const WEIGHTS = { name: 3, group: 2, description: 1.5, example: 1, parameter: 0.5, language: 0.6 } as const;
/** Cap on how much one phrasing-word can add, so chatty tools do not drown terse ones. */
const LANGUAGE_CAP = 4;

/** Which tool groups a handle kind brings: a `#f` handle in the session brings file tools. */
export const HANDLE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  u: ["web", "browser"],
  f: ["files", "docs", "knowledge"],
  d: ["files"],
  m: ["mail"],
  c: ["contacts", "mail"],
  a: ["mail", "contacts"],
  p: ["contacts"],
  e: ["calendar", "reminders"],
  t: ["timers"],
};

/**
 * Groups whose tools are used together: an app is driven through its window's controls, a
 * page found on the web is opened in the browser, a person looked up is then mailed, a check of
 * the machine its settings cannot answer is a program run (free space, load, a folder's size). When one
 * is relevant its partners are lifted a little.
 */
export const GROUP_AFFINITY: ReadonlyArray<readonly [string, string]> = [
  ["apps", "ui"],
  ["system", "shell"],
  ["apps", "windows"],
  ["windows", "input"],
  ["apps", "input"],
  ["ui", "input"],
  ["screen", "ui"],
  ["web", "browser"],
  ["mail", "contacts"],
  ["calendar", "reminders"],
  ["files", "docs"],
  ["files", "knowledge"],
  ["docs", "knowledge"],
];

/** How much each signal adds; the request's own words score 0–1 (relative to the best tool). */
export const SIGNALS = {
  recent: 0.35,
  clause: 0.9,
  cue: 0.35,
  nluGroup: 0.15,
  used: 0.15,
  usedLast: 0.4,
  handle: 0.3, // 0.1 before: weak neighbour votes on a follow-up ("what about it") outweighed it
  handleSaid: 0.5,
  groupShare: 0.2,
  phrasings: 0.8,
  toolCue: 1,
  companion: 0.35,
  affinity: 0.2,
  reader: 1.2,
  // A whole vote outweighs every other signal: tuned on fresh writers' sets (decision 0050)
  neighbour: 3,
} as const;

/**
 * How the group reader's probability becomes a lift: nothing below `floor` (most groups sit
 * near 0), then `SIGNALS.reader × p^power`. Each of the group's tools takes a share of that
 * lift by the tool reader: `share` for a tool it gives nothing, rising to the whole lift for the
 * tool it reads likeliest, by the `sharePower` root of its probability over that tool's.
 */
export const READER = { floor: 0.05, power: 0.5, share: 0.3, sharePower: 0.5 } as const;

/**
 * BM25 over each tool's name, group, description, examples and language, plus one document
 * per group (its tools together), so a request that names the domain ("my inbox") lifts the
 * whole group and the words of the step ("reply") pick the tool within it.
 */
export class ToolIndex {
  private readonly tools = new Bm25Index();
  private readonly phrasings = new Bm25Index();
  private readonly groups = new Bm25Index();
  private readonly groupOf = new Map<string, string>();
  /** How many tools each group has. */
  private readonly sizes = new Map<string, number>();
  private readonly companions: Map<string, Set<string>>;
  private readonly lookupsByTool: Map<string, Set<string>>;
  /** Each tool's own cues (its language's `cues`): shapes that point at it. */
  private readonly cues = new Map<string, RegExp[]>();
  private readonly groupCues: CompiledCues;
  private readonly prerequisites: Prerequisites;
  readonly names: readonly string[];

  constructor(catalog: readonly CatalogTool[], language: ToolLanguage = new Map()) {
    const byGroup = new Map<string, Map<string, number>>();
    for (const tool of catalog) {
      this.groupOf.set(tool.name, tool.group);
      this.sizes.set(tool.group, (this.sizes.get(tool.group) ?? 0) + 1);
      const cues = (tool.language ?? []).flatMap((intent) => (intent.cues ? [intent.cues] : []));
      if (cues.length > 0) this.cues.set(tool.name, cues);
      const doc = new Map<string, number>();
      const add = (
        into: Map<string, number>,
        text: string,
        weight: number,
        cap = Number.POSITIVE_INFINITY,
      ) => {
        for (const term of termsOf(text)) {
          into.set(term, Math.min(cap, (into.get(term) ?? 0) + weight));
          const prefix = prefixOf(term);
          if (prefix) into.set(prefix, Math.min(cap, (into.get(prefix) ?? 0) + weight));
        }
      };
      add(doc, tool.name, WEIGHTS.name);
      add(doc, tool.group, WEIGHTS.group);
      add(doc, tool.description, WEIGHTS.description);
      for (const example of tool.examples ?? [])
        add(doc, example.replace(/\{[^}]*\}/g, " "), WEIGHTS.example);
      add(doc, parameterText(tool.parameters), WEIGHTS.parameter);
      this.tools.add(tool.name, doc);
      // Phrasings are a field of their own: a tool with a hundred of them must not have its
      // name's match diluted by their length
      const spoken = new Map<string, number>();
      for (const phrase of language.get(tool.name) ?? []) add(spoken, phrase, WEIGHTS.language, LANGUAGE_CAP);
      this.phrasings.add(tool.name, spoken);
      let groupDoc = byGroup.get(tool.group);
      if (!groupDoc) {
        groupDoc = new Map();
        byGroup.set(tool.group, groupDoc);
      }
      for (const [term, tf] of [...doc, ...spoken])
        groupDoc.set(term, Math.min(LANGUAGE_CAP * 2, (groupDoc.get(term) ?? 0) + tf));
    }
    for (const [group, doc] of byGroup) this.groups.add(group, doc);
    this.names = catalog.map((t) => t.name);
    this.companions = companionsOf(catalog);
    this.lookupsByTool = lookupsOf(catalog);
    this.groupCues = new CompiledCues(catalog);
    // A word the tools' text, their phrasings or their groups' everyday words hold is a thing the
    // catalog knows ("my diary", "my inbox"), not a person
    this.prerequisites = new Prerequisites(
      catalog,
      (word) =>
        this.groupCues.words.has(word) ||
        this.tools.holders(termOf(word)).length > 0 ||
        this.phrasings.holders(termOf(word)).length > 0,
    );
  }

  group(name: string): string | undefined {
    return this.groupOf.get(name);
  }

  /** The tools a tool works with (the lookup that yields its handles or refs, and back). */
  partners(name: string): string[] {
    return [...(this.companions.get(name) ?? [])];
  }

  /** The tools whose results a tool acts on (the finder its handle comes from). */
  lookups(name: string): string[] {
    return [...(this.lookupsByTool.get(name) ?? [])];
  }

  /** The tools of a group, in catalog order. */
  members(group: string): string[] {
    return this.names.filter((name) => this.groupOf.get(name) === group);
  }

  /** The tools their groups declare any request may need (a sum, a web search). */
  general(): readonly string[] {
    return this.groupCues.general;
  }

  /** Tools whose own cues the text has (a sum's shape, a key chord), in catalog order. */
  cued(text: string): string[] {
    // A group of one tool whose unambiguous shape the text has (a repository verb with a code
    // place: the shell) points at that tool as surely as the tool's own cue would
    const strong = this.groupCues.strong(text);
    return this.names.filter(
      (name) =>
        this.cues.get(name)?.some((cue) => cue.test(text)) ||
        (strong.has(this.groupOf.get(name)!) && this.sizes.get(this.groupOf.get(name)!) === 1),
    );
  }

  /**
   * Every tool, best first (ties keep catalog order). The request is scored whole and clause by
   * clause ("find the invoice | and email it to Ana"), each normalized to its best tool, so the
   * second step of a request is not crowded out by the first step's group.
   */
  rank(request: RankRequest): RankedTool[] {
    const whole = this.relevance(request.text, request.recent ?? []);
    const clauses = splitClauses(request.text);
    const words = new Map(whole);
    if (clauses.length > 1) {
      for (const clause of clauses) {
        for (const [name, score] of this.relevance(clause, [])) {
          words.set(name, Math.max(words.get(name) ?? 0, score * SIGNALS.clause));
        }
      }
    }
    const boost = new Map<string, number>();
    const lift = (group: string, by: number) => boost.set(group, (boost.get(group) ?? 0) + by);
    for (const group of request.groups ?? []) lift(group, SIGNALS.nluGroup);
    const readLift = new Map<string, number>();
    for (const [group, p] of request.readGroups ?? [])
      if (p >= READER.floor) readLift.set(group, SIGNALS.reader * p ** READER.power);
    const shares = readerShares(this.names, this.groupOf, request.readTools, READER);
    for (const kind of new Set((request.handleKinds ?? []).slice(-8)))
      for (const group of HANDLE_GROUPS[kind] ?? []) lift(group, SIGNALS.handle);
    for (const said of request.text.match(/#[a-z]\d{1,6}\b/g) ?? [])
      for (const group of HANDLE_GROUPS[said[1]!] ?? []) lift(group, SIGNALS.handleSaid);
    // A group the reader never learned (an MCP server's, a generated tool's) cannot be read, so
    // its tools are lifted by their own words as if the reader were as sure as those words
    const readGroups = request.readGroups;
    const unread = (name: string, group: string) =>
      readGroups && readGroups.size > 0 && !readGroups.has(group)
        ? SIGNALS.reader * (words.get(name) ?? 0) ** READER.power
        : 0;
    // …nor voted for by neighbours (no labelled request needed it): it takes its words' vote
    const vote = (name: string) =>
      request.votable && !request.votable.has(name)
        ? (words.get(name) ?? 0) ** READER.power
        : (request.neighbours?.get(name) ?? 0);
    const used = new Set((request.used ?? []).slice(-12));
    const last = request.used?.at(-1);
    const semantic = request.semantic ?? new Map<string, number>();
    const topSemantic = Math.max(1e-9, ...semantic.values());
    const own = new Map(
      this.names.map((name) => {
        const group = this.groupOf.get(name)!;
        const score =
          (words.get(name) ?? 0) +
          ((semantic.get(name) ?? 0) / topSemantic) * (request.semanticWeight ?? 0) +
          (boost.get(group) ?? 0) +
          (readLift.get(group) ?? 0) * (shares.get(name) ?? 1) +
          unread(name, group) +
          vote(name) * (request.neighbourWeight ?? SIGNALS.neighbour) +
          (name === last ? SIGNALS.usedLast : used.has(name) ? SIGNALS.used : 0);
        return [name, score] as const;
      }),
    );
    const groupTop = new Map<string, number>();
    for (const [name, score] of own) {
      const group = this.groupOf.get(name)!;
      groupTop.set(group, Math.max(groupTop.get(group) ?? 0, score));
    }
    const affinity = new Map<string, number>();
    for (const [a, b] of GROUP_AFFINITY) {
      affinity.set(a, Math.max(affinity.get(a) ?? 0, groupTop.get(b) ?? 0));
      affinity.set(b, Math.max(affinity.get(b) ?? 0, groupTop.get(a) ?? 0));
    }
    for (const [name, score] of own)
      own.set(name, score + (affinity.get(this.groupOf.get(name)!) ?? 0) * SIGNALS.affinity);
    // A tool whose partner scores well is needed too (the lookup before the change). Partners
    // lift a tool toward their own score, never past it: a tightly linked group (the browser's
    // ten tools) must not outrank a lone tool the request names (the shell)
    const toward = (score: number, partner: number, weight: number) =>
      score + Math.max(0, partner - score) * weight;
    const ranked: RankedTool[] = this.names.map((name) => {
      let partner = 0;
      for (const other of this.companions.get(name) ?? []) partner = Math.max(partner, own.get(other) ?? 0);
      return {
        name,
        group: this.groupOf.get(name)!,
        score: toward(own.get(name)!, partner, SIGNALS.companion),
      };
    });
    const order = new Map(this.names.map((name, i) => [name, i]));
    const sort = (list: RankedTool[]) =>
      list.sort((a, b) => b.score - a.score || order.get(a.name)! - order.get(b.name)!);
    sort(ranked);
    // Steps the request needs without naming them (a file's finder, who a role is, a delivery's
    // address) are placed just under the step that needs them
    const floors = this.prerequisites.floors(request.text, ranked);
    if (floors.size === 0) return ranked;
    for (const tool of ranked) tool.score = Math.max(tool.score, floors.get(tool.name) ?? 0);
    return sort(ranked);
  }

  /** How well each tool matches a text, 0–1 relative to the best (words, group, cues). */
  private relevance(text: string, recent: readonly string[]): Map<string, number> {
    const query = queryTerms(text, this.groupCues.words, 1, undefined, this.groupCues.phrases);
    // A word no tool has is looked for by its first letters ("notification" meets "notify")
    for (const [term, weight] of [...query]) {
      const prefix = prefixOf(term);
      if (!prefix || this.tools.holders(term).length > 0 || this.phrasings.holders(term).length > 0) continue;
      query.set(prefix, Math.max(query.get(prefix) ?? 0, weight));
    }
    for (const earlier of recent) {
      for (const [term, weight] of queryTerms(
        earlier,
        this.groupCues.words,
        SIGNALS.recent,
        undefined,
        this.groupCues.phrases,
      )) {
        if (!query.has(term)) query.set(term, weight);
      }
    }
    const tools = this.tools.score(query);
    const spoken = this.phrasings.score(query);
    const groups = this.groups.score(query);
    const cues = this.groupCues.lifts(text);
    const topTool = Math.max(1e-9, ...tools.values());
    const topSpoken = Math.max(1e-9, ...spoken.values());
    const topGroup = Math.max(1e-9, ...groups.values());
    const raw = new Map<string, number>();
    for (const name of this.names) {
      const group = this.groupOf.get(name)!;
      raw.set(
        name,
        (tools.get(name) ?? 0) / topTool +
          ((spoken.get(name) ?? 0) / topSpoken) * SIGNALS.phrasings +
          ((groups.get(group) ?? 0) / topGroup) * SIGNALS.groupShare +
          (cues.get(group) ?? 0) * SIGNALS.cue +
          (this.cues.get(name)?.some((cue) => cue.test(text)) ? SIGNALS.toolCue : 0),
      );
    }
    const top = Math.max(1e-9, ...raw.values());
    for (const [name, score] of raw) raw.set(name, score / top);
    return raw;
  }
}

/** The words of a schema: its property names and their descriptions ("recipient address"). */
function parameterText(schema: Record<string, unknown> | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, { description?: unknown }>;
  return Object.entries(properties)
    .map(
      ([name, property]) => `${name} ${typeof property.description === "string" ? property.description : ""}`,
    )
    .join(" ");
}

/** Splits a request into its steps ("read x, then email it and remind me"). */
export function splitClauses(text: string): string[] {
  return text
    .split(
      /[,;?!]+\s*|\.\s+|\s+(?:and then|then|and|after that|afterwards|also|plus|but|so|before|after|once|when|while|if)\s+/i,
    )
    .map((c) => c.trim())
    .filter((c) => c.split(/\s+/).length >= 2);
}
