import type { Clock } from "../core/clock.js";
import { JarvisError } from "../core/errors.js";
import type { Logger } from "../core/logger.js";
import type { Summarizer } from "../knowledge/summarize.js";
import type { SqliteDatabase } from "../store/database.js";
import { type SessionSource, type SessionTranscript, summarizeSession } from "./episodes.js";
import { type Extraction, type FactExtractor, PatternFactExtractor } from "./extract.js";
import { parseQuestion, type Question } from "./questions.js";
import { statedBy } from "./stated.js";
import { type EpisodeRow, type FactRow, MemoryStore, USER_ENTITY_ID } from "./store.js";
import { canonicalPredicate, isSingleValued, RELATED_PREDICATES, statement } from "./vocabulary.js";

/**
 * Where a fact came from, recorded when it is stored: the user said it (their own words carry
 * it), the model wrote it (no untrusted text in the run), or it came out of a document or
 * another tool's output (a web page, a message). Only `user` facts come back as trusted context.
 * Rows written before the source was tracked say `conversation` or `llm`: treated as `model`.
 */
export type FactSource = "user" | "model" | "document" | "tool";

export function factSourceOf(stored: string): FactSource {
  return stored === "user" || stored === "document" || stored === "tool" ? stored : "model";
}

/** A memory as users and the model see it: `f3` is a fact, `e2` an episode. */
export interface MemoryItem {
  id: string;
  kind: "fact" | "episode";
  text: string;
  /** Where it came from: "you told me on 2025-05-01", "conversation on 2025-05-02". */
  source: string;
  /** For facts: the recorded origin (episodes quote the user's own requests: `user`). */
  origin: FactSource;
  createdAt: number;
  said?: string | undefined;
  score?: number | undefined;
}

export interface RememberResult {
  stored: MemoryItem[];
  /** Older facts a new single-valued fact replaced (the previous boss). */
  replaced: MemoryItem[];
  /** Facts that were already known (nothing new stored). */
  known: MemoryItem[];
}

export interface RecallResult {
  question: Question["kind"];
  /** A direct answer from the graph ("The user's boss is Sarah Chen."), when the question had one. */
  answer?: string | undefined;
  items: MemoryItem[];
}

export interface MemoryOptions {
  db: SqliteDatabase;
  clock: Clock;
  logger: Logger;
  extractor?: FactExtractor | undefined;
  summarizer?: Summarizer | undefined;
}

/** The user's memory: facts (with a small entity/relation graph) and episodes of past sessions. */
export class Memory {
  readonly store: MemoryStore;
  private readonly extractor: FactExtractor;

  constructor(private readonly options: MemoryOptions) {
    this.store = new MemoryStore(options.db, options.clock);
    this.extractor = options.extractor ?? new PatternFactExtractor();
  }

  async remember(
    text: string,
    meta: { source?: FactSource; sessionId?: string | undefined } = {},
  ): Promise<RememberResult> {
    const said = text.trim();
    const extractions = said ? await this.extractor.extract(said) : [];
    if (extractions.length === 0) {
      throw new JarvisError("ARGS_INVALID", "there is nothing to remember in that", {
        fix: 'say it as a statement, e.g. "my boss is Sarah Chen"',
      });
    }
    const result: RememberResult = { stored: [], replaced: [], known: [] };
    this.store.transaction(() => {
      for (const extraction of extractions)
        this.storeOne(this.resolveSubject(extraction), said, meta, result);
    });
    return result;
  }

