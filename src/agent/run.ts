import type { ModelRouter, ModelSession } from "../brain/models/router.js";
import type { Nlu } from "../brain/nlu/types.js";
import type { ToolRetriever } from "../brain/retrieval/retriever.js";
import type { JarvisConfig } from "../config/schema.js";
import type { Clock } from "../core/clock.js";
import type { EmitFn } from "../core/events.js";
import type { IdGenerator } from "../core/ids.js";
import type { UserVocabulary } from "../core/language.js";
import type { Logger } from "../core/logger.js";
import type { AuditLog } from "../gate/audit.js";
import type { Gate, RunScope } from "../gate/gate.js";
import type { ToolRegistry } from "../gate/registry.js";
import { createRunScope, type RunScopeInput } from "../gate/scope.js";
import type { SqliteDatabase } from "../store/database.js";
import type { PromptSection } from "./context.js";
import type { RunEmitter } from "./events.js";
import { RunJournal } from "./journal.js";
import { DEFAULT_LIMITS, type RunLimits } from "./limits.js";
import type { ToolOffer } from "./offer/tool-offer.js";
import { RunControl } from "./run-control.js";
import type { RunStore } from "./run-store.js";
import type { SessionStore } from "./session-store.js";
import { Transcript } from "./transcript.js";
import type { MemoryHook, RunMode, TaskSize } from "./types.js";

/** What the agent takes from the composition root (`runtime/` builds it). */
export interface AgentRuntime {
  gate: Gate;
  registry: ToolRegistry;
  audit: AuditLog;
  config: JarvisConfig;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  db: SqliteDatabase;
}

/** Everything a run needs from the outside; all injected. */
export interface AgentDeps extends Omit<AgentRuntime, "db"> {
  runs: RunStore;
  sessions: SessionStore;
  nlu: Nlu;
  models: ModelRouter;
  /** Ranks the catalog for each request (which tools the model is offered). */
  retriever: ToolRetriever;
  memory: MemoryHook;
  limits: Record<TaskSize, RunLimits>;
  persona?: string | undefined;
  /** System-prompt sections from extensions, read at every model turn. */
  promptSections?: (() => PromptSection[]) | undefined;
  pid: number;
  /** The user's IANA time zone, resolved once (Intl lookups are slow per call). */
  timezone: string;
  /** The person's own names (their lists) the NLU reads as values, read at every turn since they change. */
  vocabulary?: (() => UserVocabulary) | undefined;
}

export interface RunInit {
  id: string;
  sessionId: string;
  input: string;
  /** Which surface started it ("cli", "web", "voice", …); voice gets spoken answers. */
  source: string;
  size: TaskSize;
  emitter: RunEmitter;
  scope: Omit<RunScopeInput, "runId" | "signal" | "emit" | "sessionId" | "task">;
  /** The user message that started the run (history before it is context). */
  userMessageId: number | undefined;
}

/**
 * One run in memory: who and what it is, and its three parts — how it stops (`control`: kill
 * switch and deadline), what it has done (`journal`: the durable steps and scope state) and
 * what it said with its proposer (`transcript`).
 */
export class ActiveRun {
  readonly id: string;
  readonly sessionId: string;
  readonly input: string;
  readonly source: string;
  readonly userMessageId: number | undefined;
  readonly emitter: RunEmitter;
  readonly control: RunControl;
  readonly scope: RunScope;
  readonly journal: RunJournal;
  readonly transcript = new Transcript();
  readonly model: ModelSession;
  /** The tools offered to the model in this run (set when the model loop starts). */
  offer: ToolOffer | undefined;
  mode: RunMode | undefined;

  constructor(
    readonly deps: AgentDeps,
    init: RunInit,
  ) {
    this.id = init.id;
    this.sessionId = init.sessionId;
    this.input = init.input;
    this.source = init.source;
    this.userMessageId = init.userMessageId;
    this.emitter = init.emitter;
    this.control = new RunControl(
      deps.clock,
      (size) => deps.limits[size] ?? DEFAULT_LIMITS[size],
      init.size,
      (size) => this.journal.note({ size }),
    );
    this.scope = createRunScope({
      ...init.scope,
      runId: this.id,
      sessionId: this.sessionId,
      signal: this.control.signal,
      emit: this.emitter.emit,
      task: { grow: (size) => this.control.grow(size) },
    });
    this.journal = new RunJournal(deps, this.id, this.sessionId, this.scope, () => this.emitter.lastSeq);
    this.model = deps.models.session();
  }

  get signal(): AbortSignal {
    return this.control.signal;
  }

  get emit(): EmitFn {
    return this.emitter.emit;
  }

  /** Answers are said aloud: the run came from voice. */
  get spoken(): boolean {
    return this.source === "voice";
  }

  dispose(): void {
    this.control.dispose();
  }
}
