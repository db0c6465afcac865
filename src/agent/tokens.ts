import type { ModelMessage } from "ai";

/**
 * Characters per token for English text and JSON schemas under the common BPE vocabularies
 * (measured against o200k in bench/model.bench.ts: the estimate is within a few percent on
 * the catalog and the recall sets). A real tokenizer would cost megabytes of vocabulary to
 * learn what the provider tells us exactly after each call anyway.
 */
const CHARS_PER_TOKEN = 3.6;
/** Role markers and separators a chat template adds around each message. */
const PER_MESSAGE = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(message: ModelMessage): number {
  const content = message.content;
  if (typeof content === "string") return PER_MESSAGE + estimateTokens(content);
  let total = PER_MESSAGE;
  for (const part of content as Array<Record<string, unknown>>) {
    if (part.type === "text") total += estimateTokens(String(part.text ?? ""));
    else if (part.type === "tool-call")
      total += estimateTokens(`${String(part.toolName)}${JSON.stringify(part.input)}`);
    else if (part.type === "tool-result") {
      const output = part.output as { value?: unknown } | undefined;
      total += estimateTokens(
        typeof output?.value === "string" ? output.value : JSON.stringify(output?.value ?? ""),
      );
    }
  }
  return total;
}

export function estimateMessagesTokens(messages: readonly ModelMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}
