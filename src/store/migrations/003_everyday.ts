import type { Migration } from "./types.js";

/**
 * Everyday tools: named lists with their items, and timers/alarms. A timer or alarm row is
 * the source of truth: whichever Jarvis process is running arms it, and firing is one guarded
 * UPDATE so two processes never notify twice.
 */
export const everyday: Migration = {
  version: 3,
  name: "everyday",
  up(db) {
    db.exec(`
      CREATE TABLE lists (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );

      CREATE TABLE list_items (
        id INTEGER PRIMARY KEY,
        list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
        text TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX list_items_list ON list_items(list_id, id);

      CREATE TABLE timers (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('timer', 'alarm')),
        label TEXT,
        due_at INTEGER NOT NULL,
        duration_s INTEGER,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'fired', 'cancelled')),
        created_at INTEGER NOT NULL,
        fired_at INTEGER
      );
      CREATE INDEX timers_pending ON timers(status, due_at);
    `);
  },
};
