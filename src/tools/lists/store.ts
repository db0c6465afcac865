import type { Clock } from "../../core/clock.js";
import type { SqliteDatabase } from "../../store/database.js";

export interface ListInfo {
  id: number;
  name: string;
  count: number;
  updatedAt: number;
}

export interface ListItem {
  id: number;
  text: string;
}

/** "Shopping list" / "to-do" / "To Do" → "shopping" / "todo": one name per list however it is said. */
export function normalizeListName(name: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' -]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:my|the|our) /, "")
    .replace(/ lists?$/, "")
    .trim();
  return /^(?:to ?-?do|todos|to dos|to-dos)$/.test(base) ? "todo" : base;
}

/** Named lists and their items (migration 3). Statements are prepared on use. */
export class ListStore {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: Clock,
  ) {}

  lists(): ListInfo[] {
    return this.db
      .prepare(
        `SELECT l.id, l.name, l.updated_at AS updatedAt, COUNT(i.id) AS count
         FROM lists l LEFT JOIN list_items i ON i.list_id = l.id
         GROUP BY l.id ORDER BY l.updated_at DESC, l.id DESC`,
      )
      .all() as ListInfo[];
  }

  /** Every list's name, nothing else: read at each turn for the NLU (the person's own names are values). */
  names(): string[] {
    return (this.db.prepare("SELECT name FROM lists").all() as Array<{ name: string }>).map((r) => r.name);
  }

  find(name: string): ListInfo | undefined {
    return this.lists().find((l) => l.name === name);
  }

  /** The list that was used last: what "the list" means when no name is said. */
  mostRecent(): ListInfo | undefined {
    return this.lists()[0];
  }

  items(listId: number): ListItem[] {
    return this.db
      .prepare("SELECT id, text FROM list_items WHERE list_id = ? ORDER BY id")
      .all(listId) as ListItem[];
  }

  /** Adds items (skipping ones already there); creates the list if needed. Returns what was added. */
  add(
    name: string,
    texts: readonly string[],
  ): { list: ListInfo; added: string[]; skipped: string[]; created: boolean } {
    const now = this.clock.now();
    const run = this.db.transaction(() => {
      let list = this.find(name);
      const created = !list;
      if (!list) {
        const id = Number(
          this.db
            .prepare("INSERT INTO lists (name, created_at, updated_at) VALUES (?, ?, ?)")
            .run(name, now, now).lastInsertRowid,
        );
        list = { id, name, count: 0, updatedAt: now };
      }
      const existing = new Set(this.items(list.id).map((i) => i.text.toLowerCase()));
      const added: string[] = [];
      const skipped: string[] = [];
      const insert = this.db.prepare("INSERT INTO list_items (list_id, text, created_at) VALUES (?, ?, ?)");
      for (const text of texts) {
        if (existing.has(text.toLowerCase())) {
          skipped.push(text);
          continue;
        }
        insert.run(list.id, text, now);
        existing.add(text.toLowerCase());
        added.push(text);
      }
      this.touch(list.id, now);
      return { list: { ...list, count: list.count + added.length }, added, skipped, created };
    });
    return run.immediate();
  }

  remove(listId: number, itemId: number): void {
    this.db.prepare("DELETE FROM list_items WHERE id = ? AND list_id = ?").run(itemId, listId);
    this.touch(listId, this.clock.now());
  }

  clear(listId: number): number {
    const changes = this.db.prepare("DELETE FROM list_items WHERE list_id = ?").run(listId).changes;
    this.touch(listId, this.clock.now());
    return changes;
  }

  private touch(listId: number, now: number): void {
    this.db.prepare("UPDATE lists SET updated_at = ? WHERE id = ?").run(now, listId);
  }
}
