import type { GroupCues } from "../../core/language.js";
import type { Logger } from "../../core/logger.js";
import { silentLogger } from "../../core/logger.js";
import { type GroupReader, shippedGroupReader, shippedToolReader } from "./group-reader.js";
import { type ToolLanguage, toolLanguage } from "./language.js";
import { type NeighbourReader, shippedNeighbourReader } from "./neighbours.js";
import {
  type CatalogTool,
  type RankedTool,
  type RankRequest,
  splitClauses,
  ToolIndex,
} from "./tool-index.js";

/**
 * Any embedder (knowledge/embedders implement it): vectors for queries and documents. Only
 * the shape is needed here, so retrieval does not depend on the knowledge module.
 */
export interface ToolEmbedder {
  readonly id: string;
  embed(
    texts: readonly string[],
    options: { kind: "query" | "document"; signal?: AbortSignal },
  ): Promise<Float32Array[]>;
}

export interface RetrieverOptions {
  /** The registry's tools, read on every call (MCP tools come and go). */
  catalog: () => readonly CatalogTool[];
  /** How people ask for each tool (the NLU's language by default). */
  language?: (tools: readonly CatalogTool[]) => ToolLanguage;
  /** Optional: meaning as well as words. Never required; a failing embedder is skipped. */
  embedder?: ToolEmbedder | undefined;
  logger?: Logger;
  /**
   * Which groups a request needs, learned across the team's writers: the shipped reader by
   * default (`shippedGroupReader`), another one in the bench's leave-one-writer-out runs, or
   * `null` for none.
   */
  groupReader?: GroupReader | null;
  /**
   * Which tools a request needs (`trainToolReader`), sharing a read group's lift among its
   * tools: the shipped one by default, a held-out one in the bench, or `null` for an even share.
   */
  toolReader?: GroupReader | null;
  /**
   * The labelled requests most like this one, voting for the tools they needed
   * (`NeighbourReader`): the shipped one by default, a held-out one in the bench, or `null`.
   */
  neighbourReader?: NeighbourReader | null;
  /** How much a whole vote adds (`SIGNALS.neighbour` by default; the bench tries others). */
  neighbourWeight?: number;
}

/** The group of the tools every request is offered (the way to more tools, the plan). */
const AGENT_GROUP = "agent";

/** A group this small is searched whole when a step clearly means it. */
const SMALL_GROUP = 5;

/** How much a cosine similarity (0–1, best tool = 1) adds to the words' score. */
const SEMANTIC_WEIGHT = 0.5;

/**
 * Retrieval over whatever is registered: the index is rebuilt when the catalog changes (a
 * tool added, removed or redescribed), otherwise reused. Offline by default (BM25 + the
 * tools' language + groups + session signals); an embedder, when configured, adds one more
 * signal and its failure only costs that signal.
 */
export class ToolRetriever {
  private built: { signature: string; index: ToolIndex; tools: readonly CatalogTool[] } | undefined;
  private vectors: { signature: string; byName: Map<string, Float32Array> } | undefined;
  private readonly logger: Logger;
  private reader: GroupReader | null | undefined;
  private toolReader: GroupReader | null | undefined;
  private neighbourReader: NeighbourReader | null | undefined;
  /** The tools the neighbour reader's examples needed (the rest cannot be voted for). */
  private votable: ReadonlySet<string> | undefined;
  private lastRead:
    | {
        text: string;
        read: ReadonlyMap<string, number>;
        tools: ReadonlyMap<string, number> | undefined;
        neighbours: ReadonlyMap<string, number> | undefined;
      }
    | undefined;
  /** Each group's cues hashed, once per declaration (a group's tools share one object). */
  private readonly cuesTexts = new WeakMap<GroupCues, string>();

  constructor(private readonly options: RetrieverOptions) {
    this.logger = options.logger ?? silentLogger;
  }

  /** The current catalog's index (built on first use and after every catalog change). */
  index(): ToolIndex {
    const tools = this.options.catalog();
    const signature = signatureOf(tools, (cues) => this.cuesText(cues));
    if (this.built?.signature !== signature) {
      const language = (this.options.language ?? toolLanguage)(tools);
      this.built = { signature, index: new ToolIndex(tools, language), tools };
    }
    return this.built.index;
  }

