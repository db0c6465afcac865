import type { AgentService } from "../agent/service.js";
import type { JarvisPaths } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import type { Clock } from "../core/clock.js";
import type { ConfirmAnswer } from "../core/events.js";
import type { IdGenerator } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../gate/confirm.js";
import type { PathRoots } from "../gate/paths.js";
import { createPlatform } from "../platform/factory.js";
import type { Notifier } from "../platform/types.js";
import type { SqliteDatabase } from "../store/database.js";
import { createCalendarServices } from "../tools/calendar/index.js";
import { userTimeZone } from "../tools/calendar/timezone.js";
import type { ToolDeps } from "../tools/deps.js";
import { realScheduler, type Scheduler } from "../tools/timers/scheduler.js";
import { Delivery, type Surface } from "./delivery.js";
import { type Firing, RoutineEngine } from "./engine.js";
import { ConfiguredParts, observerParts } from "./observers/configured.js";
import type { ObserverHost } from "./observers/host.js";
import { AgentRoutineRunner } from "./runner.js";
import { reminderSource, timerSource } from "./sources.js";
import { type RoutineRecord, RoutineStore } from "./store.js";
import { type Part, Supervisor, untilAborted } from "./supervisor.js";
import { desktopSurface } from "./surfaces.js";
import type { TasksLink } from "./tools.js";

/** What the service's tasks take from the runtime (the composition root sits above them). */
export interface TasksRuntime {
  paths: JarvisPaths;
  config: JarvisConfig;
  db: SqliteDatabase;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  deps: ToolDeps;
  env: NodeJS.ProcessEnv;
  roots: PathRoots;
  /** "Something new is due at" from tools (a timer was just set). */
  onWake(listener: (dueAt: number) => void): () => void;
}

export interface TasksOptions {
  runtime: TasksRuntime;
  agent: Pick<AgentService, "startTurn" | "resume" | "newSession" | "deps">;
  /** The shared inbox (every tab, attached terminals): where a routine's questions wait. */
  broker: ConfirmationBroker;
  link: TasksLink;
  /** Extra surfaces (the server's live one: web tabs and attached chats). */
  surfaces?: Surface[];
  notifier?: Notifier;
  scheduler?: Scheduler;
  /** Turn observers off (tests of one part at a time). */
  observers?: boolean;
  /** How often delivery and routines re-read their tables for rows another process wrote. */
  pollMs?: number;
}

