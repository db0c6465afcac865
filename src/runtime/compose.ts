import { homedir } from "node:os";
import { processAlive, readServerFile } from "../config/discovery.js";
import { type JarvisPaths, pathsFor, resolveHome } from "../config/paths.js";
import { makeHomePrivate } from "../config/private-home.js";
import type { JarvisConfig } from "../config/schema.js";
import { type OpenedVault, openVault } from "../config/vault.js";
import { type Clock, systemClock } from "../core/clock.js";
import type { EmitFn } from "../core/events.js";
import { type IdGenerator, randomIds } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import type { ToolDefinition } from "../core/tool.js";
import type { Extensions } from "../extend/index.js";
import { AuditLog, nextAuditSeq } from "../gate/audit.js";
import { loadAuditKey } from "../gate/audit-key.js";
import { Gate } from "../gate/gate.js";
import type { KeptValidators } from "../gate/kept-validators.js";
import type { PathRoots } from "../gate/paths.js";
import { ToolRegistry } from "../gate/registry.js";
import { createFileLogger } from "../observe/logger.js";
import type { SqliteDatabase } from "../store/database.js";
import type { DerivedKey } from "../store/key-ahead.js";
import type { ToolDeps } from "../tools/deps.js";
import { callDescriber } from "./describe-call.js";
import { rootsFromConfig } from "./roots.js";
import { openHomeStore } from "./store.js";
import type { StoreKeySource } from "./store-key.js";
import { securityWarnings } from "./warnings.js";

export interface RuntimeOptions {
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  /** Replace the built-in catalog (tests, benchmarks). */
  tools?: (deps: ToolDeps) => ToolDefinition[];
  /** Install skills, the sandbox and generated tools (default: only with the built-in catalog). */
  extensions?: boolean;
  /** The store passphrase's key, derived ahead by a one-shot command (`store/key-ahead.ts`). */
  derivedKey?: DerivedKey;
  /** Built-in schemas' validators kept as code by a one-shot command (`gate/kept-validators.ts`). */
  keptValidators?: KeptValidators;
}

export interface ComposeOptions extends RuntimeOptions {
  tools: (deps: ToolDeps) => ToolDefinition[];
  /**
   * Reads and validates config.yaml (`config/load.ts: loadConfig`, or a one-shot command's kept
   * copy): passed in so that this module does not import the YAML parser and the config schema
   * for a command that finds its config kept (docs/decisions/0040).
   */
  loadConfig: (path: string) => JarvisConfig;
}

/** The composition root: config, store, audit, registry and gate for one JARVIS_HOME. */
export interface Runtime {
  env: NodeJS.ProcessEnv;
  paths: JarvisPaths;
  config: JarvisConfig;
  db: SqliteDatabase;
  audit: AuditLog;
  registry: ToolRegistry;
  gate: Gate;
  roots: PathRoots;
  /** Where Jarvis's own keys live (keychain, or files when no keychain answers). */
  keys: OpenedVault;
  /** What locks jarvis.db: the keychain's key, the user's passphrase, or nothing (the opt-out). */
  storeKey: StoreKeySource;
  /** What opening this home changed that the user should hear once (the store encrypted, permissions tightened). */
  notices: string[];
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  deps: ToolDeps;
  /** Skills, the sandbox and generated tools, once attached (runtime/extensions.ts). */
  extensions?: Extensions;
  /** Listens to events tools emit outside any run (`deps.emit`: timers ringing); returns an unsubscribe. */
  onEvent(listener: EmitFn): () => void;
  /** Listens to "something new is due at" from tools (`deps.later.wake`): the service's delivery. */
  onWake(listener: (dueAt: number) => void): () => void;
  close(): Promise<void>;
}

/**
 * `createRuntime` without the built-in catalog's imports (every tool group and its
 * dependencies, ~100 modules): the server composes with this, listens, then registers the
 * built-in tools (see server/launch.ts). Loads config first: a bad file stops start-up before
 * anything is opened or written.
 */
