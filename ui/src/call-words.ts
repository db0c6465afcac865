import type { ToolCallView } from "./turn";

/**
 * What a call card says to the person: the call in words and, when it did not run or failed,
 * one sentence with its fix. The tool's name, tier, the gate's reason and error codes are kept
 * for the card's "details" disclosure only.
 */
export interface CallWords {
  /** "Set a timer for 2 seconds": the tool's describer (the same words the question uses). */
  title: string;
  /** Why it did not run or what went wrong, then what to do ("Your settings do not allow it. …"). */
  problem?: string;
}

/** A call whose tool says nothing about it (never a tool's name). */
export const UNNAMED_STEP = "A step of this request";

export function callWords(call: ToolCallView): CallWords {
  const title = call.says ?? (call.ask ? call.ask.replace(/\?$/, "") : undefined) ?? undoing(call.doing);
  const problem =
    call.stage === "failed" && call.error
      ? sentence(call.error.message, call.error.fix)
      : call.stage === "denied" && !call.answer && call.message
        ? sentence(call.message, call.fix)
        : undefined;
  return { title: title ?? UNNAMED_STEP, ...(problem ? { problem } : {}) };
}

/** "Setting a timer" → the progress line's words as they are (only when nothing better came). */
function undoing(doing: string | undefined): string | undefined {
  return doing && doing !== "Working on it" ? doing : undefined;
}

/** One sentence from a message and its fix: capitalized, each ending with a full stop. */
export function sentence(message: string, fix?: string): string {
  const part = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return "";
    const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
    return /[.!?]$/.test(capital) ? capital : `${capital}.`;
  };
  return [part(message), fix ? part(fix) : ""].filter(Boolean).join(" ");
}