  private cuesText(cues: GroupCues): string {
    let text = this.cuesTexts.get(cues);
    if (text === undefined) {
      text = fnv(
        `${JSON.stringify(cues.words ?? {})}${JSON.stringify(cues.lookups ?? {})}${JSON.stringify(cues.general ?? [])}${(cues.shapes ?? []).map((c) => c.pattern.source).join("\u0001")}`,
      );
      this.cuesTexts.set(cues, text);
    }
    return text;
  }

  async rank(request: RankRequest, signal?: AbortSignal): Promise<RankedTool[]> {
    const index = this.index();
    const semantic = await this.similarities(request.text, signal);
    const read = request.readGroups ? undefined : this.readGroups(request.text);
    const withRead = read
      ? {
          ...request,
          readGroups: read.groups,
          ...(read.tools ? { readTools: read.tools } : {}),
          ...(read.neighbours
            ? {
                neighbours: read.neighbours,
                votable: read.votable,
                ...(this.options.neighbourWeight !== undefined
                  ? { neighbourWeight: this.options.neighbourWeight }
                  : {}),
              }
            : {}),
        }
      : request;
    return index.rank(semantic ? { ...withRead, semantic, semanticWeight: SEMANTIC_WEIGHT } : withRead);
  }

  /**
   * The readers' probabilities for a text: each group's, and each tool's within them (built on
   * first use; none if switched off).
   */
  private readGroups(text: string):
    | {
        groups: ReadonlyMap<string, number>;
        tools: ReadonlyMap<string, number> | undefined;
        neighbours: ReadonlyMap<string, number> | undefined;
        votable: ReadonlySet<string>;
      }
    | undefined {
    if (this.reader === undefined)
      this.reader = this.options.groupReader === undefined ? shippedGroupReader() : this.options.groupReader;
    if (!this.reader) return undefined;
    if (this.toolReader === undefined)
      this.toolReader = this.options.toolReader === undefined ? shippedToolReader() : this.options.toolReader;
    if (this.neighbourReader === undefined)
      this.neighbourReader =
        this.options.neighbourReader === undefined ? shippedNeighbourReader() : this.options.neighbourReader;
    // The offer and the search that follows it read the same request: read it once
    if (this.lastRead?.text !== text) {
      // Each step is read on its own as well as the whole request: in a long request a step's
      // few words are diluted among the others' (the features are scaled by 1/√n), so a group
      // only one step needs ("… and put it in the calendar") gets the probability that step
      // alone earns. A group keeps the larger of the two readings.
      const steps = splitClauses(text);
      const asMap = (reader: GroupReader) => {
        const map = new Map(reader.read(text).map(({ group, p }) => [group, p]));
        if (steps.length > 1)
          for (const step of steps)
            for (const { group, p } of reader.read(step)) map.set(group, Math.max(map.get(group) ?? 0, p));
        return map;
      };
      this.lastRead = {
        text,
        read: asMap(this.reader),
        tools: this.toolReader ? asMap(this.toolReader) : undefined,
        neighbours: this.neighbourReader?.read(text),
      };
    }
    const { read, tools, neighbours } = this.lastRead;
    this.votable ??= new Set(this.neighbourReader?.tools ?? []);
    return { groups: read, tools, neighbours, votable: this.votable };
  }

