import type { ConfirmAnswer } from "../../../core/events.js";
import type { IdGenerator } from "../../../core/ids.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../../../gate/confirm.js";
import type { CallOutcome } from "../../../gate/types.js";

/** A gate call waiting for the MCP client's answer to its confirmation. */
interface Waiting {
  request: ConfirmationRequest;
  answer(answer: ConfirmAnswer): void;
  outcome: Promise<CallOutcome>;
}

/**
 * Gate calls that asked for a confirmation the MCP client must answer. The gate keeps waiting
 * (with its own timeout: no answer = deny) while the tool call returns `input_required` with the
 * exact preview; the client's retry carries the answer back here by id.
 */
export class PendingConfirmations {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly ids: IdGenerator) {}

  /**
   * A broker for one gate call: when the gate asks, `onAsk` hears the request first (so the
   * handler can return `input_required`), and the gate waits for `answer(id, …)`.
   */
  brokerFor(
    onAsk: (request: ConfirmationRequest, id: string) => void,
    outcome: () => Promise<CallOutcome>,
  ): ConfirmationBroker {
    return {
      request: (request, signal) =>
        new Promise<ConfirmAnswer>((resolve) => {
          const id = this.ids.next("mcpconfirm");
          const settle = (answer: ConfirmAnswer) => {
            this.waiting.delete(id);
            signal.removeEventListener("abort", onAbort);
            resolve(answer);
          };
          const onAbort = () => settle("timeout");
          signal.addEventListener("abort", onAbort, { once: true });
          this.waiting.set(id, { request, answer: settle, outcome: outcome() });
          onAsk(request, id);
        }),
    };
  }

  /** Delivers the client's answer; the gate call's outcome, or undefined when nothing waits under `id`. */
  answer(id: string, answer: ConfirmAnswer): Promise<CallOutcome> | undefined {
    const waiting = this.waiting.get(id);
    if (!waiting) return undefined;
    waiting.answer(answer);
    return waiting.outcome;
  }

  get size(): number {
    return this.waiting.size;
  }
}
