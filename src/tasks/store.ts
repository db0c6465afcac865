import { JarvisError } from "../core/errors.js";
import type { SqliteDatabase } from "../store/database.js";
import { Statements } from "../store/statements.js";
import type { RoutineSpec } from "./spec.js";

export type RoutineStatus = "active" | "paused";
export type RoutineRunStatus =
  | "queued"
  | "running"
  | "finished"
  | "failed"
  | "cancelled"
  | "skipped"
  | "missed"
  | "stopped";

export interface RoutineRecord {
  id: string;
  name: string;
  spec: RoutineSpec;
  status: RoutineStatus;
  /** A webhook routine's own secret (never shown in lists). */
  hookToken?: string | undefined;
  nextDueAt?: number | undefined;
  lastFiredAt?: number | undefined;
  runs: number;
  tokensIn: number;
  tokensOut: number;
  timeMs: number;
  createdAt: number;
  updatedAt: number;
}

/** One firing of a routine: a durable agent run, or a silent one (condition false, skipped, missed). */
export interface RoutineRunRecord {
  id: string;
  routineId: string;
  runId?: string | undefined;
  /** What fired it, for people ("mail from ana@example.com: Lunch?"). */
  trigger: string;
  scheduledFor: number;
  depth: number;
  status: RoutineRunStatus;
  note?: string | undefined;
  tokensIn: number;
  tokensOut: number;
  timeMs: number;
  startedAt: number;
  endedAt?: number | undefined;
}

interface RoutineRow {
  id: string;
  name: string;
  spec: string;
  status: RoutineStatus;
  hook_token: string | null;
  next_due_at: number | null;
  last_fired_at: number | null;
  runs: number;
  tokens_in: number;
  tokens_out: number;
  time_ms: number;
  created_at: number;
  updated_at: number;
}

interface RunRow {
  id: string;
  routine_id: string;
  run_id: string | null;
  trigger: string;
  scheduled_for: number;
  depth: number;
  status: RoutineRunStatus;
  note: string | null;
  tokens_in: number;
  tokens_out: number;
  time_ms: number;
  started_at: number;
  ended_at: number | null;
}

