import type { Statement } from "better-sqlite3-multiple-ciphers";
import { processAlive } from "../config/discovery.js";
import type { Clock } from "../core/clock.js";
import type { CallOutcome } from "../gate/gate.js";
import type { TaintState } from "../gate/types.js";
import type { SqliteDatabase } from "../store/database.js";
import type {
  RunDetail,
  RunMode,
  RunState,
  RunStatus,
  RunSummary,
  StepKind,
  StepRecord,
  StepStatus,
  TaskSize,
  TokenCount,
} from "./types.js";

interface RunRow {
  id: string;
  session_id: string;
  input: string;
  source: string;
  status: RunStatus;
  size: TaskSize;
  mode: RunMode | null;
  model: string | null;
  pid: number | null;
  taint: string;
  rounds: number;
  last_seq: number;
  result: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  step_count?: number;
  denied_count?: number;
  tokens_in?: number | null;
  tokens_out?: number | null;
}

interface StepRow {
  seq: number;
  round: number;
  kind: StepKind;
  status: StepStatus;
  call_id: string | null;
  tool: string | null;
  args: string | null;
  side_effect: number;
  result: string | null;
  started_at: number;
  ended_at: number | null;
}

export interface StoredRun extends RunSummary {
  taint: TaintState;
  lastSeq: number;
}

/** Per run: its steps, and how many of them a denial ended (a finished run with one shows `denied`). */
const COUNTS = `(SELECT COUNT(*) FROM run_steps WHERE run_id = runs.id) AS step_count,
  (SELECT COUNT(*) FROM run_steps WHERE run_id = runs.id AND status = 'denied') AS denied_count`;

/**
 * Durable runs: each step is written before it starts and updated after it ends, each write
 * its own transaction (WAL), so a killed process leaves an exact record of what was in flight.
 */
