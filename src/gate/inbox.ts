import type { ConfirmAnswer, ConfirmRequestData } from "../core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "./confirm.js";

/** What surfaces list of a pending question (the arguments stay in the gate's request). */
export type PendingConfirmation = ConfirmRequestData & { runId: string };

/** What a person may answer (a timeout is the gate's to decide, never a client's). */
export const USER_ANSWERS = ["approve", "deny", "approve_session"] as const;
export type UserAnswer = (typeof USER_ANSWERS)[number];

export function isUserAnswer(value: unknown): value is UserAnswer {
  return typeof value === "string" && (USER_ANSWERS as readonly string[]).includes(value);
}

interface Waiting {
  request: ConfirmationRequest;
  resolve(answer: ConfirmAnswer): void;
}

/**
 * The one inbox of pending confirmations, for every surface that answers them: the web's tabs
 * and the CLI over the API, `jarvis chat`'s typed lines, voice. Every pending request is listed
 * to all; the first answer wins. The gate owns the timeout: an abort resolves as "timeout".
 */
export class ConfirmationInbox implements ConfirmationBroker {
  private readonly waiting = new Map<string, Waiting>();
  private readonly listeners = new Set<(request: ConfirmationRequest) => void>();

  /** Called for every new request (print the preview, open a modal); returns an unsubscribe. */
  onRequest(listener: (request: ConfirmationRequest) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

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
      this.waiting.set(request.confirmationId, { request, resolve: finish });
      for (const listener of this.listeners) listener(request);
    });
  }

  /** Pending requests, oldest first. */
  list(): PendingConfirmation[] {
    return [...this.waiting.values()].map(({ request }) => ({
      confirmationId: request.confirmationId,
      runId: request.runId,
      callId: request.callId,
      tool: request.tool,
      tier: request.tier,
      reason: request.reason,
      ask: request.ask,
      why: request.why,
      preview: request.preview,
      expiresAt: request.expiresAt,
    }));
  }

  get size(): number {
    return this.waiting.size;
  }

  /** False when the request is unknown or already answered (by another surface, or timed out). */
  answer(confirmationId: string, answer: UserAnswer): boolean {
    const waiting = this.waiting.get(confirmationId);
    if (!waiting) return false;
    waiting.resolve(answer);
    return true;
  }

  /** Answers the oldest pending request (a typed or spoken answer has no id); false when none. */
  answerOldest(answer: UserAnswer): boolean {
    const first = this.waiting.keys().next();
    return first.done ? false : this.answer(first.value, answer);
  }

  /** Denies everything pending (the surface that would answer is going away). */
  denyAll(): void {
    for (const id of [...this.waiting.keys()]) this.answer(id, "deny");
  }
}
