import type { Clock } from "../core/clock.js";
import { buildMatchQuery } from "../knowledge/query.js";
import type { SqliteDatabase } from "../store/database.js";
import type { EntityRef, Extraction } from "./extract.js";
import type { EntityKind } from "./vocabulary.js";

export const USER_ENTITY_ID = 1;

export interface FactRow {
  id: number;
  text: string;
  said: string | null;
  source: string;
  session_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface RelationRow {
  id: number;
  fact_id: number;
  subject_id: number;
  subject: string;
  subject_kind: EntityKind;
  predicate: string;
  object_id: number | null;
  object: string | null;
  object_kind: EntityKind | null;
  value: string | null;
}

export interface EpisodeRow {
  id: number;
  session_id: string;
  summary: string;
  method: string;
  message_count: number;
  started_at: number | null;
  ended_at: number | null;
  created_at: number;
}

export interface EntityRow {
  id: number;
  name: string;
  kind: EntityKind;
}

const RELATION_SELECT = `SELECT r.id, r.fact_id, r.subject_id, s.name AS subject, s.kind AS subject_kind, r.predicate,
  r.object_id, o.name AS object, o.kind AS object_kind, r.value
  FROM memory_relations r JOIN memory_entities s ON s.id = r.subject_id LEFT JOIN memory_entities o ON o.id = r.object_id`;

/** SQL for facts, the entity/relation graph and episodes. Deletes cascade to FTS via triggers. */
export class MemoryStore {
  constructor(
    readonly db: SqliteDatabase,
    private readonly clock: Clock,
  ) {}

