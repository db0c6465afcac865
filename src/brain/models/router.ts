import { JarvisError } from "../../core/errors.js";
import type { Logger } from "../../core/logger.js";
import { silentLogger } from "../../core/logger.js";
import type { ModelFailure } from "./failures.js";
import type * as Stream from "./stream.js";
import {
  DEFAULT_PROFILE,
  type ModelCallbacks,
  type ModelEntry,
  type ModelProfile,
  type ModelRequest,
  type ModelTurn,
} from "./types.js";

// stream.ts pulls in the AI SDK (~10 MB of heap, ~200 ms): loaded on the first model call, so a
// router with no models (embedded defaults) never loads it.
const loadStream = (): Promise<typeof Stream> => import("./stream.js");

export interface RouterOptions {
  /** Longest `retry-after` worth waiting for before falling back (default 30 s). */
  maxRateLimitWaitMs?: number;
  /** Retries of one model for rate limits (default 2) and for 5xx / broken streams (default 1). */
  rateLimitRetries?: number;
  serverRetries?: number;
  /** Pause before retrying a 5xx or broken stream (default 250 ms, doubled each time). */
  retryDelayMs?: number;
  logger?: Logger;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Chooses and calls models: primary, then each configured fallback. A 429 waits for its
 * `retry-after` (bounded), a 5xx or broken stream is retried once, an unreachable or refusing
 * model is skipped at once; every switch is announced through `onNotice`. When nothing
 * answers it throws MODEL_FAILED and the caller falls back to the embedded brain.
 */
export class ModelRouter {
  private readonly options: Required<Omit<RouterOptions, "logger" | "sleep">>;
  private readonly logger: Logger;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  /** The models, in order; `replace` swaps them when config.yaml's `models:` changes. */
  get entries(): readonly ModelEntry[] {
    return this.current;
  }

  constructor(
    private current: readonly ModelEntry[],
    options: RouterOptions = {},
  ) {
    this.options = {
      maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? 30_000,
      rateLimitRetries: options.rateLimitRetries ?? 2,
      serverRetries: options.serverRetries ?? 1,
      retryDelayMs: options.retryDelayMs ?? 250,
    };
    this.logger = options.logger ?? silentLogger;
    this.sleep = options.sleep ?? abortableSleep;
  }

  get available(): boolean {
    return this.entries.length > 0;
  }

  /**
   * The models a changed config names, for every run started from now on (a running service
   * reloads config.yaml). A run already going keeps the models it started with (`session`).
   */
  replace(entries: readonly ModelEntry[]): void {
    this.current = entries;
  }

  get labels(): string[] {
    return this.entries.map((e) => e.label);
  }

  /** State for one run: once a model failed, later rounds start at the one that answered. */
  session(): ModelSession {
    return new ModelSession(this);
  }

  /** @internal */
  async attempt(entry: ModelEntry, request: ModelRequest, callbacks: ModelCallbacks): Promise<ModelTurn> {
    const { ModelAttemptError, streamOnce } = await loadStream();
    let rateLimited = 0;
    let serverErrors = 0;
    for (;;) {
      try {
        return await streamOnce(entry, request, callbacks);
      } catch (error) {
        if (!(error instanceof ModelAttemptError)) throw error; // aborted: propagate as is
        const failure = error.failure;
        if (error.emittedText) callbacks.onReset?.(failure.message);
        this.logger.warn(
          { model: entry.label, failure: failure.kind, status: failure.status },
          "model call failed",
        );
        const wait = this.retryDelay(failure, rateLimited, serverErrors);
        if (wait === undefined) throw error;
        if (failure.kind === "rate_limited") rateLimited += 1;
        else serverErrors += 1;
        callbacks.onNotice(
          `${entry.label} ${failure.kind === "rate_limited" ? "is rate limited" : `failed (${failure.message})`}; retrying in ${formatMs(wait)}`,
        );
        await this.sleep(wait, callbacks.signal);
      }
    }
  }

  private retryDelay(failure: ModelFailure, rateLimited: number, serverErrors: number): number | undefined {
    if (failure.kind === "rate_limited") {
      if (rateLimited >= this.options.rateLimitRetries) return undefined;
      const wait = failure.retryAfterMs ?? 1_000 * 2 ** rateLimited;
      return wait <= this.options.maxRateLimitWaitMs ? wait : undefined;
    }
    if (failure.kind === "server" || failure.kind === "bad_response") {
      if (serverErrors >= this.options.serverRetries) return undefined;
      return this.options.retryDelayMs * 2 ** serverErrors;
    }
    return undefined; // unreachable, auth, rejected, timeout: try the next model now
  }
}

export class ModelSession {
  private index = 0;
  private heavyChosen = false;
  /** The models when the run started: a reload mid-run does not move `index` onto another list. */
  private readonly entries: readonly ModelEntry[];

  constructor(private readonly router: ModelRouter) {
    this.entries = router.entries;
  }

  /**
   * The sizes to build a request for: those of the model that will be tried first (the heavy
   * one for a complex task), so a small local model is never sent a cloud model's prompt.
   */
  profile(preferHeavy = false): ModelProfile {
    const order = this.order();
    const entry =
      preferHeavy && !this.heavyChosen ? this.heavyFirst()[0] : order[Math.min(this.index, order.length - 1)];
    return {
      label: entry?.label ?? "none",
      tools: entry?.tools ?? DEFAULT_PROFILE.tools,
      contextTokens: entry?.contextTokens ?? DEFAULT_PROFILE.contextTokens,
    };
  }

  /** Label of the model that answered last (or will be tried first). */
  get current(): string | undefined {
    return this.order()[this.index]?.label;
  }

  async complete(request: ModelRequest, callbacks: ModelCallbacks): Promise<ModelTurn> {
    if (request.preferHeavy && !this.heavyChosen) {
      this.heavyChosen = true;
      this.index = 0;
    }
    const order = this.order();
    let last: ModelFailure | undefined;
    for (let i = this.index; i < order.length; i++) {
      const entry = order[i]!;
      try {
        const turn = await this.router.attempt(entry, request, callbacks);
        this.index = i;
        return turn;
      } catch (error) {
        const { ModelAttemptError } = await loadStream();
        if (!(error instanceof ModelAttemptError)) throw error;
        last = error.failure;
        const next = order[i + 1];
        callbacks.onNotice(
          `${entry.label} is unavailable (${describeFailure(error.failure)}); ${next ? `falling back to ${next.label}` : "no other model is configured"}`,
        );
      }
    }
    this.index = order.length;
    throw new JarvisError(
      "MODEL_FAILED",
      `no model answered (${last ? describeFailure(last) : "none configured"})`,
      {
        fix: "check the model server, or run `jarvis doctor`",
      },
    );
  }

  private order(): readonly ModelEntry[] {
    return this.heavyChosen ? this.heavyFirst() : this.entries;
  }

  private heavyFirst(): readonly ModelEntry[] {
    const entries = this.entries;
    const heavy = entries.filter((e) => e.role === "heavy");
    return heavy.length ? [...heavy, ...entries.filter((e) => e.role !== "heavy")] : entries;
  }
}

function describeFailure(failure: ModelFailure): string {
  switch (failure.kind) {
    case "unreachable":
      return "cannot connect";
    case "rate_limited":
      return "rate limited";
    case "auth":
      return `authentication failed (${failure.status})`;
    case "timeout":
      return "timed out";
    default:
      return failure.status ? `${failure.status}: ${failure.message}` : failure.message;
  }
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`;
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
