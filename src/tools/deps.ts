import type { JarvisPaths } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import type { Clock } from "../core/clock.js";
import type { EmitFn } from "../core/events.js";
import type { IdGenerator } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import type { PathRoots } from "../gate/paths.js";
import type { SqliteDatabase } from "../store/database.js";

/** What tool factories receive: everything injected, nothing global. */
export interface ToolDeps {
  config: JarvisConfig;
  paths: JarvisPaths;
  db: SqliteDatabase;
  roots: PathRoots;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  env: NodeJS.ProcessEnv;
  /** Resources (browser sessions, IMAP connections) register here to be closed on shutdown. */
  onClose(fn: () => Promise<void> | void): void;
  /** Events that belong to no run (a timer ringing); the server pushes them to every client. */
  emit?: EmitFn;
  /** Whoever delivers what tools schedule for later (timers, alarms, routines): the service. */
  later?: LaterDelivery;
}

export interface LaterDelivery {
  /** Something new is due at this time: the service re-arms for it at once. */
  wake(dueAt: number): void;
  /** Why nothing will deliver it (no service runs for this home, and how to start one), or undefined. */
  missing(): string | undefined;
}
