import type { Migration } from "./types.js";

/**
 * The agent's durable state: sessions (with their handle map and "always" grants), the
 * conversation, runs, and every run step written before and after it runs so a crashed run
 * can resume without repeating a side effect.
 */
export const agent: Migration = {
  version: 2,
  name: "agent",
  up(db) {
    db.exec(`
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        source TEXT NOT NULL,
        title TEXT,
        handles TEXT NOT NULL DEFAULT '[]',
        grants TEXT NOT NULL DEFAULT '[]',
        last_call TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        run_id TEXT,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        text TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX messages_session ON messages(session_id, id);

      CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        input TEXT NOT NULL,
        source TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'failed', 'cancelled')),
        size TEXT NOT NULL,
        mode TEXT,
        model TEXT,
        pid INTEGER,
        taint TEXT NOT NULL DEFAULT '{"tainted":false,"sources":[]}',
        rounds INTEGER NOT NULL DEFAULT 0,
        last_seq INTEGER NOT NULL DEFAULT 0,
        result TEXT,
        error_code TEXT,
        error_message TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        finished_at INTEGER
      );
      CREATE INDEX runs_status ON runs(status, created_at);
      CREATE INDEX runs_session ON runs(session_id, created_at);

      CREATE TABLE run_steps (
        run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        round INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('model', 'tool')),
        status TEXT NOT NULL,
        call_id TEXT,
        tool TEXT,
        args TEXT,
        side_effect INTEGER NOT NULL DEFAULT 0,
        result TEXT,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        PRIMARY KEY (run_id, seq)
      );
    `);
  },
};
