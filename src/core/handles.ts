import type { HandleEntry, HandleKind, HandleStore } from "./tool.js";

const HANDLE_PATTERN = /^#([a-z])(\d{1,6})$/;

export function isHandle(value: string): boolean {
  return HANDLE_PATTERN.test(value);
}

/** In-memory handle store; `toJSON`/`fromJSON` let the agent loop persist it per session. */
export class MemoryHandleStore implements HandleStore {
  private readonly entries = new Map<string, HandleEntry>();
  private readonly counters = new Map<HandleKind, number>();
  private readonly byValue = new Map<string, HandleEntry>();

  mint(
    kind: HandleKind,
    value: string,
    meta: { label?: string; tool: string; trust: "trusted" | "untrusted" },
  ): string {
    const existing = this.byValue.get(`${kind}:${value}`);
    if (existing) {
      // Seen again from a trusted source (contacts after a mail body): it is vouched for now.
      if (meta.trust === "trusted" && existing.trust === "untrusted") {
        existing.trust = "trusted";
        existing.tool = meta.tool;
      }
      return existing.handle;
    }
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    const entry: HandleEntry = {
      handle: `#${kind}${n}`,
      kind,
      value,
      label: meta.label,
      trust: meta.trust,
      tool: meta.tool,
    };
    this.entries.set(entry.handle, entry);
    this.byValue.set(`${kind}:${value}`, entry);
    return entry.handle;
  }

  resolve(handle: string): HandleEntry | undefined {
    return this.entries.get(handle);
  }

  hasValue(value: string, includeUntrusted = false): boolean {
    for (const entry of this.entries.values()) {
      if (entry.value === value && (includeUntrusted || entry.trust === "trusted")) return true;
    }
    return false;
  }

  list(kind?: HandleKind): HandleEntry[] {
    const all = [...this.entries.values()];
    return kind ? all.filter((e) => e.kind === kind) : all;
  }

  toJSON(): HandleEntry[] {
    return this.list();
  }

  static fromJSON(entries: HandleEntry[]): MemoryHandleStore {
    const store = new MemoryHandleStore();
    for (const entry of entries) {
      if (!HANDLE_PATTERN.test(entry.handle)) continue;
      store.entries.set(entry.handle, entry);
      store.byValue.set(`${entry.kind}:${entry.value}`, entry);
      const n = Number(entry.handle.slice(2));
      if (n > (store.counters.get(entry.kind) ?? 0)) store.counters.set(entry.kind, n);
    }
    return store;
  }
}
