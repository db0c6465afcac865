import type { Statement } from "better-sqlite3-multiple-ciphers";
import type { NluCall, PendingCall } from "../brain/nlu/types.js";
import type { Clock } from "../core/clock.js";
import type { HandleEntry } from "../core/tool.js";
import type { TaintState } from "../gate/types.js";
import type { SqliteDatabase } from "../store/database.js";
import { KeyValueRepository } from "../store/kv.js";
import type { SessionMessage } from "./types.js";

export interface SessionRecord {
  id: string;
  source: string;
  title?: string | undefined;
  handles: HandleEntry[];
  grants: string[];
  /** The last call made, or one waiting for a value (`missing` set). */
  lastCall?: NluCall | PendingCall | undefined;
  createdAt: number;
  updatedAt: number;
}

interface SessionRow {
  id: string;
  source: string;
  title: string | null;
  handles: string;
  grants: string;
  last_call: string | null;
  created_at: number;
  updated_at: number;
}

interface MessageRow {
  id: number;
  run_id: string | null;
  role: "user" | "assistant";
  text: string;
  created_at: number;
}

/** Conversations: sessions with their handle map and grants, and the messages said in them. */
export class SessionStore {
  private readonly statements = new Map<string, Statement<unknown[], unknown>>();
  private readonly kv: KeyValueRepository;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: Clock,
  ) {
    this.kv = new KeyValueRepository(db, clock);
  }

  /** Values the user set once and Jarvis reuses in every session (the weather's city). */
  remembered(): Record<string, unknown> {
    return this.kv.get<Record<string, unknown>>(REMEMBERED) ?? {};
  }

  remember(values: Record<string, unknown>): void {
    if (Object.keys(values).length === 0) return;
    this.kv.set(REMEMBERED, { ...this.remembered(), ...values });
  }

  /** Prepared once per SQL text (preparing costs more than a small write). */
  private sql<P extends unknown[] = unknown[], R = unknown>(text: string): Statement<P, R> {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement as unknown as Statement<P, R>;
  }

  create(id: string, source: string): SessionRecord {
    const now = this.clock.now();
    this.sql("INSERT INTO sessions (id, source, created_at, updated_at) VALUES (?, ?, ?, ?)").run(
      id,
      source,
      now,
      now,
    );
    return { id, source, handles: [], grants: [], createdAt: now, updatedAt: now };
  }

  get(id: string): SessionRecord | undefined {
    const row = this.sql<[string], SessionRow>("SELECT * FROM sessions WHERE id = ?").get(id);
    return row ? fromRow(row) : undefined;
  }

  /** The most recently used session started from `source` (for `ask --continue`). */
  latest(source?: string): SessionRecord | undefined {
    const row = source
      ? this.sql<[string], SessionRow>(
          "SELECT * FROM sessions WHERE source = ? ORDER BY updated_at DESC, rowid DESC LIMIT 1",
        ).get(source)
      : this.sql<[], SessionRow>("SELECT * FROM sessions ORDER BY updated_at DESC, rowid DESC LIMIT 1").get();
    return row ? fromRow(row) : undefined;
  }

  appendMessage(
    sessionId: string,
    runId: string | undefined,
    role: "user" | "assistant",
    text: string,
  ): number {
    const now = this.clock.now();
    const info = this.sql(
      "INSERT INTO messages (session_id, run_id, role, text, created_at) VALUES (?, ?, ?, ?, ?)",
    ).run(sessionId, runId ?? null, role, text, now);
    this.sql("UPDATE sessions SET updated_at = ?, title = COALESCE(title, ?) WHERE id = ?").run(
      now,
      role === "user" ? text.slice(0, 80) : null,
      sessionId,
    );
    return Number(info.lastInsertRowid);
  }

  /** The last `limit` messages, oldest first; `beforeId` excludes that message and later ones. */
  history(sessionId: string, limit = 20, beforeId?: number): SessionMessage[] {
    const rows = this.sql<[string, number, number], MessageRow>(
      "SELECT id, run_id, role, text, created_at FROM messages WHERE session_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
    ).all(sessionId, beforeId ?? Number.MAX_SAFE_INTEGER, limit);
    return rows.reverse().map((row) => ({
      id: row.id,
      runId: row.run_id ?? undefined,
      role: row.role,
      text: row.text,
      createdAt: row.created_at,
    }));
  }

  /** Everything the user said in the session (provenance: values from the user's own words). */
  userTexts(sessionId: string, limit = 200): string[] {
    return this.sql<[string, number], { text: string }>(
      "SELECT text FROM (SELECT id, text FROM messages WHERE session_id = ? AND role = 'user' ORDER BY id DESC LIMIT ?) ORDER BY id",
    )
      .all(sessionId, limit)
      .map((row) => row.text);
  }

  /** The user message that started a run (resume rebuilds history before it). */
  runMessageId(runId: string): number | undefined {
    return this.sql<[string], { id: number }>(
      "SELECT id FROM messages WHERE run_id = ? AND role = 'user' ORDER BY id LIMIT 1",
    ).get(runId)?.id;
  }

  saveHandles(sessionId: string, handles: HandleEntry[]): void {
    this.sql("UPDATE sessions SET handles = ?, updated_at = ? WHERE id = ?").run(
      JSON.stringify(handles),
      this.clock.now(),
      sessionId,
    );
  }

  /**
   * What the session's runs have read (untrusted and private labels). Kept in the kv table, so
   * no schema change: one row per session that ever read anything untrusted or private.
   */
  taint(sessionId: string): TaintState | undefined {
    const row = this.sql<[string], { value: string }>("SELECT value FROM kv WHERE key = ?").get(
      `session_taint:${sessionId}`,
    );
    return row ? parse<TaintState | undefined>(row.value, undefined) : undefined;
  }

  saveTaint(sessionId: string, taint: TaintState): void {
    this.sql(
      "INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    ).run(`session_taint:${sessionId}`, JSON.stringify(taint), this.clock.now());
  }

  saveGrants(sessionId: string, grants: Iterable<string>): void {
    this.sql("UPDATE sessions SET grants = ? WHERE id = ?").run(
      JSON.stringify([...grants].sort()),
      sessionId,
    );
  }

  /** Drops a call that was waiting for a value; true when there was one. */
  clearPending(sessionId: string): boolean {
    const result = this.sql(
      "UPDATE sessions SET last_call = NULL WHERE id = ? AND json_extract(last_call, '$.missing') IS NOT NULL",
    ).run(sessionId);
    return result.changes > 0;
  }

  saveLastCall(sessionId: string, call: NluCall | PendingCall | undefined): void {
    this.sql("UPDATE sessions SET last_call = ? WHERE id = ?").run(
      call ? JSON.stringify(call) : null,
      sessionId,
    );
  }
}

const REMEMBERED = "agent.remembered";

function fromRow(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    source: row.source,
    title: row.title ?? undefined,
    handles: parse<HandleEntry[]>(row.handles, []),
    grants: parse<string[]>(row.grants, []),
    lastCall: row.last_call ? parse<NluCall | PendingCall | undefined>(row.last_call, undefined) : undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function parse<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
