import type { SqliteDatabase } from "../store/database.js";
import { Statements } from "../store/statements.js";

export type AlertKind = "timer" | "alarm" | "reminder" | "routine" | "confirm";
export type AlertStatus = "ringing" | "missed" | "snoozed" | "dismissed";

/** One delivery of something due: rung (or reported missed) once, then snoozed or dismissed. */
export interface Alert {
  id: string;
  kind: AlertKind;
  /** What it is an occurrence of (`timer:<id>`, `reminder:<uid>@<due>`); unique. */
  sourceKey: string;
  title: string;
  message: string;
  dueAt: number;
  firedAt: number;
  /** How late it was delivered (a missed one: how long after it came due). */
  lateMs: number;
  status: AlertStatus;
  snoozedUntil?: number | undefined;
}

interface Row {
  id: string;
  kind: AlertKind;
  source_key: string;
  title: string;
  message: string;
  due_at: number;
  fired_at: number;
  late_ms: number;
  status: AlertStatus;
  snoozed_until: number | null;
}

const toAlert = (row: Row): Alert => ({
  id: row.id,
  kind: row.kind,
  sourceKey: row.source_key,
  title: row.title,
  message: row.message,
  dueAt: row.due_at,
  firedAt: row.fired_at,
  lateMs: row.late_ms,
  status: row.status,
  snoozedUntil: row.snoozed_until ?? undefined,
});

/** Alerts in SQLite (migration 6). The unique source key makes "rings once" hold across processes. */
export class AlertStore {
  private readonly sql: Statements;

  constructor(db: SqliteDatabase) {
    this.sql = new Statements(db);
  }

  /** False when this occurrence was delivered already (by this or another process). */
  insert(alert: Alert, now: number): boolean {
    return (
      this.sql
        .get(
          `INSERT OR IGNORE INTO alerts (id, kind, source_key, title, message, due_at, fired_at, late_ms, status, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          alert.id,
          alert.kind,
          alert.sourceKey,
          alert.title,
          alert.message,
          alert.dueAt,
          alert.firedAt,
          alert.lateMs,
          alert.status,
          now,
        ).changes === 1
    );
  }

  get(id: string): Alert | undefined {
    const row = this.sql.get<[string], Row>("SELECT * FROM alerts WHERE id = ?").get(id);
    return row ? toAlert(row) : undefined;
  }

  /** Ringing and missed alerts nobody has dealt with yet, oldest first. */
  open(): Alert[] {
    return this.sql
      .get<[], Row>("SELECT * FROM alerts WHERE status IN ('ringing', 'missed') ORDER BY fired_at, id")
      .all()
      .map(toAlert);
  }

  recent(limit: number): Alert[] {
    return this.sql
      .get<[number], Row>("SELECT * FROM alerts ORDER BY fired_at DESC, id DESC LIMIT ?")
      .all(limit)
      .map(toAlert);
  }

  /** A guarded change: only from an open (or, to re-ring, snoozed) state, so two surfaces cannot both win. */
  update(id: string, from: AlertStatus[], to: AlertStatus, now: number, snoozedUntil?: number): boolean {
    const marks = from.map(() => "?").join(", ");
    return (
      this.sql
        .get(
          `UPDATE alerts SET status = ?, snoozed_until = ?, updated_at = ?,
             fired_at = CASE WHEN ? = 'ringing' THEN ? ELSE fired_at END
           WHERE id = ? AND status IN (${marks})`,
        )
        .run(to, snoozedUntil ?? null, now, to, now, id, ...from).changes === 1
    );
  }

  nextSnoozed(): number | undefined {
    const row = this.sql
      .get<[], { at: number | null }>("SELECT MIN(snoozed_until) AS at FROM alerts WHERE status = 'snoozed'")
      .get();
    return row?.at ?? undefined;
  }

  snoozedDue(now: number): Alert[] {
    return this.sql
      .get<[number], Row>(
        "SELECT * FROM alerts WHERE status = 'snoozed' AND snoozed_until <= ? ORDER BY snoozed_until, id",
      )
      .all(now)
      .map(toAlert);
  }
}
