import type { Migration } from "./types.js";

/**
 * The always-on service's state. `alerts`: every delivery of something due (a timer, an alarm,
 * a reminder, a routine's message), one row per occurrence, so ringing, snoozing, dismissing and
 * "missed while Jarvis was down" are durable and each occurrence rings once (`source_key` is
 * unique). `routines`: durable triggers with their conditions, actions and grants;
 * `routine_runs`: every firing, including the silent ones (a false condition, a skipped catch-up),
 * with the tokens and time each one cost.
 */
export const tasks: Migration = {
  version: 6,
  name: "tasks",
  up(db) {
    db.exec(`
      CREATE TABLE alerts (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('timer', 'alarm', 'reminder', 'routine', 'confirm')),
        source_key TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        message TEXT NOT NULL,
        due_at INTEGER NOT NULL,
        fired_at INTEGER NOT NULL,
        late_ms INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL CHECK (status IN ('ringing', 'missed', 'snoozed', 'dismissed')),
        snoozed_until INTEGER,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX alerts_status ON alerts(status, snoozed_until);

      CREATE TABLE routines (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        spec TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
        hook_token TEXT,
        next_due_at INTEGER,
        last_fired_at INTEGER,
        observer_state TEXT,
        runs INTEGER NOT NULL DEFAULT 0,
        tokens_in INTEGER NOT NULL DEFAULT 0,
        tokens_out INTEGER NOT NULL DEFAULT 0,
        time_ms INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX routines_due ON routines(status, next_due_at);

      CREATE TABLE routine_runs (
        id TEXT PRIMARY KEY,
        routine_id TEXT NOT NULL REFERENCES routines(id) ON DELETE CASCADE,
        run_id TEXT,
        trigger TEXT NOT NULL,
        scheduled_for INTEGER NOT NULL,
        depth INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled', 'skipped', 'missed', 'stopped')),
        note TEXT,
        tokens_in INTEGER NOT NULL DEFAULT 0,
        tokens_out INTEGER NOT NULL DEFAULT 0,
        time_ms INTEGER NOT NULL DEFAULT 0,
        started_at INTEGER NOT NULL,
        ended_at INTEGER
      );
      CREATE INDEX routine_runs_routine ON routine_runs(routine_id, started_at);
      CREATE INDEX routine_runs_status ON routine_runs(status);
    `);
  },
};
