import type { ModelMessage } from "ai";
import { estimateMessagesTokens } from "./tokens.js";

/** Tool results of the newest rounds stay whole; the model is most likely working on them. */
const KEEP_RECENT_RESULTS = 2;
/** What an elided result keeps: its beginning, enough to recognise it. */
const ELIDED_KEEP_CHARS = 300;

/**
 * Keeps a long run inside the model's window: when the request would not fit, the results
 * of older tool calls are cut to their first lines (the calls themselves, the plan and every
 * refusal or denial stay), oldest first, until it fits. The same messages and budget always
 * give the same request.
 */
export function fitTranscript(messages: ModelMessage[], budgetTokens: number): ModelMessage[] {
  if (estimateMessagesTokens(messages) <= budgetTokens) return messages;
  const toolIndexes = messages.flatMap((m, i) => (m.role === "tool" ? [i] : []));
  const elidable = toolIndexes.slice(0, Math.max(0, toolIndexes.length - KEEP_RECENT_RESULTS));
  const out = [...messages];
  for (const index of elidable) {
    out[index] = elideResults(out[index]!);
    if (estimateMessagesTokens(out) <= budgetTokens) break;
  }
  return out;
}

function elideResults(message: ModelMessage): ModelMessage {
  if (message.role !== "tool" || typeof message.content === "string") return message;
  const content = message.content.map((part) => {
    if (part.type !== "tool-result") return part;
    const output = part.output as { type: string; value?: unknown };
    if (
      output.type !== "text" ||
      typeof output.value !== "string" ||
      output.value.length <= ELIDED_KEEP_CHARS
    )
      return part;
    const value = `${output.value.slice(0, ELIDED_KEEP_CHARS)}\n[… the rest of this earlier result was left out to fit the context window; call the tool again if you need it]`;
    return { ...part, output: { ...output, value } };
  });
  return { ...message, content } as ModelMessage;
}
