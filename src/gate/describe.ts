import type { CallOutcome } from "./types.js";

/** The parts of an outcome a person is told about (a stored step has these too). */
export type DescribableOutcome = Pick<CallOutcome, "code" | "message" | "fix"> & {
  status: CallOutcome["status"] | "uncertain";
  /** The gate's own reason; shown only with `detail`. */
  reason?: string;
};

export interface DescribeOptions {
  /** Said aloud: the first lines only, no markup, sentences closed. */
  spoken?: boolean;
  /** What the call was for, in words ("add it to the knowledge base"); default "do that". */
  doing?: string;
  /**
   * The person wrote the call themselves (`jarvis tools call`): say exactly what was wrong with
   * it. Otherwise a call the proposer got wrong is not the person's problem to debug.
   */
  detail?: boolean;
}

/** Refusals that mean the proposer (NLU or model) got the call wrong, not that the world said no. */
const PROPOSER_MISTAKES = new Set(["TOOL_UNKNOWN", "ARGS_INVALID", "HANDLE_UNKNOWN", "REPEATED_CALL"]);

/**
 * The one place an outcome becomes words for a person (CLI, web UI, voice, the fast path's
 * answer). It reads the outcome's fields, never the model-facing observation, and never names
 * the tool.
 */
export function describeOutcome(outcome: DescribableOutcome, options: DescribeOptions = {}): string {
  const doing = options.doing ?? "do that";
  const detail = options.detail ?? false;
  const text = wordsFor(detail ? withReason(outcome) : outcome, doing, detail);
  return options.spoken ? speakable(text) : text;
}

function wordsFor(outcome: DescribableOutcome, doing: string, detail: boolean): string {
  const message = outcome.message.trim();
  switch (outcome.status) {
    case "ok":
      return message || "Done.";
    case "denied":
      if (outcome.code === "USER_DENIED") return `Okay, I didn't ${doing}.`;
      if (outcome.code === "CONFIRM_TIMEOUT") return `No answer came, so I didn't ${doing}.`;
      return withFix(`I didn't ${doing}: ${message}`, outcome.fix);
    case "refused":
      if (!detail && outcome.code === "TOOL_UNKNOWN") return "I can't do that yet.";
      if (!detail && PROPOSER_MISTAKES.has(String(outcome.code)))
        return `I couldn't ${doing}: I got the details of the request wrong. Could you say it another way?`;
      return withFix(`I couldn't ${doing}: ${message}`, outcome.fix);
    case "cancelled":
      return "Stopped.";
    case "timeout":
      return "That took too long, so I stopped it.";
    case "uncertain":
      return "That was interrupted and may not have finished; I didn't run it again.";
    default:
      return withFix(message ? `That didn't work: ${message}` : "That didn't work.", outcome.fix);
  }
}

/** With `detail`, a denial also says the gate's reason (which names the setting involved). */
function withReason(outcome: DescribableOutcome): DescribableOutcome {
  if (outcome.status !== "denied" || !outcome.reason || outcome.message.includes(outcome.reason))
    return outcome;
  return { ...outcome, message: `${outcome.message} (${outcome.reason})` };
}

function withFix(sentence: string, fix: string | undefined): string {
  const closed = /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
  if (!fix) return closed;
  const fixText = fix.trim().replace(/[.]$/, "");
  return `${closed} ${fixText.charAt(0).toUpperCase()}${fixText.slice(1)}.`;
}

/** At most three non-empty lines, markup dropped, each ending as a sentence. */
function speakable(text: string): string {
  const lines = text
    .split("\n")
    .map((line) =>
      line
        .replace(/`([^`]*)`/g, "$1")
        .replace(/^[\s>*#-]+/, "")
        .trim(),
    )
    .filter(Boolean)
    .slice(0, 3);
  const spoken = lines.map((line) => (/[.!?:]$/.test(line) ? line : `${line}.`)).join(" ");
  return spoken || "Done.";
}
