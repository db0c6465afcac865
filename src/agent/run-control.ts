import { afterDelay, linkSignals } from "../core/abort.js";
import type { Clock } from "../core/clock.js";
import { largerSize, type RunLimits } from "./limits.js";
import type { TaskSize } from "./types.js";

/**
 * How a run can be stopped: the user's kill switch, and the task's time limit counted on the
 * injected clock from the run's start. One signal carries both; `stopReason` tells them apart.
 * Sizes only grow: a larger task re-arms the deadline, still from the start.
 */
export class RunControl {
  readonly signal: AbortSignal;
  private readonly killController = new AbortController();
  private readonly limitController = new AbortController();
  private readonly disposeSignal: () => void;
  private readonly startedAt: number;
  private cancelDeadline: (() => void) | undefined;
  private currentSize: TaskSize;
  private currentLimits: RunLimits;

  constructor(
    private readonly clock: Clock,
    private readonly limitsFor: (size: TaskSize) => RunLimits,
    size: TaskSize,
    /** Told when the size grows, so the run can record it. */
    private readonly onGrow: (size: TaskSize) => void = () => {},
  ) {
    const linked = linkSignals([this.killController.signal, this.limitController.signal]);
    this.signal = linked.signal;
    this.disposeSignal = linked.dispose;
    this.startedAt = clock.now();
    this.currentSize = size;
    this.currentLimits = limitsFor(size);
    this.armDeadline();
  }

  get size(): TaskSize {
    return this.currentSize;
  }

  get limits(): RunLimits {
    return this.currentLimits;
  }

  /** Why the signal fired: the user's kill switch, or the task's time limit. */
  get stopReason(): "killed" | "time_limit" | undefined {
    if (this.killController.signal.aborted) return "killed";
    if (this.limitController.signal.aborted) return "time_limit";
    return undefined;
  }

  kill(reason = "stopped by user"): void {
    if (!this.killController.signal.aborted)
      this.killController.abort(new DOMException(reason, "AbortError"));
  }

  /** Raises the task's size (never lowers it): more rounds, a later deadline. */
  grow(size: TaskSize): void {
    const next = largerSize(this.currentSize, size);
    if (next === this.currentSize) return;
    this.currentSize = next;
    this.currentLimits = this.limitsFor(next);
    this.armDeadline();
    this.onGrow(next);
  }

  dispose(): void {
    this.cancelDeadline?.();
    this.disposeSignal();
  }

  private armDeadline(): void {
    this.cancelDeadline?.();
    const remaining = Math.max(0, this.currentLimits.ms - (this.clock.now() - this.startedAt));
    this.cancelDeadline = afterDelay(this.clock, remaining, () =>
      this.limitController.abort(new DOMException("time limit reached", "TimeoutError")),
    );
  }
}
