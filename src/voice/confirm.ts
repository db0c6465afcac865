import type { ConfirmationRequest } from "../gate/confirm.js";

/**
 * The spoken question: the call in words (bounded), why it asks, then "Yes or no?". The preview
 * (a diff, a whole message) is for reading; the web modal and the terminal show it.
 */
export function confirmationQuestion(request: Pick<ConfirmationRequest, "ask" | "why">): string {
  const ask = request.ask.trim().replace(/[.!?…]+$/, "");
  const short = ask.length > 160 ? `${ask.slice(0, 157)}…` : ask;
  const why = request.why.trim();
  return `${short}? ${why ? `${why.replace(/[.!?…]+$/, "")}. ` : ""}Yes or no?`;
}