/** The always-on service's work, started by `jarvis start` (foreground) or the user service. */
export interface Tasks {
  delivery: Delivery;
  /** What observers are given (tests add observers with their own timing). */
  host: ObserverHost;
  engine: RoutineEngine;
  supervisor: Supervisor;
  store: RoutineStore;
  /** Routine changes made here (API, tools) reach the observers at once. */
  changed(routine: RoutineRecord): void;
  /**
   * The runtime's config changed (it is already the new one): the observers whose part of it
   * changed are stopped and started again; returns their names.
   */
  reconfigure(previous: JarvisConfig): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Delivery of due items, the routine engine and the observers, each a supervised part: a crash
 * is restarted with back-off and shows in `doctor` and the UI. Nothing here calls a model; only
 * a routine that asks the agent does, through an ordinary durable run.
 */
export async function startTasks(options: TasksOptions): Promise<Tasks> {
  const { runtime, link } = options;
  const { config, clock, ids, logger, db } = runtime;
  const scheduler = options.scheduler ?? realScheduler(clock);
  const timezone = userTimeZone(config, runtime.env);
  const log = logger.child({ area: "tasks" });
  const notifier = options.notifier ?? createPlatform({ env: runtime.env }).notifier;
  const calendar = createCalendarServices(runtime.deps);
  const delivery = new Delivery({
    db,
    clock,
    scheduler,
    ids,
    logger: log,
    sources: [
      timerSource(db, timezone, clock, ids),
      reminderSource({
        services: calendar,
        db,
        clock,
        logger: log,
        timezone,
        refreshMs: config.service.reminders_poll_s * 1000,
      }),
    ],
    surfaces: [desktopSurface(notifier, log), ...(options.surfaces ?? [])],
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  const store = new RoutineStore(db);
  const listeners = new Set<() => void>();
  const engine: RoutineEngine = new RoutineEngine({
    store,
    clock,
    scheduler,
    ids,
    logger: log,
    maxDepth: config.routines.max_depth,
    keepRuns: config.routines.keep_runs,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    notice: (title, message) => delivery.announce("routine", `notice:${ids.next("notice")}`, title, message),
    runner: new AgentRoutineRunner({
      agent: options.agent,
      broker: inboxBroker(options.broker, delivery),
      home: runtime.roots.home,
      confirmExpiryMs: config.routines.confirm_expiry_s * 1000,
      announce: (routine, recordId, text) =>
        delivery.announce("routine", `routine:${recordId}`, routine.name, text),
      touched: (path, firing) => engine.touched(path, firing),
      logger: log,
    }),
  });
  const host: ObserverHost = {
    clock,
    logger: log,
    routines: (type) => store.list().filter((r) => r.status === "active" && r.spec.trigger.type === type),
    state: (id) => store.observerState(id),
    saveState: (id, state) => store.saveObserverState(id, state),
    fire(routine, observation) {
      const cause = observation.path ? engine.causeOf(observation.path) : undefined;
      const firing: Firing = {
        routine,
        scheduledFor: clock.now(),
        ...observation,
        depth: cause ? cause.depth + 1 : 0,
        chain: cause ? [...cause.chain, cause.routine.name] : [],
      };
      engine.trigger(firing);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const supervisor = new Supervisor({ clock, scheduler, logger: log });
  const stopWake = runtime.onWake(() => delivery.wake());
  const changed = (routine: RoutineRecord) => {
    engine.changed(routine);
    for (const listener of listeners) listener();
  };
  link.delivery = delivery;
  link.engine = engine;
  link.changed = changed;
  supervisor.add(
    idlePart(
      "delivery",
      () => delivery.start(),
      () => delivery.stop(),
    ),
  );
  supervisor.add(
    idlePart(
      "routines",
      () => engine.start(),
      () => engine.stop(),
    ),
  );
  const observers = new ConfiguredParts(
    supervisor,
    options.observers === false ? [] : observerParts(host, runtime, calendar),
  );
  await observers.start();
  return {
    delivery,
    host,
    engine,
    supervisor,
    store,
    changed,
    reconfigure: (previous) => observers.reconfigure(previous, config),
    async close() {
      stopWake();
      await supervisor.stop();
      await observers.close();
      link.delivery = undefined;
      link.engine = undefined;
      link.changed = undefined;
    },
  };
}

/** A part that is all callbacks: started, then idle until the service stops. */
function idlePart(name: string, start: () => unknown, stop: () => unknown): Part {
  return {
    name,
    async run(signal) {
      await start();
      await untilAborted(signal);
      await stop();
    },
  };
}

/**
 * A routine's questions go to the shared inbox and are also announced (desktop, tabs, voice),
 * since nobody is watching a routine run; the announcement closes when the question does.
 */
function inboxBroker(inner: ConfirmationBroker, delivery: Delivery): ConfirmationBroker {
  return {
    async request(request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer> {
      const until = new Date(request.expiresAt).toLocaleTimeString("en-US", {
        hour: "numeric",
        minute: "2-digit",
      });
      const alert = delivery.announce(
        "confirm",
        `confirm:${request.confirmationId}`,
        "Jarvis needs your OK",
        `A routine asks: ${request.ask} ${request.why} Answer in Jarvis before ${until}, or it will not happen.`,
      );
      try {
        return await inner.request(request, signal);
      } finally {
        if (alert) {
          try {
            delivery.dismiss(alert.id);
          } catch {
            // already dismissed by the person
          }
        }
      }
    },
  };
}
