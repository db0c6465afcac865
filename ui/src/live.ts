import { api, getToken } from "./api";
import type { Alert, JarvisEvent, PendingConfirmation } from "./types";

export type Connection = "connecting" | "open" | "closed";

export interface RunEntry {
  runId: string;
  sessionId?: string;
  /** Sorted by seq, no duplicates. */
  events: JarvisEvent[];
  seqs: Set<number>;
}

/** Something that happened outside any run (a timer ringing), shown as a toast in every tab. */
export interface Notice {
  id: number;
  level: "info" | "warn";
  message: string;
  ts: number;
}

/** Older toasts are dropped past this many. */
const MAX_NOTICES = 5;

interface Waiter {
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
  timer: number;
}

const TERMINAL = new Set(["run_finished", "run_failed", "run_cancelled"]);

/**
 * Everything live: one WebSocket (reconnecting), the events of every run seen, pending
 * confirmations and the runs in flight. React reads it through `useLive()`; changes are
 * batched so a fast token stream re-renders at most ~60 times a second.
 */
export class LiveStore {
  version = 0;
  connection: Connection = "connecting";
  /** Bumped on every (re)connect: pages refetch what they may have missed. */
  epoch = 0;
  offsetMs = 0;
  readonly runs = new Map<string, RunEntry>();
  readonly pending = new Map<string, PendingConfirmation>();
  readonly active = new Set<string>();
  notices: Notice[] = [];
  /** Alerts ringing or missed (timers, alarms, reminders, routines), shared by every tab and surface. */
  readonly alerts = new Map<string, Alert>();
  /** Called when an alert starts ringing in this tab (a sound). */
  onRing: (alert: Alert) => void = () => {};
  /** What this server offers (from its hello), e.g. `knowledge` when the knowledge base exists. */
  features: Record<string, boolean> = {};
  private nextNotice = 1;
  private readonly listeners = new Set<() => void>();
  private readonly waiting = new Map<string, Waiter>();
  private socket: WebSocket | undefined;
  private nextId = 1;
  private backoffMs = 500;
  private flushTimer: number | undefined;
  private stopped = false;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Server time now, by this browser's clock corrected with the server's. */
  serverNow(): number {
    return Date.now() + this.offsetMs;
  }

  private changed(): void {
    this.version += 1;
    if (this.flushTimer !== undefined) return;
    this.flushTimer = window.setTimeout(() => {
      this.flushTimer = undefined;
      for (const listener of this.listeners) listener();
    }, 16);
  }