export class RunStore {
  private readonly insertStep;
  private readonly updateStepStatement;
  /** Prepared once per distinct SQL text: preparing is the costly part of a small write. */
  private readonly statements = new Map<string, Statement<unknown[], unknown>>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: Clock,
    /** Is the process that owns a `running` run still alive? */
    private readonly isAlive: (pid: number) => boolean = processAlive,
  ) {
    this.insertStep = db.prepare(
      `INSERT INTO run_steps (run_id, seq, round, kind, status, call_id, tool, args, side_effect, started_at)
       VALUES (@runId, @seq, @round, @kind, @status, @callId, @tool, @args, @sideEffect, @startedAt)`,
    );
    this.updateStepStatement = db.prepare(
      "UPDATE run_steps SET status = @status, result = COALESCE(@result, result), ended_at = @endedAt WHERE run_id = @runId AND seq = @seq",
    );
  }

  create(run: {
    id: string;
    sessionId: string;
    input: string;
    source: string;
    size: TaskSize;
    pid: number;
  }): void {
    const now = this.clock.now();
    this.statement(
      `INSERT INTO runs (id, session_id, input, source, status, size, pid, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'running', ?, ?, ?, ?)`,
    ).run(run.id, run.sessionId, run.input, run.source, run.size, run.pid, now, now);
  }

  update(
    id: string,
    fields: Partial<{
      size: TaskSize;
      mode: RunMode;
      model: string;
      pid: number;
      rounds: number;
      lastSeq: number;
      taint: object;
    }>,
  ): void {
    const columns: string[] = [];
    const values: Record<string, unknown> = { id, now: this.clock.now() };
    const map: Record<string, string> = {
      size: "size",
      mode: "mode",
      model: "model",
      pid: "pid",
      rounds: "rounds",
      lastSeq: "last_seq",
      taint: "taint",
    };
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const column = map[key]!;
      columns.push(`${column} = @${key}`);
      values[key] = key === "taint" ? JSON.stringify(value) : value;
    }
    this.statement(`UPDATE runs SET ${[...columns, "updated_at = @now"].join(", ")} WHERE id = @id`).run(
      values,
    );
  }

  /** Takes over an interrupted run; false when another process claimed it first. */
  claim(id: string, fromPid: number | undefined, toPid: number): boolean {
    const info = this.db
      .prepare("UPDATE runs SET pid = ?, updated_at = ? WHERE id = ? AND status = 'running' AND pid IS ?")
      .run(toPid, this.clock.now(), id, fromPid ?? null);
    return info.changes === 1;
  }

  finish(
    id: string,
    status: Exclude<RunStatus, "running">,
    outcome: { result?: string; error?: { code: string; message: string }; lastSeq: number },
  ): void {
    const now = this.clock.now();
    this.statement(
      `UPDATE runs SET status = ?, result = ?, error_code = ?, error_message = ?, last_seq = ?, updated_at = ?, finished_at = ?
         WHERE id = ?`,
    ).run(
      status,
      outcome.result ?? null,
      outcome.error?.code ?? null,
      outcome.error?.message ?? null,
      outcome.lastSeq,
      now,
      now,
      id,
    );
  }

  startStep(
    runId: string,
    step: {
      seq: number;
      round: number;
      kind: StepKind;
      status: StepStatus;
      callId?: string;
      tool?: string;
      args?: unknown;
      sideEffect?: boolean;
    },
  ): void {
    this.insertStep.run({
      runId,
      seq: step.seq,
      round: step.round,
      kind: step.kind,
      status: step.status,
      callId: step.callId ?? null,
      tool: step.tool ?? null,
      args: step.args === undefined ? null : safeJson(step.args),
      sideEffect: step.sideEffect ? 1 : 0,
      startedAt: this.clock.now(),
    });
  }

  updateStep(runId: string, seq: number, status: StepStatus, result?: unknown, ended = true): void {
    this.updateStepStatement.run({
      runId,
      seq,
      status,
      result: result === undefined ? null : safeJson(result),
      endedAt: ended ? this.clock.now() : null,
    });
  }

  get(id: string): StoredRun | undefined {
    const row = this.db
      .prepare<[string], RunRow>(`SELECT runs.*, ${COUNTS}, ${TOKENS} FROM runs WHERE id = ?`)
      .get(id);
    return row ? this.fromRow(row) : undefined;
  }

  detail(id: string): RunDetail | undefined {
    const run = this.get(id);
    if (!run) return undefined;
    const { taint: _taint, lastSeq: _lastSeq, ...summary } = run;
    return { ...summary, steps: this.steps(id), session: this.sessionTokens(run.sessionId) };
  }

  steps(runId: string): StepRecord[] {
    return this.db
      .prepare<[string], StepRow>("SELECT * FROM run_steps WHERE run_id = ? ORDER BY seq")
      .all(runId)
      .map((row) => ({
        seq: row.seq,
        round: row.round,
        kind: row.kind,
        status: row.status,
        callId: row.call_id ?? undefined,
        tool: row.tool ?? undefined,
        args: row.args === null ? undefined : parseJson(row.args),
        sideEffect: row.side_effect === 1,
        result: row.result === null ? undefined : parseJson(row.result),
        startedAt: row.started_at,
        endedAt: row.ended_at ?? undefined,
      }));
  }

  list(options: { limit?: number; status?: RunSummary["status"]; sessionId?: string } = {}): RunSummary[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (options.sessionId) {
      where.push("session_id = ?");
      params.push(options.sessionId);
    }
    if (options.status) {
      where.push("status = ?");
      params.push(STORED_STATUS[options.status]);
    }
    const limit = Math.max(1, Math.min(options.limit ?? 50, 10_000));
    const rows = this.db
      .prepare<unknown[], RunRow>(
        `SELECT runs.*, ${COUNTS}, ${TOKENS} FROM runs
         ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC, rowid DESC LIMIT ${limit}`,
      )
      .all(...params);
    return rows
      .map((row) => this.fromRow(row))
      .filter((run) => !options.status || run.status === options.status)
      .map(({ taint: _taint, lastSeq: _lastSeq, ...summary }) => summary);
  }

  /**
   * The tools that ran in a session (done), oldest first by their last use: retrieval offers
   * them again, since a conversation tends to stay with what it was doing.
   */
  sessionTools(sessionId: string, limit = 12): string[] {
    return this.statement(
      `SELECT s.tool AS tool, MAX(s.seq + r.created_at * 1000) AS at FROM run_steps s JOIN runs r ON r.id = s.run_id
         WHERE r.session_id = ? AND s.kind = 'tool' AND s.status = 'done' AND s.tool IS NOT NULL
         GROUP BY s.tool ORDER BY at DESC LIMIT ?`,
    )
      .all(sessionId, limit)
      .map((row) => (row as { tool: string }).tool)
      .reverse();
  }

  /** Tokens the models reported for a whole session, and how many runs it had. */
  sessionTokens(sessionId: string): { runs: number; tokens: TokenCount } {
    const row = this.statement(
      `SELECT COUNT(DISTINCT r.id) AS runs,
         COALESCE(SUM(json_extract(s.result, '$.usage.input')), 0) AS tokens_in,
         COALESCE(SUM(json_extract(s.result, '$.usage.output')), 0) AS tokens_out
       FROM runs r LEFT JOIN run_steps s ON s.run_id = r.id AND s.kind = 'model'
       WHERE r.session_id = ?`,
    ).get(sessionId) as { runs: number; tokens_in: number; tokens_out: number };
    return { runs: row.runs, tokens: { input: row.tokens_in, output: row.tokens_out } };
  }

  /** Several writes as one transaction (one WAL commit). */
  batch(fn: () => void): void {
    this.db.transaction(fn)();
  }

  private statement(sql: string): Statement<unknown[], unknown> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private fromRow(row: RunRow): StoredRun {
    const interrupted = row.status === "running" && (row.pid === null || !this.isAlive(row.pid));
    const denied = row.status === "finished" && (row.denied_count ?? 0) > 0;
    return {
      id: row.id,
      sessionId: row.session_id,
      input: row.input,
      source: row.source,
      status: interrupted ? "interrupted" : denied ? "denied" : row.status,
      size: row.size,
      mode: row.mode ?? undefined,
      model: row.model ?? undefined,
      pid: row.pid ?? undefined,
      rounds: row.rounds,
      stepCount: row.step_count ?? 0,
      result: row.result ?? undefined,
      error: row.error_code ? { code: row.error_code, message: row.error_message ?? "" } : undefined,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      finishedAt: row.finished_at ?? undefined,
      ...(row.tokens_in || row.tokens_out
        ? { tokens: { input: row.tokens_in ?? 0, output: row.tokens_out ?? 0 } }
        : {}),
      taint: parseJson(row.taint) as StoredRun["taint"],
      lastSeq: row.last_seq,
    };
  }
}

/** Per-run columns every read adds: the tokens its model steps reported. */
const TOKENS =
  "(SELECT SUM(json_extract(result, '$.usage.input')) FROM run_steps WHERE run_id = runs.id AND kind = 'model') AS tokens_in, " +
  "(SELECT SUM(json_extract(result, '$.usage.output')) FROM run_steps WHERE run_id = runs.id AND kind = 'model') AS tokens_out";

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return '"[unserializable]"';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The stored status behind each state a list shows (`interrupted` and `denied` are derived). */
const STORED_STATUS: Record<RunState, RunStatus> = {
  running: "running",
  interrupted: "running",
  finished: "finished",
  denied: "finished",
  failed: "failed",
  cancelled: "cancelled",
};

/** A gate outcome as the status of the run step that made the call. */
export const STEP_STATUS: Record<CallOutcome["status"], StepStatus> = {
  ok: "done",
  failed: "failed",
  refused: "refused",
  denied: "denied",
  cancelled: "cancelled",
  timeout: "timeout",
};
