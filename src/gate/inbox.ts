import type { ConfirmAnswer, ConfirmRequestData } from "../core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../gate/confirm.js";

export type PendingConfirmation = ConfirmRequestData & { runId: string };

/** What a person may answer (a timeout is the gate's to decide, never a client's). */
export const USER_ANSWERS = ["approve", "deny", "approve_session"] as const;
export type UserAnswer = (typeof USER_ANSWERS)[number];

export function isUserAnswer(value: unknown): value is UserAnswer {
  return typeof value === "string" && (USER_ANSWERS as readonly string[]).includes(value);
}

interface Waiting {
  summary: PendingConfirmation;
  resolve(answer: ConfirmAnswer): void;
}

/**
 * The web's confirmation broker: every pending request is visible to every connected client
 * (tabs, the CLI over the API); the first answer wins and the gate's `confirm_resolved` event
 * closes the modal everywhere. The gate owns the timeout: an abort resolves as "timeout".
 */
export class WebConfirmationBroker implements ConfirmationBroker {
  private readonly waiting = new Map<string, Waiting>();

  request(request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer> {
    return new Promise((resolve) => {
      if (signal.aborted) {
        resolve("timeout");
        return;
      }
      const finish = (answer: ConfirmAnswer) => {
        signal.removeEventListener("abort", onAbort);
        this.waiting.delete(request.confirmationId);
        resolve(answer);
      };
      const onAbort = () => finish("timeout");
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.set(request.confirmationId, {
        summary: {
          confirmationId: request.confirmationId,
          runId: request.runId,
          callId: request.callId,
          tool: request.tool,
          tier: request.tier,
          reason: request.reason,
          preview: request.preview,
          expiresAt: request.expiresAt,
        },
        resolve: finish,
      });
    });
  }

  /** Pending requests, oldest first. */
  list(): PendingConfirmation[] {
    return [...this.waiting.values()].map((w) => w.summary);
  }

  get size(): number {
    return this.waiting.size;
  }

  /** False when the request is unknown or already answered (by another tab, or timed out). */
  answer(confirmationId: string, answer: UserAnswer): boolean {
    const waiting = this.waiting.get(confirmationId);
    if (!waiting) return false;
    waiting.resolve(answer);
    return true;
  }
}