  private storeOne(
    extraction: Extraction,
    said: string,
    meta: { source?: string; sessionId?: string | undefined },
    result: RememberResult,
  ): void {
    const relation = extraction.relation;
    const same = (a: string | null | undefined, b: string | undefined) =>
      (a ?? "").toLowerCase() === (b ?? "").toLowerCase();
    if (relation) {
      const subjectId =
        relation.subject.kind === "user" ? USER_ENTITY_ID : this.personId(relation.subject.name);
      const existing =
        subjectId === undefined ? [] : this.store.relations({ subjectId, predicate: relation.predicate });
      const duplicate = existing.find((r) =>
        same(r.object ?? r.value, relation.object?.name ?? relation.value),
      );
      if (duplicate) {
        this.store.touchFact(duplicate.fact_id);
        result.known.push(this.factItem(this.store.fact(duplicate.fact_id)!));
        return;
      }
      if (isSingleValued(relation.predicate)) {
        for (const old of existing) {
          const fact = this.store.fact(old.fact_id);
          if (fact && this.store.deleteFact(fact.id)) result.replaced.push(this.factItem(fact));
        }
      }
    } else {
      const duplicate = this.store.factsByText(extraction.text)[0];
      if (duplicate) {
        this.store.touchFact(duplicate.id);
        result.known.push(this.factItem(duplicate));
        return;
      }
    }
    const id = this.store.insertFact(extraction, {
      said,
      source: meta.source ?? "user",
      sessionId: meta.sessionId,
    });
    result.stored.push(this.factItem(this.store.fact(id)!));
  }

  /** "Sarah's birthday …" after "my boss is Sarah Chen" is about Sarah Chen, not a new Sarah. */
  private resolveSubject(extraction: Extraction): Extraction {
    const via = extraction.relation?.subject.via;
    if (via !== undefined) {
      const relation = extraction.relation!;
      const target = this.store
        .relations({ subjectId: USER_ENTITY_ID, predicate: via })
        .find((r) => r.object !== null && r.object_kind === "person");
      if (!target?.object) return extraction.fallback ?? { text: extraction.text };
      const object = relation.object?.name ?? relation.value ?? "";
      return {
        text: statement(target.object, relation.predicate, object),
        relation: { ...relation, subject: { name: target.object, kind: "person" } },
      };
    }
    const relation = extraction.relation;
    if (relation?.subject.kind !== "person") return extraction;
    const matches = this.store.findEntities(relation.subject.name).filter((e) => e.kind === "person");
    if (matches.length !== 1 || matches[0]!.name === relation.subject.name) return extraction;
    const name = matches[0]!.name;
    return {
      text: extraction.text.replace(relation.subject.name, name),
      relation: { ...relation, subject: { name, kind: "person" } },
    };
  }

  private personId(name: string): number | undefined {
    const matches = this.store.findEntities(name).filter((e) => e.kind === "person");
    return matches.length === 1 ? matches[0]!.id : undefined;
  }

  /** Answers from the graph when the question has a known shape, else searches facts and episodes. */
  async recall(query: string, options: { limit?: number } = {}): Promise<RecallResult> {
    const limit = Math.max(1, Math.min(options.limit ?? 5, 50));
    const question = parseQuestion(query);
    let items: MemoryItem[] = [];
    if (question.kind === "relation") items = this.relationFacts(question);
    else if (question.kind === "about") items = this.aboutFacts(question);
    if (items.length > 0) {
      const sliced = dedupe(items).slice(0, limit);
      return { question: question.kind, answer: sliced.map((i) => i.text).join(" "), items: sliced };
    }
    return { question: question.kind, items: this.search(query, limit) };
  }

