import type { Classification } from "./classifier.js";
import type { DialogAct } from "./common/index.js";
import { cap } from "./parse-rules.js";
import type { NluResult } from "./types.js";

/**
 * A classifier reading that is talk rather than a request: a dialog act ("yes you got that
 * exactly", "check that") or small talk. Undefined when the utterance asks for something.
 */
export function talkReading(
  input: string,
  result: Classification,
  said: { words: readonly string[]; info: boolean; question: boolean; talk: number },
): NluResult | undefined {
  const top = result.ranked[0];
  if (!top) return undefined;
  const label = top.label;
  // The dialog acts share their vocabulary ("check that", "confirm it"): judge them together
  let dialogMass = 0;
  for (const r of result.ranked) if (r.label.startsWith("_dialog_")) dialogMass += r.probability;
  const chatP = result.ranked.find((r) => r.label === "_chat")?.probability ?? 0;
  const bestAct = result.ranked.find((r) => r.label.startsWith("_dialog_"));
  // Feedback on the last answer ("yes you got that exactly") reads as chat and dialog at once
  const talkative = label.startsWith("_dialog_") || (label === "_chat" && dialogMass >= 0.25);
  // "please check the exchange rates" asks for facts, not for a read-back
  if (talkative && bestAct && !said.info && said.words.length <= 12 && dialogMass + chatP >= said.talk) {
    return {
      text: input,
      kind: "dialog",
      dialog: bestAct.label.slice(8) as DialogAct,
      confidence: cap(bestAct.probability),
    };
  }
  if (label === "_chat" && top.probability >= said.talk && !said.question) {
    return {
      text: input,
      kind: "chat",
      confidence: cap(top.probability),
      reply: "I'm here. What would you like me to do?",
    };
  }
  return undefined;
}
