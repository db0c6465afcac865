import type { SqliteDatabase } from "../../store/database.js";
import { Statements } from "../../store/statements.js";

export type TimerKind = "timer" | "alarm";

export interface TimerRecord {
  id: string;
  kind: TimerKind;
  label: string | null;
  dueAt: number;
  durationS: number | null;
  status: "pending" | "fired" | "cancelled";
  createdAt: number;
}

interface Row {
  id: string;
  kind: TimerKind;
  label: string | null;
  due_at: number;
  duration_s: number | null;
  status: TimerRecord["status"];
  created_at: number;
}

const toRecord = (row: Row): TimerRecord => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  dueAt: row.due_at,
  durationS: row.duration_s,
  status: row.status,
  createdAt: row.created_at,
});

/** Timers and alarms in SQLite (migration 3). Statements are prepared on first use. */
export class TimerStore {
  private readonly sql: Statements;

  constructor(private readonly db: SqliteDatabase) {
    this.sql = new Statements(db);
  }

  insert(record: Omit<TimerRecord, "status">): void {
    this.sql
      .get(
        "INSERT INTO timers (id, kind, label, due_at, duration_s, status, created_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)",
      )
      .run(record.id, record.kind, record.label, record.dueAt, record.durationS, record.createdAt);
  }

  pending(kind?: TimerKind): TimerRecord[] {
    const rows = kind
      ? this.db
          .prepare("SELECT * FROM timers WHERE status = 'pending' AND kind = ? ORDER BY due_at, id")
          .all(kind)
      : this.sql.get("SELECT * FROM timers WHERE status = 'pending' ORDER BY due_at, id").all();
    return (rows as Row[]).map(toRecord);
  }

  get(id: string): TimerRecord | undefined {
    const row = this.sql.get("SELECT * FROM timers WHERE id = ?").get(id) as Row | undefined;
    return row ? toRecord(row) : undefined;
  }

  nextDue(): number | undefined {
    const row = this.sql.get("SELECT MIN(due_at) AS due FROM timers WHERE status = 'pending'").get() as {
      due: number | null;
    };
    return row.due ?? undefined;
  }

  /** Due and still pending, oldest first. */
  due(now: number): TimerRecord[] {
    const rows = this.sql
      .get("SELECT * FROM timers WHERE status = 'pending' AND due_at <= ? ORDER BY due_at, id")
      .all(now) as Row[];
    return rows.map(toRecord);
  }

  /** The guard that makes firing exactly-once across processes: only one UPDATE wins. */
  markFired(id: string, at: number): boolean {
    return (
      this.sql
        .get("UPDATE timers SET status = 'fired', fired_at = ? WHERE id = ? AND status = 'pending'")
        .run(at, id).changes === 1
    );
  }

  cancel(ids: readonly string[]): number {
    const statement = this.sql.get(
      "UPDATE timers SET status = 'cancelled' WHERE id = ? AND status = 'pending'",
    );
    const run = this.db.transaction((list: readonly string[]) =>
      list.reduce((n, id) => n + statement.run(id).changes, 0),
    );
    return run(ids);
  }
}