  /**
   * What `tools_search` returns: the best matches for the model's description of what it
   * needs, leaving out what it already has.
   */
  async search(
    query: string,
    exclude: ReadonlySet<string>,
    limit: number,
    signal?: AbortSignal,
  ): Promise<RankedTool[]> {
    const index = this.index();
    const fresh = (ranked: RankedTool[]) =>
      ranked.filter((tool) => !exclude.has(tool.name) && tool.score > 0);
    const all = await this.rank({ text: query }, signal);
    const whole = fresh(all);
    const chosen = new Map<string, RankedTool>();
    const take = (tool: RankedTool | undefined) => {
      if (tool && chosen.size < limit && !chosen.has(tool.name)) chosen.set(tool.name, tool);
    };
    // A tool whose own cue the description has (a sum's shape, a key chord) is what was asked
    // for, however its words rank beside a louder step's group: it comes first
    const cued = new Set(index.cued(query));
    for (const tool of whole) if (cued.has(tool.name)) take(tool);
    // …with the partners it cannot work without, offered already or not (the snapshot whose
    // refs a click takes)
    const byName = new Map(all.filter((tool) => !exclude.has(tool.name)).map((tool) => [tool.name, tool]));
    for (const name of cued) for (const partner of index.partners(name)) take(byName.get(partner));
    // Each step's best missing tools in turn: one step's group cannot fill every place
    const clauses = splitClauses(query);
    const steps =
      clauses.length < 2 ? [all] : await Promise.all(clauses.map((c) => this.rank({ text: c }, signal)));
    const perStep = steps.map(fresh);
    for (const ranked of perStep) take(ranked.find((t) => !chosen.has(t.name)));
    // …each step's best tool's partner (what it finds is read next, the lookup its handle
    // comes from), offered already or not: the step is a tool short without it
    for (const ranked of steps) {
      // (the agent's own tools answer no step: the search itself and the plan are in every
      // request, so a step whose words rank the search first is read by its next tool)
      const partners = new Set(index.partners(ranked.find((t) => t.group !== AGENT_GROUP)?.name ?? ""));
      take(fresh(ranked).find((t) => partners.has(t.name) && !chosen.has(t.name)));
    }
    for (const ranked of perStep) take(ranked.find((t) => !chosen.has(t.name)));
    // A small group a step clearly means comes whole: the model asked for that kind of thing,
    // and its siblings (show / add / remove) are what it will need next
    // (siblings with no word of the request in common included)
    for (const ranked of steps) {
      const group = ranked[0]?.group;
      const members = group ? index.members(group) : [];
      if (members.length <= SMALL_GROUP) for (const name of members) take(byName.get(name));
    }
    // Then what the whole request ranks best. Each step's group's siblings came here before (a
    // page opened is typed into), ahead of the whole ranking: but a step whose best tool is
    // already offered then fills places with its group's runners-up, which nothing in the step
    // asks for, while a needed tool the offer missed sits just below the room in the whole
    // ranking (held out, recall-dev 1–22: 51 of the tools missed at 12 were among its ten best
    // missing ones). A sibling the step needs ranks high in the whole ranking anyway
    for (const tool of whole) take(tool);
    return [...chosen.values()];
  }

  private async similarities(text: string, signal?: AbortSignal): Promise<Map<string, number> | undefined> {
    const embedder = this.options.embedder;
    if (!embedder || !this.built) return undefined;
    try {
      const signature = this.built.signature;
      if (this.vectors?.signature !== signature) {
        const tools = this.built.tools;
        const documents = tools.map((t) => `${t.name.replaceAll("_", " ")}: ${t.description}`);
        const vectors = await embedder.embed(documents, { kind: "document", ...(signal ? { signal } : {}) });
        this.vectors = { signature, byName: new Map(tools.map((t, i) => [t.name, vectors[i]!])) };
      }
      const [query] = await embedder.embed([text], { kind: "query", ...(signal ? { signal } : {}) });
      if (!query) return undefined;
      const out = new Map<string, number>();
      for (const [name, vector] of this.vectors.byName) out.set(name, Math.max(0, dot(query, vector)));
      return out;
    } catch (error) {
      if (signal?.aborted) throw error;
      this.logger.warn({ err: error, embedder: embedder.id }, "tool embeddings unavailable; words only");
      return undefined;
    }
  }
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    sum += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? sum / Math.sqrt(na * nb) : 0;
}

/** Changes whenever a tool is added, removed or redescribed. */
function signatureOf(tools: readonly CatalogTool[], cuesText: (cues: GroupCues) => string): string {
  let hash = 0x811c9dc5;
  for (const tool of tools) {
    const text = `${tool.name}\u0000${tool.group}\u0000${tool.description}\u0000${(tool.examples ?? []).join("\u0001")}\u0000${tool.groupCues ? cuesText(tool.groupCues) : ""}\u0002`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return `${tools.length}:${hash.toString(16)}`;
}

function fnv(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16);
}