  connect(): void {
    if (this.socket || this.stopped) return;
    const token = getToken();
    if (!token) return;
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    // The token travels as a subprotocol, never in the URL (URLs end up in logs).
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws`, ["jarvis", `token.${token}`]);
    this.socket = socket;
    this.connection = "connecting";
    this.changed();
    socket.binaryType = "arraybuffer"; // push-to-talk audio
    socket.onmessage = (message) =>
      typeof message.data === "string"
        ? this.receive(message.data)
        : this.forward(message.data as ArrayBuffer);
    socket.onopen = () => {
      this.backoffMs = 500;
    };
    socket.onclose = () => {
      this.socket = undefined;
      this.connection = "closed";
      for (const [id, waiter] of this.waiting) {
        window.clearTimeout(waiter.timer);
        waiter.reject(new Error("the connection to Jarvis dropped"));
        this.waiting.delete(id);
      }
      this.changed();
      if (this.stopped) return;
      // A refused handshake looks like any other close; ask the API whether the token is bad.
      void api("/api/confirmations").catch(() => undefined);
      window.setTimeout(() => this.connect(), this.backoffMs);
      this.backoffMs = Math.min(this.backoffMs * 2, 5_000);
    };
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }

  private receive(text: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    switch (message.type) {
      case "hello": {
        this.connection = "open";
        this.epoch += 1;
        this.offsetMs = Number(message.serverTime) - Date.now();
        this.features = (message.features as Record<string, boolean> | undefined) ?? {};
        this.pending.clear();
        for (const item of (message.pending as PendingConfirmation[]) ?? [])
          this.pending.set(item.confirmationId, item);
        this.alerts.clear();
        for (const alert of (message.alerts as Alert[] | undefined) ?? []) this.alerts.set(alert.id, alert);
        this.active.clear();
        for (const item of (message.active as Array<{ runId: string; sessionId?: string }>) ?? []) {
          this.active.add(item.runId);
          const entry = this.entry(item.runId);
          if (item.sessionId) entry.sessionId = item.sessionId;
        }
        this.changed();
        break;
      }
      case "event":
        this.addEvent(message.event as JarvisEvent);
        break;
      case "notice": {
        const level = message.level === "warn" ? "warn" : "info";
        const notice = {
          id: this.nextNotice++,
          level,
          message: String(message.message ?? ""),
          ts: Number(message.ts),
        };
        this.notices = [...this.notices, notice as Notice].slice(-MAX_NOTICES);
        this.changed();
        break;
      }
      case "alert": {
        const alert = message.alert as Alert;
        this.alerts.set(alert.id, alert);
        if (alert.status === "ringing") this.onRing(alert);
        this.changed();
        break;
      }
      case "alert_closed": {
        const alert = message.alert as Alert;
        if (this.alerts.delete(alert.id)) this.changed();
        break;
      }
      case "ack":
      case "error": {
        const waiter = this.waiting.get(String(message.id));
        if (!waiter) return;
        this.waiting.delete(String(message.id));
        window.clearTimeout(waiter.timer);
        if (message.type === "ack") waiter.resolve(message);
        else {
          const error = message.error as { code?: string; message?: string } | undefined;
          waiter.reject(Object.assign(new Error(error?.message ?? "failed"), { code: error?.code }));
        }
        break;
      }
      default:
        this.forward(message);
        break;
    }
  }

  /** Messages this store does not handle (push-to-talk's `voice*` and audio) go to `onMessage` listeners. */
  private readonly extra = new Set<(message: Record<string, unknown> | ArrayBuffer) => void>();
  private forward(message: Record<string, unknown> | ArrayBuffer): void {
    for (const listener of this.extra) listener(message);
  }
  onMessage(listener: (message: Record<string, unknown> | ArrayBuffer) => void): () => void {
    this.extra.add(listener);
    return () => this.extra.delete(listener);
  }

  /** Push-to-talk audio; false when not connected. */
  sendBinary(data: ArrayBuffer): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(data);
    return true;
  }

  /** Sends a request over the socket; resolves with the server's ack. */
  send(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error("not connected to Jarvis yet; try again in a moment"));
    }
    const id = String(this.nextId++);
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error("Jarvis did not answer in time"));
      }, 15_000);
      this.waiting.set(id, { resolve, reject, timer });
      socket.send(JSON.stringify({ ...message, id }));
    });
  }

  /** Snooze (minutes) or dismiss an alert everywhere; the server's `alert_closed` follows. */
  async answerAlert(id: string, action: "snooze" | "dismiss", minutes?: number): Promise<void> {
    await this.send({ type: "alert", alertId: id, action, ...(minutes ? { minutes } : {}) });
    if (this.alerts.delete(id)) this.changed();
  }

  dismissNotice(id: number): void {
    this.notices = this.notices.filter((notice) => notice.id !== id);
    this.changed();
  }

  /** Closes a confirmation here at once (its `confirm_resolved` event follows). */
  dropPending(confirmationId: string): void {
    if (this.pending.delete(confirmationId)) this.changed();
  }

  entry(runId: string): RunEntry {
    let entry = this.runs.get(runId);
    if (!entry) {
      entry = { runId, events: [], seqs: new Set() };
      this.runs.set(runId, entry);
    }
    return entry;
  }

  /** `historical` events (fetched, not live) never open a confirmation or mark a run running. */
  addEvent(event: JarvisEvent, notify = true, historical = false): void {
    const entry = this.entry(event.runId);
    if (entry.seqs.has(event.seq)) return;
    entry.seqs.add(event.seq);
    const last = entry.events.at(-1);
    if (!last || last.seq < event.seq) entry.events.push(event);
    else {
      const index = entry.events.findIndex((e) => e.seq > event.seq);
      entry.events.splice(index, 0, event);
    }
    switch (event.type) {
      case "run_started":
        if (event.data.sessionId) entry.sessionId = event.data.sessionId;
        if (!historical) this.active.add(event.runId);
        break;
      case "confirm_requested":
        if (!historical) this.pending.set(event.data.confirmationId, { ...event.data, runId: event.runId });
        break;
      case "confirm_resolved":
        this.pending.delete(event.data.confirmationId);
        break;
      default:
        if (TERMINAL.has(event.type)) {
          this.active.delete(event.runId);
          for (const [id, item] of this.pending) if (item.runId === event.runId) this.pending.delete(id);
        }
    }
    if (notify) this.changed();
  }

  /**
   * Events fetched over HTTP (history, a reload) replace what is known of the run; live events
   * newer than the fetched ones are kept, so nothing streamed during the fetch is lost.
   */
  mergeRun(runId: string, events: JarvisEvent[], sessionId?: string): void {
    const entry = this.entry(runId);
    if (sessionId) entry.sessionId = sessionId;
    const newest = events.reduce((max, e) => Math.max(max, e.seq), 0);
    const newer = entry.events.filter((e) => e.seq > newest);
    entry.events = [];
    entry.seqs = new Set();
    for (const event of [...events, ...newer]) this.addEvent(event, false, true);
    this.changed();
  }
}

export const live = new LiveStore();
