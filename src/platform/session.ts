import { JarvisError } from "../core/errors.js";
import type { RefTable } from "./tree.js";
import type { Platform, WindowInfo } from "./types.js";

/** Where the session keeps its state: the store's key/value table in Jarvis, a Map in tests. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** The window Jarvis is working in (seed 001's context lock). */
export interface TargetLock {
  windowId: string;
  title: string;
  app: string;
  pid?: number | undefined;
  /** Which tool chose it. */
  setBy: string;
  at: number;
}

const LOCK_KEY = "desktop.target";
const REFS_KEY = "desktop.refs";

/**
 * Desktop state that outlives one call: the locked target window and the refs handed out for
 * it. Kept in the store so every tool group (and a later `jarvis tools call`) sees the same.
 */
export class DesktopSession {
  constructor(
    private readonly store: StateStore,
    private readonly now: () => number,
  ) {}

  lock(): TargetLock | undefined {
    return this.store.get<TargetLock>(LOCK_KEY);
  }

  setLock(window: WindowInfo, setBy: string): TargetLock {
    const lock: TargetLock = {
      windowId: window.id,
      title: window.title,
      app: window.app,
      pid: window.pid,
      setBy,
      at: this.now(),
    };
    this.store.set(LOCK_KEY, lock);
    return lock;
  }

  clearLock(): void {
    this.store.delete(LOCK_KEY);
    this.store.delete(REFS_KEY);
  }

  refs(): RefTable | undefined {
    return this.store.get<RefTable>(REFS_KEY);
  }

  setRefs(table: RefTable): void {
    this.store.set(REFS_KEY, table);
  }
}

export function describeWindow(window: {
  windowId?: string;
  id?: string;
  title: string;
  app: string;
}): string {
  return `${window.id ?? window.windowId} ${JSON.stringify(window.title)} (${window.app})`;
}

/**
 * Every input action calls this first: the locked window must still be the focused one, or
 * nothing is typed or clicked. Returns the live window (fresh geometry for click checks).
 */
export async function ensureTarget(
  platform: Platform,
  session: DesktopSession,
  signal?: AbortSignal,
): Promise<WindowInfo> {
  const lock = session.lock();
  if (!lock) {
    throw new JarvisError("FOCUS_LOST", "no target window chosen yet", {
      fix: "call windows_focus, apps_focus or ui_state first so Jarvis knows which window to act in",
    });
  }
  const active = await platform.windows.active(signal);
  if (!active || active.id !== lock.windowId) {
    const now = active ? describeWindow(active) : "no window";
    throw new JarvisError(
      "FOCUS_LOST",
      `target window lost focus: expected ${describeWindow(lock)}, but ${now} is focused`,
      {
        fix: "call windows_focus (or ui_state) to choose the window again",
      },
    );
  }
  return active;
}
