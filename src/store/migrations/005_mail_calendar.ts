import type { Migration } from "./types.js";

/**
 * Mail outbox: every message is persisted with its fixed Message-ID before SMTP is contacted,
 * so a retry or a resume after a crash can tell "never sent" from "maybe sent" from "sent" and
 * never sends twice. `send_key` identifies one send request within a run.
 */
export const mailCalendar: Migration = {
  version: 5,
  name: "mail_calendar",
  up(db) {
    db.exec(`
      CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY,
        send_key TEXT NOT NULL UNIQUE,
        account TEXT NOT NULL,
        message_id TEXT NOT NULL UNIQUE,
        run_id TEXT NOT NULL,
        envelope TEXT NOT NULL,
        raw BLOB NOT NULL,
        summary TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('prepared', 'sending', 'sent', 'uncertain', 'failed')),
        sent_copy INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        smtp_response TEXT,
        error TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        sent_at INTEGER
      );
      CREATE INDEX mail_outbox_state ON mail_outbox(state);
    `);
  },
};
