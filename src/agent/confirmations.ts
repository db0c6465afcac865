import type { Nlu } from "../brain/nlu/types.js";
import type { ConfirmAnswer } from "../core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../gate/confirm.js";

interface Pending {
  request: ConfirmationRequest;
  resolve(answer: ConfirmAnswer): void;
}

/**
 * A broker any surface can answer: chat lines, a web modal (`answer(id, …)`), voice. Requests
 * wait here until answered, or until the gate's timeout / kill switch aborts them (= denied).
 */
export class PendingConfirmations implements ConfirmationBroker {
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Set<(request: ConfirmationRequest) => void>();

  /** Called for every new request (print the preview, open a modal). */
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
      const done = (answer: ConfirmAnswer) => {
        signal.removeEventListener("abort", onAbort);
        this.pending.delete(request.confirmationId);
        resolve(answer);
      };
      const onAbort = () => done("timeout");
      signal.addEventListener("abort", onAbort, { once: true });
      this.pending.set(request.confirmationId, { request, resolve: done });
      for (const listener of this.listeners) listener(request);
    });
  }

  list(): ConfirmationRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  get size(): number {
    return this.pending.size;
  }

  answer(confirmationId: string, answer: ConfirmAnswer): boolean {
    const pending = this.pending.get(confirmationId);
    if (!pending) return false;
    pending.resolve(answer);
    return true;
  }

  /**
   * Answers the oldest request from a typed line: y / yes, n / no, a / always; otherwise the
   * NLU's dialog reading ("sure, go ahead"). Returns undefined when the line is not an answer.
   */
  answerText(text: string, nlu?: Nlu): ConfirmAnswer | undefined {
    const first = this.pending.keys().next();
    if (first.done) return undefined;
    const answer = readAnswer(text, nlu);
    if (answer) this.answer(first.value, answer);
    return answer;
  }
}

export function readAnswer(text: string, nlu?: Nlu): ConfirmAnswer | undefined {
  const line = text.trim().toLowerCase();
  if (["y", "yes", "ok", "okay"].includes(line)) return "approve";
  if (["n", "no"].includes(line)) return "deny";
  if (["a", "always"].includes(line)) return "approve_session";
  if (!nlu || !line) return undefined;
  try {
    const parsed = nlu.parse(text);
    if (parsed.kind !== "dialog") return undefined;
    if (parsed.dialog === "yes") return "approve";
    if (parsed.dialog === "no" || parsed.dialog === "cancel") return "deny";
  } catch {
    // an NLU failure is simply "not an answer"
  }
  return undefined;
}
