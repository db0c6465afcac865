import type { Clock } from "../core/clock.js";
import type { EventPayload, EventType, JarvisEvent } from "../core/events.js";

/** An unbounded single-consumer queue exposed as an async iterable (ends after `close`). */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private readonly waiters: Array<(result: IteratorResult<T>) => void> = [];
  private closed = false;

  constructor(private readonly onReturn?: () => void) {}

  push(item: T): void {
    if (this.closed) return;
    const waiter = this.waiters.shift();
    if (waiter) waiter({ value: item, done: false });
    else this.items.push(item);
  }

  close(): void {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter({ value: undefined, done: true });
  }

  get size(): number {
    return this.items.length;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        const item = this.items.shift();
        if (item !== undefined) return Promise.resolve({ value: item, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => this.waiters.push(resolve));
      },
      return: () => {
        this.close();
        this.onReturn?.();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}

export interface EventFilter {
  runId?: string;
  sessionId?: string;
  types?: EventType[];
}

export interface Subscription extends AsyncIterable<JarvisEvent> {
  close(): void;
}

interface Subscriber {
  filter: EventFilter;
  queue: AsyncQueue<JarvisEvent>;
}

/** Buffered events per subscriber before the slow one is dropped (it must resubscribe). */
const MAX_BUFFER = 10_000;

/** Fan-out of every run's events to any number of watchers (web tabs, CLI, voice). */
export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly sessionOfRun = new Map<string, string>();

  subscribe(filter: EventFilter = {}): Subscription {
    let subscriber: Subscriber;
    const queue = new AsyncQueue<JarvisEvent>(() => this.subscribers.delete(subscriber));
    subscriber = { filter, queue };
    this.subscribers.add(subscriber);
    return {
      [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator](),
      close: () => {
        queue.close();
        this.subscribers.delete(subscriber);
      },
    };
  }

  /** Remembers which session a run belongs to, so session filters work. */
  bind(runId: string, sessionId: string): void {
    this.sessionOfRun.set(runId, sessionId);
  }

  publish(event: JarvisEvent): void {
    for (const subscriber of this.subscribers) {
      const { filter, queue } = subscriber;
      if (filter.runId && filter.runId !== event.runId) continue;
      if (filter.sessionId && filter.sessionId !== this.sessionOfRun.get(event.runId)) continue;
      if (filter.types && !filter.types.includes(event.type)) continue;
      if (queue.size >= MAX_BUFFER) {
        queue.close();
        this.subscribers.delete(subscriber);
        continue;
      }
      queue.push(event);
    }
    if (event.type === "run_finished" || event.type === "run_failed" || event.type === "run_cancelled") {
      this.sessionOfRun.delete(event.runId);
    }
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }
}

/** Numbers and stamps one run's events and hands them to its sinks. */
export class RunEmitter {
  private seq: number;

  constructor(
    readonly runId: string,
    private readonly clock: Clock,
    private readonly sinks: Array<(event: JarvisEvent) => void>,
    startSeq = 0,
  ) {
    this.seq = startSeq;
  }

  get lastSeq(): number {
    return this.seq;
  }

  emit = (payload: EventPayload): JarvisEvent => {
    this.seq += 1;
    const event = {
      type: payload.type,
      runId: this.runId,
      seq: this.seq,
      ts: this.clock.now(),
      data: payload.data,
    } as JarvisEvent;
    for (const sink of this.sinks) sink(event);
    return event;
  };
}