  /** Full-text search over facts and episodes, best first. */
  search(query: string, limit = 10): MemoryItem[] {
    const facts = this.store.searchFacts(query, limit).map((f) => ({ ...this.factItem(f), score: f.score }));
    const episodes = this.store
      .searchEpisodes(query, limit)
      .map((e) => ({ ...this.episodeItem(e), score: e.score }));
    return [...facts, ...episodes].sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).slice(0, limit);
  }

  private relationFacts(question: Extract<Question, { kind: "relation" }>): MemoryItem[] {
    const subject = question.subject;
    let subjectId: number | undefined;
    if (subject === "user") subjectId = USER_ENTITY_ID;
    else if ("name" in subject) subjectId = this.personId(subject.name) ?? this.anyEntityId(subject.name);
    else {
      const predicates = [subject.relationOfUser, ...(RELATED_PREDICATES[subject.relationOfUser] ?? [])];
      subjectId =
        predicates
          .flatMap((predicate) => this.store.relations({ subjectId: USER_ENTITY_ID, predicate }))
          .find((r) => r.object_id !== null)?.object_id ?? undefined;
    }
    if (subjectId === undefined) return [];
    for (const group of [
      question.predicates,
      question.predicates.flatMap((p) => RELATED_PREDICATES[p] ?? []),
    ]) {
      const rows = group.flatMap((predicate) => this.store.relations({ subjectId, predicate }));
      if (rows.length > 0) return rows.map((r) => this.factItem(this.store.fact(r.fact_id)!));
    }
    return [];
  }

  private anyEntityId(name: string): number | undefined {
    const matches = this.store.findEntities(name);
    return matches.length === 1 ? matches[0]!.id : undefined;
  }

  private aboutFacts(question: Extract<Question, { kind: "about" }>): MemoryItem[] {
    const target = question.target;
    let entityIds: number[];
    if (target === "user") entityIds = [USER_ENTITY_ID];
    else if ("relationOfUser" in target) {
      const predicates = [target.relationOfUser, ...(RELATED_PREDICATES[target.relationOfUser] ?? [])];
      entityIds = predicates
        .flatMap((predicate) => this.store.relations({ subjectId: USER_ENTITY_ID, predicate }))
        .map((r) => r.object_id)
        .filter((id): id is number => id !== null);
    } else entityIds = this.store.findEntities(target.name).map((e) => e.id);
    const factIds = new Set<number>();
    for (const entityId of entityIds) {
      const rows =
        entityId === USER_ENTITY_ID
          ? this.store.relations({ subjectId: USER_ENTITY_ID })
          : this.store.relations({ entityId });
      for (const row of rows) factIds.add(row.fact_id);
    }
    const items = [...factIds].map((id) => this.factItem(this.store.fact(id)!));
    // Notes that mention the name but are not in the graph ("Sarah's kids are Tom and Ann").
    if (typeof target === "object" && "name" in target && items.length > 0) {
      items.push(...this.store.searchFacts(target.name, 5).map((f) => this.factItem(f)));
    }
    if (target === "user") {
      items.push(
        ...this.store
          .facts()
          .filter((f) => this.store.relations({ factId: f.id }).length === 0)
          .map((f) => this.factItem(f)),
      );
    }
    return items;
  }

  list(): MemoryItem[] {
    return [
      ...this.store.facts().map((f) => this.factItem(f)),
      ...this.store.episodes().map((e) => this.episodeItem(e)),
    ];
  }

  get(id: string): MemoryItem | undefined {
    const { kind, n } = parseMemoryId(id);
    if (kind === "f") {
      const fact = this.store.fact(n);
      return fact ? this.factItem(fact) : undefined;
    }
    const episode = this.store.episode(n);
    return episode ? this.episodeItem(episode) : undefined;
  }

  /** Deletes one memory for good: its row, graph edges, FTS entries and orphaned entities. */
  forget(id: string): MemoryItem {
    const item = this.get(id);
    if (!item)
      throw new JarvisError("NOT_FOUND", `no memory ${id}`, { fix: "see `jarvis memory list` for ids" });
    const { kind, n } = parseMemoryId(id);
    this.store.transaction(() => (kind === "f" ? this.store.deleteFact(n) : this.store.deleteEpisode(n)));
    return item;
  }

  /**
   * Memories a description points at, for "forget my boss" / "forget about Sarah": graph matches
   * are exact; otherwise full-text matches (the caller decides what to do with several).
   */
  match(description: string): { exact: boolean; items: MemoryItem[] } {
    const text = description
      .trim()
      .replace(/^(?:that|about|the fact that)\s+/i, "")
      .replace(/[?.!]+$/, "");
    const my = /^my\s+(.+?)(?:'s\s+name)?$/i.exec(text);
    if (my) {
      const rows = this.store.relations({ subjectId: USER_ENTITY_ID, predicate: canonicalPredicate(my[1]!) });
      if (rows.length > 0)
        return { exact: true, items: rows.map((r) => this.factItem(this.store.fact(r.fact_id)!)) };
    }
    const entities = this.store.findEntities(text);
    if (entities.length > 0) {
      const ids = new Set(
        entities.flatMap((e) => this.store.relations({ entityId: e.id })).map((r) => r.fact_id),
      );
      return { exact: true, items: [...ids].map((id) => this.factItem(this.store.fact(id)!)) };
    }
    return { exact: false, items: this.search(text, 5) };
  }

  /** Stores (or refreshes) the episode of a session; undefined when there was nothing to keep. */
  async recordEpisode(transcript: SessionTranscript, signal?: AbortSignal): Promise<MemoryItem | undefined> {
    const summary = await summarizeSession(transcript, { summarizer: this.options.summarizer, signal });
    if (!summary) return undefined;
    const times = transcript.messages.map((m) => m.ts).filter((t): t is number => t !== undefined);
    const id = this.store.upsertEpisode({
      session_id: transcript.sessionId,
      summary: summary.summary,
      method: summary.method,
      message_count: transcript.messages.length,
      started_at: transcript.startedAt ?? (times.length > 0 ? Math.min(...times) : null),
      ended_at: transcript.endedAt ?? (times.length > 0 ? Math.max(...times) : null),
    });
    return this.episodeItem(this.store.episode(id)!);
  }

  /**
   * What the agent loop calls from time to time: every session idle for `idleMs` gets an episode,
   * once (again only if it grew since). Returns the episodes written.
   */
  async summarizeIdleSessions(
    source: SessionSource,
    idleMs = 30 * 60_000,
    signal?: AbortSignal,
  ): Promise<MemoryItem[]> {
    const written: MemoryItem[] = [];
    for (const transcript of await source.idleSessions(this.options.clock.now() - idleMs)) {
      signal?.throwIfAborted();
      const existing = this.store.episodeForSession(transcript.sessionId);
      if (existing && existing.message_count >= transcript.messages.length) continue;
      const item = await this.recordEpisode(transcript, signal);
      if (item) written.push(item);
    }
    return written;
  }

  /** Whether the user's own words carry a statement (see `stated.ts`). */
  statedBy(text: string, said: readonly string[]): boolean {
    return statedBy(text, said);
  }

  factItem(fact: FactRow): MemoryItem {
    const origin = factSourceOf(fact.source);
    const how = {
      user: "you told me",
      model: "noted by Jarvis in conversation",
      document: "taken from a document",
      tool: "taken from something Jarvis read (a page or message)",
    }[origin];
    return {
      id: `f${fact.id}`,
      kind: "fact",
      origin,
      text: fact.text,
      source: `${how} on ${day(fact.created_at)}`,
      createdAt: fact.created_at,
      said: fact.said ?? undefined,
    };
  }

  episodeItem(episode: EpisodeRow): MemoryItem {
    return {
      id: `e${episode.id}`,
      kind: "episode",
      origin: "user",
      text: episode.summary,
      source: `conversation ${episode.session_id}`,
      createdAt: episode.created_at,
    };
  }
}

export function parseMemoryId(id: string): { kind: "f" | "e"; n: number } {
  const m = /^([fe])(\d{1,12})$/.exec(id.trim());
  if (!m) {
    throw new JarvisError("USAGE", `"${id}" is not a memory id`, {
      fix: "ids look like f12 (fact) or e3 (episode); see `jarvis memory list`",
    });
  }
  return { kind: m[1] as "f" | "e", n: Number(m[2]) };
}

function dedupe(items: MemoryItem[]): MemoryItem[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.id) && seen.add(i.id));
}

function day(ts: number): string {
  return new Date(ts).toISOString().slice(0, 10);
}