  insertFact(
    extraction: Extraction,
    meta: { said?: string; source: string; sessionId?: string | undefined },
  ): number {
    const now = this.clock.now();
    const id = Number(
      this.db
        .prepare(
          "INSERT INTO memory_facts (text, said, source, session_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .run(extraction.text, meta.said ?? null, meta.source, meta.sessionId ?? null, now, now)
        .lastInsertRowid,
    );
    const relation = extraction.relation;
    if (relation) {
      const subject = this.entity(relation.subject, now);
      const object = relation.object ? this.entity(relation.object, now) : null;
      this.db
        .prepare(
          "INSERT INTO memory_relations (fact_id, subject_id, predicate, object_id, value) VALUES (?, ?, ?, ?, ?)",
        )
        .run(id, subject, relation.predicate, object, relation.value ?? null);
    }
    return id;
  }

  touchFact(id: number): void {
    this.db.prepare("UPDATE memory_facts SET updated_at = ? WHERE id = ?").run(this.clock.now(), id);
  }

  /** Deletes a fact, its relations, its FTS rows, and entities nothing refers to any more. */
  deleteFact(id: number): boolean {
    const changes = this.db.prepare("DELETE FROM memory_facts WHERE id = ?").run(id).changes;
    this.pruneEntities();
    return changes > 0;
  }

  fact(id: number): FactRow | undefined {
    return this.db.prepare<[number], FactRow>("SELECT * FROM memory_facts WHERE id = ?").get(id);
  }

  facts(): FactRow[] {
    return this.db.prepare<[], FactRow>("SELECT * FROM memory_facts ORDER BY created_at, id").all();
  }

  factsByText(text: string): FactRow[] {
    return this.db
      .prepare<[string], FactRow>("SELECT * FROM memory_facts WHERE text = ? COLLATE NOCASE")
      .all(text);
  }

  relations(where: {
    subjectId?: number;
    predicate?: string;
    entityId?: number;
    factId?: number;
  }): RelationRow[] {
    const clauses: string[] = [];
    const params: Array<number | string> = [];
    if (where.subjectId !== undefined) {
      clauses.push("r.subject_id = ?");
      params.push(where.subjectId);
    }
    if (where.predicate !== undefined) {
      clauses.push("r.predicate = ?");
      params.push(where.predicate);
    }
    if (where.entityId !== undefined) {
      clauses.push("(r.subject_id = ? OR r.object_id = ?)");
      params.push(where.entityId, where.entityId);
    }
    if (where.factId !== undefined) {
      clauses.push("r.fact_id = ?");
      params.push(where.factId);
    }
    const sql = `${RELATION_SELECT}${clauses.length ? ` WHERE ${clauses.join(" AND ")}` : ""} ORDER BY r.fact_id`;
    return this.db.prepare<Array<number | string>, RelationRow>(sql).all(...params);
  }

  /** Entities whose name matches: exact first, then by whole words ("Sarah" → "Sarah Chen"). */
  findEntities(name: string): EntityRow[] {
    const clean = name.trim().replace(/^(?:the|a|an)\s+/i, "");
    if (!clean) return [];
    const exact = this.db
      .prepare<[string], EntityRow>(
        "SELECT id, name, kind FROM memory_entities WHERE name = ? AND kind != 'user'",
      )
      .all(clean);
    if (exact.length > 0) return exact;
    const all = this.db
      .prepare<[], EntityRow>("SELECT id, name, kind FROM memory_entities WHERE kind != 'user'")
      .all();
    const wanted = clean.toLowerCase().split(/\s+/);
    return all.filter((e) => {
      const words = e.name.toLowerCase().split(/\s+/);
      return wanted.every((w) => words.includes(w));
    });
  }

  entities(): EntityRow[] {
    return this.db
      .prepare<[], EntityRow>("SELECT id, name, kind FROM memory_entities ORDER BY kind, name")
      .all();
  }

  /** Full-text match over facts; score = -bm25 (higher is better). */
  searchFacts(text: string, limit: number): Array<FactRow & { score: number }> {
    const match = buildMatchQuery(text);
    if (!match) return [];
    return this.db
      .prepare<[string, number], FactRow & { score: number }>(
        "SELECT f.*, -bm25(memory_facts_fts) AS score FROM memory_facts_fts JOIN memory_facts f ON f.id = memory_facts_fts.rowid WHERE memory_facts_fts MATCH ? ORDER BY bm25(memory_facts_fts) LIMIT ?",
      )
      .all(match, limit);
  }

  searchEpisodes(text: string, limit: number): Array<EpisodeRow & { score: number }> {
    const match = buildMatchQuery(text);
    if (!match) return [];
    return this.db
      .prepare<[string, number], EpisodeRow & { score: number }>(
        "SELECT e.*, -bm25(memory_episodes_fts) AS score FROM memory_episodes_fts JOIN memory_episodes e ON e.id = memory_episodes_fts.rowid WHERE memory_episodes_fts MATCH ? ORDER BY bm25(memory_episodes_fts) LIMIT ?",
      )
      .all(match, limit);
  }

  upsertEpisode(episode: Omit<EpisodeRow, "id" | "created_at">): number {
    const now = this.clock.now();
    this.db
      .prepare(
        `INSERT INTO memory_episodes (session_id, summary, method, message_count, started_at, ended_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(session_id) DO UPDATE SET summary = excluded.summary, method = excluded.method,
           message_count = excluded.message_count, started_at = excluded.started_at, ended_at = excluded.ended_at, created_at = excluded.created_at`,
      )
      .run(
        episode.session_id,
        episode.summary,
        episode.method,
        episode.message_count,
        episode.started_at,
        episode.ended_at,
        now,
      );
    return (
      this.db.prepare("SELECT id FROM memory_episodes WHERE session_id = ?").get(episode.session_id) as {
        id: number;
      }
    ).id;
  }

  episode(id: number): EpisodeRow | undefined {
    return this.db.prepare<[number], EpisodeRow>("SELECT * FROM memory_episodes WHERE id = ?").get(id);
  }

  episodeForSession(sessionId: string): EpisodeRow | undefined {
    return this.db
      .prepare<[string], EpisodeRow>("SELECT * FROM memory_episodes WHERE session_id = ?")
      .get(sessionId);
  }

  episodes(): EpisodeRow[] {
    return this.db
      .prepare<[], EpisodeRow>("SELECT * FROM memory_episodes ORDER BY COALESCE(ended_at, created_at), id")
      .all();
  }

  deleteEpisode(id: number): boolean {
    return this.db.prepare("DELETE FROM memory_episodes WHERE id = ?").run(id).changes > 0;
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  private entity(ref: EntityRef, now: number): number {
    if (ref.kind === "user") return USER_ENTITY_ID;
    const existing = this.db
      .prepare<[string, string], { id: number }>("SELECT id FROM memory_entities WHERE name = ? AND kind = ?")
      .get(ref.name, ref.kind);
    if (existing) return existing.id;
    return Number(
      this.db
        .prepare("INSERT INTO memory_entities (name, kind, created_at) VALUES (?, ?, ?)")
        .run(ref.name, ref.kind, now).lastInsertRowid,
    );
  }

  private pruneEntities(): void {
    this.db.exec(`DELETE FROM memory_entities WHERE id != ${USER_ENTITY_ID}
      AND id NOT IN (SELECT subject_id FROM memory_relations)
      AND id NOT IN (SELECT object_id FROM memory_relations WHERE object_id IS NOT NULL)`);
  }
}
