import type { ModelMessage } from "ai";

/**
 * Messages as strict chat templates accept them. Many local models' templates (Mistral,
 * Devstral, Gemma, some Qwen builds under llama.cpp, LM Studio and vLLM) raise an error unless
 * user and assistant turns alternate; a run that was stopped leaves a user turn without an
 * answer, and a nudge after an empty reply is a second user turn in a row. Consecutive user
 * turns are joined, empty assistant turns dropped, consecutive text-only assistant turns
 * joined. Tool calls and results are left as they are (templates allow them in between).
 */
export function normalizeMessages(messages: readonly ModelMessage[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const message of messages) {
    if (message.role === "assistant" && isEmpty(message)) continue;
    const previous = out.at(-1);
    const text = textOf(message);
    if (previous && previous.role === message.role && text !== undefined) {
      const before = textOf(previous);
      if (before !== undefined && (message.role === "user" || message.role === "assistant")) {
        out[out.length - 1] = { role: message.role, content: `${before}\n\n${text}` } as ModelMessage;
        continue;
      }
    }
    out.push(message);
  }
  return out;
}

/** The text of a message made only of text, or undefined. */
function textOf(message: ModelMessage): string | undefined {
  if (typeof message.content === "string") return message.content;
  if (!Array.isArray(message.content)) return undefined;
  const parts = message.content as Array<{ type: string; text?: string }>;
  return parts.every((p) => p.type === "text") ? parts.map((p) => p.text ?? "").join("") : undefined;
}

function isEmpty(message: ModelMessage): boolean {
  if (typeof message.content === "string") return message.content.trim() === "";
  return Array.isArray(message.content) && message.content.length === 0;
}
