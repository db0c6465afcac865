import type { McpConfig } from "../config/mcp.js";
import type { Logger } from "../core/logger.js";
import type { ConfirmationInbox } from "../gate/inbox.js";
import type { Runtime } from "../runtime/runtime.js";
import type { Tasks } from "../tasks/service.js";
import type { EventLog } from "./event-log.js";
import type { LiveHub } from "./live.js";
import type { ServerMetrics } from "./metrics.js";
import type { ConfigReloaded } from "./reload.js";
import type { TurnHandle, TurnService } from "./types.js";

/** The parts of the runtime the server reads (the store: for the audit chain's anchor). */
export type ServerRuntime = Pick<
  Runtime,
  "paths" | "config" | "audit" | "registry" | "roots" | "env" | "gate" | "ids" | "clock" | "onEvent" | "deps"
> &
  Partial<Pick<Runtime, "db" | "extensions">>;

/** Everything route modules share; built once per server. */
export interface ServerContext {
  runtime: ServerRuntime;
  turns: TurnService;
  broker: ConfirmationInbox;
  log: EventLog;
  live: LiveHub;
  metrics: ServerMetrics;
  logger: Logger;
  version: string;
  /** The service's delivery, routines and supervised parts, once started (absent in tests that need none). */
  tasks?: Tasks | undefined;
  /** Hands a changed `mcp:` section to the MCP servers (set by the service once they are attached). */
  mcp?: ((next: McpConfig) => Promise<string[]>) | undefined;
  /** Makes the agent's models those config.yaml names now (set once the agent is built). */
  models?: (() => Promise<void>) | undefined;
  /** Makes the service use config.yaml as it is now (`POST /api/config/reload`, the file watcher). */
  reloadConfig(): Promise<ConfigReloaded>;
  /**
   * Settings config.yaml changes that the service reads only at start, one sentence each with
   * the value in the file and the one still used (empty when nothing waits for a restart).
   */
  restartPending(): string[];
  /** Starts a turn answered by the web broker; its own event queue is drained (the hub fans out). */
  startTurn(text: string, sessionId: string | undefined, source: string): TurnHandle;
  /** Stops one run, or everything in flight; returns how many. */
  kill(runId?: string): number;
}

/** Reads a handle's private queue to the end so it never piles up when nobody iterates it. */
export function drain(handle: TurnHandle): void {
  void (async () => {
    for await (const _event of handle.events) {
      // the hub already delivered it
    }
  })().catch(() => undefined);
}
