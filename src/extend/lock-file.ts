import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * A pin file (`skills.lock.json`, `tools.lock.json`): a JSON list of what the person approved,
 * keyed for lookups, written atomically and readable only by the user. A missing or damaged file
 * reads as empty: everything it pinned is then unapproved, never trusted.
 */
export class LockFile<T> {
  constructor(
    private readonly path: string,
    private readonly list: string,
    private readonly key: (entry: T) => string,
  ) {}

  read(): Map<string, T> {
    try {
      const parsed = JSON.parse(readFileSync(this.path, "utf8")) as Record<string, T[] | undefined>;
      return new Map((parsed[this.list] ?? []).map((entry) => [this.key(entry), entry]));
    } catch {
      return new Map();
    }
  }

  write(entries: Map<string, T>): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temp = `${this.path}.tmp-${process.pid}`;
    writeFileSync(temp, `${JSON.stringify({ version: 1, [this.list]: [...entries.values()] }, null, 2)}\n`, {
      mode: 0o600,
    });
    renameSync(temp, this.path);
  }
}
