import { lstat, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Clock } from "../../core/clock.js";
import { JarvisError } from "../../core/errors.js";
import { type EntryType, statOrUndefined, typeOf } from "./common.js";
import { relocate } from "./relocate.js";

/**
 * Jarvis's own trash: `JARVIS_HOME/trash/<timestamp>-<name>` plus a sidecar
 * `<timestamp>-<name>.trashinfo.json` recording where it came from.
 *
 * Why not the freedesktop trash (`~/.local/share/Trash`)? It exists only on Linux desktops,
 * needs per-volume `.Trash-$uid` directories for other filesystems, and its restore is a file
 * manager's job; Jarvis's trash works the same on every platform, sits in one place Jarvis's
 * own tools cannot write to (JARVIS_HOME is a protected root), and `files_restore` can undo it.
 * Nothing is ever unlinked: an item leaves the trash only by being restored (or by the user).
 */
export interface TrashItem {
  /** `<timestamp>-<name>`: the item's name inside the trash, also what `files_restore` takes. */
  id: string;
  name: string;
  originalPath: string;
  trashedAt: string;
  type: EntryType;
  size: number;
  /** Where the item is now. */
  trashPath: string;
}

const SIDECAR = ".trashinfo.json";

export class FileTrash {
  constructor(
    readonly dir: string,
    private readonly clock: Clock,
  ) {}

  /** Moves `path` into the trash. The sidecar is written first so an interrupted move is traceable. */
  async put(path: string, signal: AbortSignal): Promise<TrashItem> {
    const info = await statOrUndefined(path, false);
    if (!info) throw new JarvisError("NOT_FOUND", `${path} does not exist`);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const now = this.clock.now();
    const name = basename(path);
    const id = await this.freeId(`${stamp(now)}-${name}`);
    const item: TrashItem = {
      id,
      name,
      originalPath: path,
      trashedAt: new Date(now).toISOString(),
      type: typeOf(info),
      size: info.size,
      trashPath: join(this.dir, id),
    };
    const sidecar = join(this.dir, `${id}${SIDECAR}`);
    const { trashPath: _where, ...record } = item;
    await writeFile(sidecar, `${JSON.stringify({ version: 1, ...record }, null, 2)}\n`, {
      flag: "wx",
      mode: 0o600,
    });
    try {
      await relocate(path, item.trashPath, { signal });
    } catch (error) {
      await rm(sidecar, { force: true });
      throw error;
    }
    return item;
  }

  /** Newest first; sidecars without their item (an interrupted move) are ignored. */
  async list(): Promise<TrashItem[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const items: TrashItem[] = [];
    for (const name of names) {
      if (!name.endsWith(SIDECAR)) continue;
      const item = await this.read(name.slice(0, -SIDECAR.length));
      if (item) items.push(item);
    }
    return items.sort((a, b) => b.trashedAt.localeCompare(a.trashedAt) || b.id.localeCompare(a.id));
  }

  async get(id: string): Promise<TrashItem | undefined> {
    if (id.includes("/") || id.includes("\\") || id === "." || id === "..") return undefined;
    return this.read(id);
  }

  /** Moves an item back to `to` (default: where it came from); refuses to replace anything. */
  async restore(item: TrashItem, to: string, signal: AbortSignal): Promise<void> {
    if (await statOrUndefined(to, false)) {
      throw new JarvisError("TOOL_FAILED", `${to} already exists; move it away first, nothing was restored`);
    }
    await mkdir(dirname(to), { recursive: true });
    await relocate(item.trashPath, to, { signal });
    await rm(join(this.dir, `${item.id}${SIDECAR}`), { force: true });
  }

  private async read(id: string): Promise<TrashItem | undefined> {
    try {
      const record = JSON.parse(await readFile(join(this.dir, `${id}${SIDECAR}`), "utf8")) as TrashItem;
      const trashPath = join(this.dir, id);
      await lstat(trashPath);
      return {
        id,
        name: String(record.name),
        originalPath: String(record.originalPath),
        trashedAt: String(record.trashedAt),
        type: record.type,
        size: Number(record.size),
        trashPath,
      };
    } catch {
      return undefined;
    }
  }

  private async freeId(base: string): Promise<string> {
    for (let n = 1; ; n += 1) {
      const id = n === 1 ? base : `${base}-${n}`;
      const taken = await Promise.all([
        statOrUndefined(join(this.dir, id), false),
        statOrUndefined(join(this.dir, `${id}${SIDECAR}`), false),
      ]);
      if (!taken[0] && !taken[1]) return id;
    }
  }
}

/** `2025-03-04T17-02-09-123Z`: sortable, and legal in file names on every platform. */
function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, "-");
}
