import type { ConfirmAnswer } from "../core/events.js";
import type { RiskTier } from "../core/tool.js";

export interface ConfirmationRequest {
  confirmationId: string;
  runId: string;
  callId: string;
  tool: string;
  args: unknown;
  tier: RiskTier;
  /** The gate's own reason (names tools and settings): for `--verbose`, `--json` and the audit. */
  reason: string;
  /** The call in the person's words, as a question ("Write ~/notes.txt?"). */
  ask: string;
  /** Why this is asked, in plain words. */
  why: string;
  /** The exact thing that will happen: diff, command line, message as it will be sent. */
  preview: string;
  expiresAt: number;
}

/**
 * Asks the user through whichever surface started the run (terminal, web modal, voice).
 * The gate owns the timeout: when `signal` aborts, an unanswered request counts as a denial.
 */
export interface ConfirmationBroker {
  request(request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer>;
}

/** Answers every request the same way (`--yes` / `--no`, tests). */
export class FixedConfirmationBroker implements ConfirmationBroker {
  readonly seen: ConfirmationRequest[] = [];
  constructor(private readonly answer: ConfirmAnswer) {}
  async request(request: ConfirmationRequest): Promise<ConfirmAnswer> {
    this.seen.push(request);
    return this.answer;
  }
}

/** Never answers: the gate's timeout decides (denial). Used where no one can be asked. */
export class UnattendedConfirmationBroker implements ConfirmationBroker {
  request(_request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer> {
    return new Promise((resolve) => {
      if (signal.aborted) resolve("timeout");
      else signal.addEventListener("abort", () => resolve("timeout"), { once: true });
    });
  }
}
