import { createHash, createHmac } from "node:crypto";
import type { Clock } from "../core/clock.js";
import { JarvisError } from "../core/errors.js";
import type { Decision, RiskTier } from "../core/tool.js";
import type { SqliteDatabase } from "../store/database.js";
import { redact } from "./redact.js";

export type AuditStage = "registry" | "validate" | "provenance" | "decision" | "confirmation" | "result";

export interface AuditInput {
  correlationId: string;
  runId: string;
  callId: string;
  tool: string;
  stage: AuditStage;
  args: unknown;
  tier?: RiskTier | undefined;
  decision?: Decision | undefined;
  reason: string;
  outcome: string;
}

export interface AuditEntry {
  seq: number;
  ts: number;
  correlationId: string;
  runId: string;
  callId: string;
  tool: string;
  stage: AuditStage;
  args: string;
  tier: RiskTier | null;
  decision: Decision | null;
  reason: string;
  outcome: string;
  prevHash: string;
  hash: string;
}

export const GENESIS_HASH = "0".repeat(64);

/**
 * The chain's MAC key, held outside the database (keychain, or a 0600 file when none exists):
 * with write access to jarvis.db alone, a rewritten history no longer verifies. Entries from
 * `since` on are HMAC-SHA256; older ones (written before the key existed) stay plain SHA-256.
 */
export interface AuditKey {
  secret: Buffer;
  since: number;
}

/**
 * Hash of one entry: every field but `hash`, in a fixed order, chained to the previous hash;
 * keyed (HMAC) from the key's `since` on.
 */
export function hashEntry(entry: Omit<AuditEntry, "hash">, key?: AuditKey): string {
  const canonical = JSON.stringify([
    entry.seq,
    entry.ts,
    entry.correlationId,
    entry.runId,
    entry.callId,
    entry.tool,
    entry.stage,
    entry.args,
    entry.tier,
    entry.decision,
    entry.reason,
    entry.outcome,
    entry.prevHash,
  ]);
  if (key && entry.seq >= key.since) return createHmac("sha256", key.secret).update(canonical).digest("hex");
  return createHash("sha256").update(canonical).digest("hex");
}

export interface AuditFilter {
  runId?: string;
  tool?: string;
  decision?: Decision;
  limit?: number;
  afterSeq?: number;
}

interface AuditRow {
  seq: number;
  ts: number;
  correlation_id: string;
  run_id: string;
  call_id: string;
  tool: string;
  stage: AuditStage;
  args: string;
  tier: RiskTier | null;
  decision: Decision | null;
  reason: string;
  outcome: string;
  prev_hash: string;
  hash: string;
}

function fromRow(row: AuditRow): AuditEntry {
  return {
    seq: row.seq,
    ts: row.ts,
    correlationId: row.correlation_id,
    runId: row.run_id,
    callId: row.call_id,
    tool: row.tool,
    stage: row.stage,
    args: row.args,
    tier: row.tier,
    decision: row.decision,
    reason: row.reason,
    outcome: row.outcome,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/**
 * Append-only, hash-chained audit log in SQLite. The previous hash is read inside the same
 * IMMEDIATE transaction as the insert, so two processes appending at once keep one chain.
 */
export class AuditLog {
  private readonly lastStatement;
  private readonly insertStatement;
  private readonly appendTransaction;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: Clock,
    /** The MAC key; without one the chain is plain SHA-256 (tamper-evident only against edits by hand). */
    readonly key?: AuditKey,
  ) {
    this.lastStatement = db.prepare<[], { seq: number; hash: string }>(
      "SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1",
    );
    this.insertStatement = db.prepare(
      `INSERT INTO audit_log (seq, ts, correlation_id, run_id, call_id, tool, stage, args, tier, decision, reason, outcome, prev_hash, hash)
       VALUES (@seq, @ts, @correlationId, @runId, @callId, @tool, @stage, @args, @tier, @decision, @reason, @outcome, @prevHash, @hash)`,
    );
    this.appendTransaction = db.transaction((input: AuditInput): AuditEntry => {
      const last = this.lastStatement.get();
      const partial: Omit<AuditEntry, "hash"> = {
        seq: (last?.seq ?? 0) + 1,
        ts: this.clock.now(),
        correlationId: input.correlationId.toWellFormed(),
        runId: input.runId.toWellFormed(),
        callId: input.callId.toWellFormed(),
        // SQLite stores UTF-8: lone surrogates would come back changed and break the hash.
        tool: input.tool.slice(0, 200).toWellFormed(),
        stage: input.stage,
        args: safeJson(redact(input.args)),
        tier: input.tier ?? null,
        decision: input.decision ?? null,
        reason: input.reason.slice(0, 2_000).toWellFormed(),
        outcome: input.outcome.slice(0, 2_000).toWellFormed(),
        prevHash: last?.hash ?? GENESIS_HASH,
      };
      const entry = { ...partial, hash: hashEntry(partial, this.key) };
      this.insertStatement.run(entry);
      return entry;
    });
  }

  append(input: AuditInput): AuditEntry {
    try {
      return this.appendTransaction.immediate(input);
    } catch (cause) {
      throw new JarvisError("STORE_FAILED", `audit append failed: ${(cause as Error).message}`, { cause });
    }
  }

  list(filter: AuditFilter = {}): AuditEntry[] {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (filter.runId) {
      where.push("run_id = @runId");
      params.runId = filter.runId;
    }
    if (filter.tool) {
      where.push("tool = @tool");
      params.tool = filter.tool;
    }
    if (filter.decision) {
      where.push("decision = @decision");
      params.decision = filter.decision;
    }
    if (filter.afterSeq !== undefined) {
      where.push("seq > @afterSeq");
      params.afterSeq = filter.afterSeq;
    }
    const sql = `SELECT * FROM (SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY seq DESC LIMIT ${Math.max(1, Math.min(filter.limit ?? 100, 100_000))}) ORDER BY seq`;
    return (this.db.prepare(sql).all(params) as AuditRow[]).map(fromRow);
  }

  *iterate(): Generator<AuditEntry> {
    for (const row of this.db
      .prepare("SELECT * FROM audit_log ORDER BY seq")
      .iterate() as Iterable<AuditRow>) {
      yield fromRow(row);
    }
  }
}

/** The seq the next entry will get (1 for an empty log). */
export function nextAuditSeq(db: SqliteDatabase): number {
  const row = db.prepare<[], { seq: number | null }>("SELECT MAX(seq) AS seq FROM audit_log").get();
  return (row?.seq ?? 0) + 1;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return '"[unserializable]"';
  }
}

