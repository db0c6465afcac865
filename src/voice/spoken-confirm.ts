import type { ConfirmAnswer } from "../core/events.js";
import type { ConfirmationRequest } from "../gate/confirm.js";
import { confirmationQuestion } from "./confirm.js";
import type { ListenMode, Transcript } from "./stt/types.js";
import type { DialogClassifier } from "./turn.js";
import type { VoiceEvent, VoiceState } from "./types.js";

/** What asking aloud needs from the pipeline. */
export interface ConfirmHost {
  readonly dialog: DialogClassifier;
  t(): number;
  emit(event: VoiceEvent): void;
  setState(state: VoiceState): void;
  /** Resolves when what the turn said before asking has been played. */
  whenIdle(): Promise<void>;
  /** Says `text`; `signal` stops it (and is what barge-in aborts meanwhile). */
  ask(text: string, signal: AbortController): Promise<void>;
  listen(mode: ListenMode): Promise<Transcript | undefined>;
  /** Stops listening for the spoken answer (it was given elsewhere, or timed out). */
  stopListening(mode: ListenMode): void;
}

/**
 * The spoken-confirmation step: the question is said, then Jarvis listens for the answer, which
 * the dialog classifier (the NLU's `dialog` kind) reads as yes, no or "say again" (once). Only
 * a yes approves: silence, "no", "cancel" and anything unclear deny.
 */
export async function confirmByVoice(
  host: ConfirmHost,
  request: ConfirmationRequest,
  signal: AbortSignal,
): Promise<ConfirmAnswer> {
  const question = confirmationQuestion(request);
  // What the turn said before asking is still playing: the question comes after it.
  await host.whenIdle();
  for (let attempt = 0; attempt < 2; attempt++) {
    if (signal.aborted) return "timeout";
    host.emit({ type: "confirm_prompt", t: host.t(), tool: request.tool, question });
    const asking = new AbortController();
    const unlink = () => asking.abort();
    signal.addEventListener("abort", unlink, { once: true });
    await host.ask(question, asking);
    signal.removeEventListener("abort", unlink);
    if (signal.aborted) return "timeout";
    // Answered elsewhere (the web modal) or timed out: stop listening for a spoken answer.
    const answeredElsewhere = () => host.stopListening("dialog");
    signal.addEventListener("abort", answeredElsewhere, { once: true });
    const transcript = await host.listen("dialog");
    signal.removeEventListener("abort", answeredElsewhere);
    if (signal.aborted) {
      host.setState("turn");
      return "timeout";
    }
    const heard = transcript?.text ?? "";
    const kind = heard ? host.dialog.classify(heard) : undefined;
    if (kind === "repeat" && attempt === 0) continue;
    const answer: ConfirmAnswer = kind === "yes" ? "approve" : "deny";
    host.emit({
      type: "confirm_answer",
      t: host.t(),
      heard,
      answer,
      reason: heard ? (kind ?? "unclear") : "silence",
    });
    host.setState("turn");
    return answer;
  }
  return "deny";
}
