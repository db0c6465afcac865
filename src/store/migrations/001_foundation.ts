import type { Migration } from "./types.js";

export const foundation: Migration = {
  version: 1,
  name: "foundation",
  up(db) {
    db.exec(`
      CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY,
        ts INTEGER NOT NULL,
        correlation_id TEXT NOT NULL,
        run_id TEXT NOT NULL,
        call_id TEXT NOT NULL,
        tool TEXT NOT NULL,
        stage TEXT NOT NULL,
        args TEXT NOT NULL,
        tier TEXT,
        decision TEXT,
        reason TEXT NOT NULL,
        outcome TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE INDEX audit_log_run ON audit_log(run_id);
      CREATE INDEX audit_log_tool ON audit_log(tool);
      -- append-only: the log can grow, never change
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

      CREATE TABLE kv (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `);
  },
};