export interface VerifyResult {
  ok: boolean;
  count: number;
  /** The first entry that breaks the chain, and why. */
  firstBad?: { seq: number; index: number; problem: string };
}

/**
 * Recomputes the chain. Any edited field changes the hash; a deleted, inserted or moved entry
 * breaks `seq` continuity or the `prevHash` link; with the key, recomputing the hashes after an
 * edit does not help (the MAC needs the key, which is not in the database).
 */
export function verifyChain(entries: Iterable<AuditEntry>, key?: AuditKey): VerifyResult {
  let previousHash = GENESIS_HASH;
  let expectedSeq = 1;
  let index = 0;
  for (const entry of entries) {
    const { hash, ...rest } = entry;
    let problem: string | undefined;
    if (entry.seq !== expectedSeq)
      problem = `expected seq ${expectedSeq}, found ${entry.seq} (entry removed, inserted or moved)`;
    else if (entry.prevHash !== previousHash) problem = "prevHash does not match the entry before it";
    else if (hashEntry(rest, key) !== hash) problem = mismatch(entry.seq, key);
    if (problem) return { ok: false, count: index, firstBad: { seq: entry.seq, index, problem } };
    previousHash = hash;
    expectedSeq += 1;
    index += 1;
  }
  // The key was made when the log had reached since − 1 entries: fewer now means some were cut.
  if (key && index < key.since - 1) {
    return {
      ok: false,
      count: index,
      firstBad: {
        seq: index + 1,
        index,
        problem: `the log ends at seq ${index}, but it had reached seq ${key.since - 1} when the audit key was made (entries removed)`,
      },
    };
  }
  return { ok: true, count: index };
}

/** Why an entry's hash does not match, in words that say what could have happened. */
export function mismatch(seq: number, key: AuditKey | undefined): string {
  return key && seq >= key.since
    ? "contents do not match its MAC (entry edited or rehashed without the key, or the audit key was replaced)"
    : "contents do not match its hash (entry edited)";
}

/**
 * Compares an export (`jarvis audit export`, kept elsewhere) with the database: every exported
 * entry must still be there, identical. Catches a log cut short at its end, which no chain can
 * show by itself, and a history rewritten consistently with a stolen key.
 */
export function compareWithExport(
  exported: Iterable<AuditEntry>,
  database: Iterable<AuditEntry>,
): { ok: true; count: number } | { ok: false; seq: number; problem: string } {
  const stored = database[Symbol.iterator]();
  try {
    return compareEntries(exported, stored);
  } finally {
    stored.return?.(); // ends the database cursor even when the comparison stops early
  }
}

function compareEntries(
  exported: Iterable<AuditEntry>,
  stored: Iterator<AuditEntry>,
): { ok: true; count: number } | { ok: false; seq: number; problem: string } {
  let count = 0;
  for (const entry of exported) {
    let row = stored.next();
    while (!row.done && row.value.seq < entry.seq) row = stored.next();
    if (row.done || row.value.seq !== entry.seq) {
      return {
        ok: false,
        seq: entry.seq,
        problem: `entry seq ${entry.seq} is in the export but missing from the database (log cut short or rewritten)`,
      };
    }
    if (row.value.hash !== entry.hash || row.value.prevHash !== entry.prevHash) {
      return {
        ok: false,
        seq: entry.seq,
        problem: `entry seq ${entry.seq} differs between the export and the database (history rewritten)`,
      };
    }
    count += 1;
  }
  return { ok: true, count };
}