export function composeRuntime(options: ComposeOptions): Runtime {
  // The passphrase is read once, here; nothing the runtime starts inherits it.
  const { JARVIS_PASSPHRASE: passphrase, ...env } = options.env ?? process.env;
  const paths = pathsFor(resolveHome(env));
  const config = options.loadConfig(paths.config);
  const tightened = makeHomePrivate(paths.home).map(({ path, was, unreachable }) => ({
    unreachable,
    text: `${path} was readable by others (mode ${was}); it is now yours only`,
  }));
  const notices = tightened.filter((item) => !item.unreachable).map((item) => item.text);
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? randomIds;
  const fileLogger = options.logger ? undefined : createFileLogger(paths.logs);
  const logger = options.logger ?? fileLogger!.logger;
  for (const { text, unreachable } of tightened)
    logger[unreachable ? "info" : "warn"]({ security: true }, text);
  const keys = openVault(paths.home, env);
  const store = openHomeStore({
    paths,
    config,
    env: passphrase ? { ...env, JARVIS_PASSPHRASE: passphrase } : env,
    keys,
    logger,
    derived: options.derivedKey,
  });
  const db = store.db;
  if (store.notice) notices.push(store.notice);
  const audit = new AuditLog(
    db,
    clock,
    loadAuditKey(keys.vault, () => nextAuditSeq(db)),
  );
  const roots = rootsFromConfig(config, paths.home, env.HOME ?? homedir());
  for (const warning of securityWarnings(config)) logger.warn({ security: true }, warning);
  const closers: Array<() => Promise<void> | void> = [];
  const listeners = new Set<EmitFn>();
  const wakers = new Set<(dueAt: number) => void>();
  const deps: ToolDeps = {
    config,
    paths,
    db,
    roots,
    clock,
    ids,
    logger,
    env,
    onClose: (fn) => closers.push(fn),
    later: {
      wake: (dueAt) => {
        for (const waker of wakers) waker(dueAt);
      },
      missing: () => serviceMissing(paths.home),
    },
    emit: (event) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          logger.warn({ err: error }, "event listener failed");
        }
      }
    },
  };
  const registry = new ToolRegistry({ logger, kept: options.keptValidators });
  registry.registerAll(options.tools(deps), { builtIn: true });
  const gate = new Gate({
    registry,
    audit,
    policy: () => ({
      autonomy: config.policy.autonomy,
      effects: config.policy.effects,
      tools: config.policy.tools,
    }),
    roots,
    // Read on every call: the shared config and roots change in place when the service
    // reloads config.yaml, and these follow them.
    configValues: () => [
      ...roots.readRoots,
      ...roots.writeRoots,
      ...config.shell.allow,
      // The user's own addresses: mailing yourself is not an unknown recipient.
      ...config.mail.accounts.map((account) => /<([^>]+)>/.exec(account.from)?.[1] ?? account.from),
    ],
    clock,
    ids,
    logger,
    confirmTimeoutMs: () => config.policy.confirm_timeout_s * 1000,
    defaultTimeoutMs: () => config.policy.tool_timeout_s * 1000,
    describe: callDescriber(config, env, clock),
  });
  let closed = false;
  return {
    env,
    paths,
    config,
    db,
    audit,
    registry,
    gate,
    roots,
    keys,
    storeKey: store.plan.source,
    notices,
    clock,
    ids,
    logger,
    deps,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onWake(listener) {
      wakers.add(listener);
      return () => wakers.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      gate.killAll("shutting down");
      for (const closer of closers.reverse()) {
        try {
          await closer();
        } catch (error) {
          logger.warn({ err: error }, "close failed");
        }
      }
      db.close();
      fileLogger?.close();
    },
  };
}

/** What a tool says when it schedules something no Jarvis service will deliver. */
export const NO_SERVICE =
  "Jarvis rings it only while its service runs, and none is running: start it with `jarvis service start` (or keep `jarvis start` open).";

/** Whether a Jarvis server/service for this home is alive (the one that delivers). */
function serviceMissing(home: string): string | undefined {
  const info = readServerFile(home);
  return info && processAlive(info.pid) ? undefined : NO_SERVICE;
}
