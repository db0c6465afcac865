import type { Clock } from "../../core/clock.js";
import type { IdGenerator } from "../../core/ids.js";
import type { SqliteDatabase } from "../../store/database.js";

/**
 * prepared  – persisted with its Message-ID; SMTP not yet given the message (safe to send)
 * sending   – the DATA transfer started; a crash here leaves the outcome unknown
 * sent      – the server accepted it (250); never sent again
 * uncertain – it may have been delivered; never resent automatically
 * failed    – the server refused it outright (safe to try again)
 */
export type OutboxState = "prepared" | "sending" | "sent" | "uncertain" | "failed";

export interface OutboxEnvelope {
  from: string;
  /** Every recipient, Bcc included (SMTP RCPT TO). */
  to: string[];
  /** Kept for the Sent copy; never in the transmitted headers. */
  bcc?: string[];
}

export interface OutboxEntry {
  id: string;
  sendKey: string;
  account: string;
  messageId: string;
  runId: string;
  envelope: OutboxEnvelope;
  raw: Buffer;
  summary: string;
  state: OutboxState;
  sentCopy: boolean;
  attempts: number;
  smtpResponse: string | null;
  error: string | null;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

interface Row {
  id: string;
  send_key: string;
  account: string;
  message_id: string;
  run_id: string;
  envelope: string;
  raw: Buffer;
  summary: string;
  state: OutboxState;
  sent_copy: number;
  attempts: number;
  smtp_response: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}

function fromRow(row: Row): OutboxEntry {
  return {
    id: row.id,
    sendKey: row.send_key,
    account: row.account,
    messageId: row.message_id,
    runId: row.run_id,
    envelope: JSON.parse(row.envelope) as OutboxEnvelope,
    raw: row.raw,
    summary: row.summary,
    state: row.state,
    sentCopy: row.sent_copy === 1,
    attempts: row.attempts,
    smtpResponse: row.smtp_response,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
  };
}

/** The mail_outbox table (migration 5). Every state change is one synchronous write. */
export class Outbox {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  byKey(sendKey: string): OutboxEntry | undefined {
    const row = this.db.prepare<[string], Row>("SELECT * FROM mail_outbox WHERE send_key = ?").get(sendKey);
    return row ? fromRow(row) : undefined;
  }

  byMessageId(messageId: string): OutboxEntry | undefined {
    const row = this.db
      .prepare<[string], Row>("SELECT * FROM mail_outbox WHERE message_id = ?")
      .get(messageId);
    return row ? fromRow(row) : undefined;
  }

  create(entry: {
    sendKey: string;
    account: string;
    messageId: string;
    runId: string;
    envelope: OutboxEnvelope;
    raw: Buffer;
    summary: string;
  }): OutboxEntry {
    const now = this.clock.now();
    const id = this.ids.next("mail");
    this.db
      .prepare(
        `INSERT INTO mail_outbox (id, send_key, account, message_id, run_id, envelope, raw, summary, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'prepared', ?, ?)`,
      )
      .run(
        id,
        entry.sendKey,
        entry.account,
        entry.messageId,
        entry.runId,
        JSON.stringify(entry.envelope),
        entry.raw,
        entry.summary,
        now,
        now,
      );
    return this.byKey(entry.sendKey)!;
  }

  /** Moves to `state` only from one of `from`; false when another attempt got there first. */
  transition(
    id: string,
    from: OutboxState[],
    state: OutboxState,
    fields: { smtpResponse?: string; error?: string } = {},
  ): boolean {
    const now = this.clock.now();
    const placeholders = from.map(() => "?").join(", ");
    const result = this.db
      .prepare(
        `UPDATE mail_outbox SET state = ?, updated_at = ?,
           attempts = attempts + (CASE WHEN ? = 'sending' THEN 1 ELSE 0 END),
           smtp_response = COALESCE(?, smtp_response), error = ?,
           sent_at = CASE WHEN ? = 'sent' THEN ? ELSE sent_at END
         WHERE id = ? AND state IN (${placeholders})`,
      )
      .run(state, now, state, fields.smtpResponse ?? null, fields.error ?? null, state, now, id, ...from);
    return result.changes === 1;
  }

  markCopied(id: string): void {
    this.db
      .prepare("UPDATE mail_outbox SET sent_copy = 1, updated_at = ? WHERE id = ?")
      .run(this.clock.now(), id);
  }

  /** Entries a restart must look at: unfinished sends and sent messages without their Sent copy. */
  unfinished(): OutboxEntry[] {
    return this.db
      .prepare<[], Row>(
        "SELECT * FROM mail_outbox WHERE state IN ('prepared', 'sending') OR (state = 'sent' AND sent_copy = 0) ORDER BY created_at",
      )
      .all()
      .map(fromRow);
  }

  list(limit = 50): OutboxEntry[] {
    return this.db
      .prepare<[number], Row>("SELECT * FROM mail_outbox ORDER BY created_at DESC LIMIT ?")
      .all(limit)
      .map(fromRow);
  }
}