const toRoutine = (row: RoutineRow): RoutineRecord => ({
  id: row.id,
  name: row.name,
  spec: JSON.parse(row.spec) as RoutineSpec,
  status: row.status,
  hookToken: row.hook_token ?? undefined,
  nextDueAt: row.next_due_at ?? undefined,
  lastFiredAt: row.last_fired_at ?? undefined,
  runs: row.runs,
  tokensIn: row.tokens_in,
  tokensOut: row.tokens_out,
  timeMs: row.time_ms,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toRun = (row: RunRow): RoutineRunRecord => ({
  id: row.id,
  routineId: row.routine_id,
  runId: row.run_id ?? undefined,
  trigger: row.trigger,
  scheduledFor: row.scheduled_for,
  depth: row.depth,
  status: row.status,
  note: row.note ?? undefined,
  tokensIn: row.tokens_in,
  tokensOut: row.tokens_out,
  timeMs: row.time_ms,
  startedAt: row.started_at,
  endedAt: row.ended_at ?? undefined,
});

/** Routines and their run history in SQLite (migration 6). */
export class RoutineStore {
  private readonly sql: Statements;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = new Statements(db);
  }

  insert(record: RoutineRecord): void {
    this.sql
      .get(
        `INSERT INTO routines (id, name, spec, status, hook_token, next_due_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        record.id,
        record.name,
        JSON.stringify(record.spec),
        record.status,
        record.hookToken ?? null,
        record.nextDueAt ?? null,
        record.createdAt,
        record.updatedAt,
      );
  }

  get(id: string): RoutineRecord | undefined {
    const row = this.sql.get<[string], RoutineRow>("SELECT * FROM routines WHERE id = ?").get(id);
    return row ? toRoutine(row) : undefined;
  }

  /** By id, or by name when exactly one routine has it (case-insensitive). */
  find(idOrName: string): RoutineRecord {
    const byId = this.get(idOrName);
    if (byId) return byId;
    const rows = this.sql
      .get<[string], RoutineRow>("SELECT * FROM routines WHERE name = ? COLLATE NOCASE")
      .all(idOrName.trim());
    if (rows.length === 1) return toRoutine(rows[0]!);
    throw new JarvisError(
      rows.length > 1 ? "USAGE" : "NOT_FOUND",
      rows.length > 1
        ? `${rows.length} routines are called "${idOrName.slice(0, 60)}"`
        : `no routine "${idOrName.slice(0, 60)}"`,
      { fix: rows.length > 1 ? "use its id (see `jarvis routines list`)" : "see `jarvis routines list`" },
    );
  }

  /** Every routine's name, nothing else: read at each turn for the NLU (the person's own names are values). */
  names(): string[] {
    return this.sql
      .get<[], { name: string }>("SELECT name FROM routines")
      .all()
      .map((r) => r.name);
  }

  list(): RoutineRecord[] {
    return this.sql
      .get<[], RoutineRow>("SELECT * FROM routines ORDER BY created_at, id")
      .all()
      .map(toRoutine);
  }

  update(
    id: string,
    fields: Partial<Pick<RoutineRecord, "status" | "nextDueAt" | "lastFiredAt" | "spec" | "name">>,
    now: number,
  ): void {
    const sets: string[] = ["updated_at = @now"];
    const values: Record<string, unknown> = { id, now };
    const columns: Record<string, string> = {
      status: "status",
      nextDueAt: "next_due_at",
      lastFiredAt: "last_fired_at",
      spec: "spec",
      name: "name",
    };
    for (const [key, value] of Object.entries(fields)) {
      if (!(key in columns)) continue;
      sets.push(`${columns[key]} = @${key}`);
      values[key] = key === "spec" ? JSON.stringify(value) : (value ?? null);
    }
    this.sql.get(`UPDATE routines SET ${sets.join(", ")} WHERE id = @id`).run(values);
  }

  /** What an observer remembers for a routine (the last mail seen, a folder's files, a page's hash). */
  observerState<T>(id: string): T | undefined {
    const row = this.sql
      .get<[string], { observer_state: string | null }>("SELECT observer_state FROM routines WHERE id = ?")
      .get(id);
    return row?.observer_state ? (JSON.parse(row.observer_state) as T) : undefined;
  }

  saveObserverState(id: string, state: unknown): void {
    this.sql.get("UPDATE routines SET observer_state = ? WHERE id = ?").run(JSON.stringify(state), id);
  }

  remove(id: string): boolean {
    return this.sql.get("DELETE FROM routines WHERE id = ?").run(id).changes === 1;
  }

  /** Active time routines due at or before `now`. */
  due(now: number): RoutineRecord[] {
    return this.sql
      .get<[number], RoutineRow>(
        "SELECT * FROM routines WHERE status = 'active' AND next_due_at IS NOT NULL AND next_due_at <= ? ORDER BY next_due_at, id",
      )
      .all(now)
      .map(toRoutine);
  }

  nextDue(): number | undefined {
    const row = this.sql
      .get<[], { at: number | null }>(
        "SELECT MIN(next_due_at) AS at FROM routines WHERE status = 'active' AND next_due_at IS NOT NULL",
      )
      .get();
    return row?.at ?? undefined;
  }

  /** Claims an occurrence: moves `next_due_at` from the value seen, so one process fires it. */
  claim(id: string, seenDueAt: number, nextDueAt: number | undefined, firedAt: number): boolean {
    return (
      this.sql
        .get(
          "UPDATE routines SET next_due_at = ?, last_fired_at = ?, updated_at = ? WHERE id = ? AND next_due_at = ? AND status = 'active'",
        )
        .run(nextDueAt ?? null, firedAt, firedAt, id, seenDueAt).changes === 1
    );
  }

  addRun(run: RoutineRunRecord): void {
    this.sql
      .get(
        `INSERT INTO routine_runs (id, routine_id, run_id, trigger, scheduled_for, depth, status, note, started_at, ended_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        run.id,
        run.routineId,
        run.runId ?? null,
        run.trigger,
        run.scheduledFor,
        run.depth,
        run.status,
        run.note ?? null,
        run.startedAt,
        run.endedAt ?? null,
      );
  }

  /** Ends (or moves on) a firing, and adds its cost to the routine's totals in the same commit. */
  updateRun(
    id: string,
    fields: Partial<
      Pick<RoutineRunRecord, "status" | "runId" | "note" | "tokensIn" | "tokensOut" | "timeMs" | "endedAt">
    >,
  ): void {
    const run = this.getRun(id);
    if (!run) return;
    const next = { ...run, ...fields };
    this.db.transaction(() => {
      this.sql
        .get(
          `UPDATE routine_runs SET status = ?, run_id = ?, note = ?, tokens_in = ?, tokens_out = ?, time_ms = ?, ended_at = ? WHERE id = ?`,
        )
        .run(
          next.status,
          next.runId ?? null,
          next.note ?? null,
          next.tokensIn,
          next.tokensOut,
          next.timeMs,
          next.endedAt ?? null,
          id,
        );
      const ended = next.endedAt !== undefined && run.endedAt === undefined;
      this.sql
        .get(
          "UPDATE routines SET tokens_in = tokens_in + ?, tokens_out = tokens_out + ?, time_ms = time_ms + ?, runs = runs + ? WHERE id = ?",
        )
        .run(
          next.tokensIn - run.tokensIn,
          next.tokensOut - run.tokensOut,
          next.timeMs - run.timeMs,
          ended ? 1 : 0,
          run.routineId,
        );
    })();
  }

  getRun(id: string): RoutineRunRecord | undefined {
    const row = this.sql.get<[string], RunRow>("SELECT * FROM routine_runs WHERE id = ?").get(id);
    return row ? toRun(row) : undefined;
  }

  runs(routineId: string, limit = 20): RoutineRunRecord[] {
    return this.sql
      .get<[string, number], RunRow>(
        "SELECT * FROM routine_runs WHERE routine_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?",
      )
      .all(routineId, limit)
      .map(toRun);
  }

  /** Firings in flight or waiting (a restart resumes or re-queues them). */
  unfinished(): RoutineRunRecord[] {
    return this.sql
      .get<[], RunRow>(
        "SELECT * FROM routine_runs WHERE status IN ('queued', 'running') ORDER BY started_at, rowid",
      )
      .all()
      .map(toRun);
  }

  /** Keeps the newest `keep` firings per routine. */
  prune(routineId: string, keep: number): void {
    this.sql
      .get(
        `DELETE FROM routine_runs WHERE routine_id = ? AND status NOT IN ('queued', 'running') AND id NOT IN
           (SELECT id FROM routine_runs WHERE routine_id = ? ORDER BY started_at DESC, rowid DESC LIMIT ?)`,
      )
      .run(routineId, routineId, keep);
  }
}
