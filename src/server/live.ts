import type { JarvisEvent } from "../core/events.js";
import type { Logger } from "../core/logger.js";
import type { EventLog } from "./event-log.js";
import type { ServerMetrics } from "./metrics.js";
import type { EventFeed, TurnService } from "./types.js";

/** A connected watcher (a WebSocket): anything with send/close and a send buffer size. */
export interface LiveClient {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  readonly bufferedAmount: number;
}

/** A client that cannot keep up past this many buffered bytes is dropped (it reconnects). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * The one subscription to the agent's event fan-out: each event is counted in the metrics,
 * kept in the recent-event log and pushed to every connected client, serialized once.
 */
export class LiveHub {
  private readonly clients = new Set<LiveClient>();
  private feed: EventFeed | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly turns: Pick<TurnService, "subscribe">,
    private readonly metrics: ServerMetrics,
    private readonly log: EventLog,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.feed = this.turns.subscribe();
      try {
        for await (const event of this.feed) this.dispatch(event);
      } catch (error) {
        this.logger.error({ err: error }, "event feed failed; resubscribing");
      }
      // The agent's hub drops a subscriber that fell far behind; pick up again unless stopping
      // (after a pause, so a feed that ends at once cannot spin).
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, 100).unref());
    }
  }

  dispatch(event: JarvisEvent): void {
    try {
      this.metrics.observe(event);
    } catch (error) {
      this.logger.warn({ err: error }, "metrics update failed");
    }
    this.log.add(event);
    this.broadcast(JSON.stringify({ type: "event", event }));
  }

  broadcast(text: string): void {
    for (const client of this.clients) {
      if (client.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.clients.delete(client);
        client.close(1013, "too slow; reconnect");
        continue;
      }
      try {
        client.send(text);
      } catch {
        this.clients.delete(client);
      }
    }
  }

  add(client: LiveClient): void {
    this.clients.add(client);
  }

  remove(client: LiveClient): void {
    this.clients.delete(client);
  }

  get clientCount(): number {
    return this.clients.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.feed?.close();
    for (const client of this.clients) client.close(1001, "server stopping");
    this.clients.clear();
    await this.loop;
  }
}
