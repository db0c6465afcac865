import { createInterface } from "node:readline";
import type { ConfirmAnswer } from "../core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../gate/confirm.js";

/**
 * Asks on the terminal with the exact preview. `y` approves once, `a` approves for the rest of
 * the session, anything else (or no answer before the timeout) denies.
 */
export class TerminalConfirmationBroker implements ConfirmationBroker {
  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
  ) {}

  request(request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer> {
    const seconds = Math.max(0, Math.round((request.expiresAt - Date.now()) / 1000));
    this.output.write(
      `\n── confirm: ${request.tool} (${request.tier}) ──\n${request.preview}\n` +
        `reason: ${request.reason}\nAllow? [y]es / [n]o / [a]lways this session (${seconds}s) `,
    );
    const rl = createInterface({ input: this.input, output: this.output, terminal: false });
    return new Promise<ConfirmAnswer>((resolve) => {
      const done = (answer: ConfirmAnswer) => {
        signal.removeEventListener("abort", onAbort);
        rl.close();
        resolve(answer);
      };
      const onAbort = () => {
        this.output.write("\n(no answer: denied)\n");
        done("timeout");
      };
      signal.addEventListener("abort", onAbort, { once: true });
      rl.once("line", (line) => {
        const answer = line.trim().toLowerCase();
        done(
          answer === "y" || answer === "yes"
            ? "approve"
            : answer === "a" || answer === "always"
              ? "approve_session"
              : "deny",
        );
      });
      rl.once("close", () => done("deny"));
    });
  }
}
