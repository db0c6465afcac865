import type { ElicitRequestParams, ElicitResult } from "@modelcontextprotocol/client";

/** Puts one yes/no question to the person (the call's own confirmation path); true = yes. */
export type AskPerson = (question: string) => Promise<boolean>;

const MAX_MESSAGE = 500;

/**
 * A server's question in the middle of a tool call (elicitation, form mode), relayed to the
 * person who started the call. Only yes/no questions are relayed: a form with one boolean field
 * or none. A form that wants typed values (text, numbers, choices) is declined without asking,
 * because a third-party server must never be able to ask the person for a password or a card
 * number in Jarvis's voice. No call in progress, or no one to ask, is a decline too.
 */
export async function relayElicitation(
  server: string,
  params: ElicitRequestParams,
  ask: AskPerson | undefined,
): Promise<ElicitResult> {
  if (!ask || params.mode === "url") return { action: "decline" };
  const fields = Object.entries(params.requestedSchema?.properties ?? {});
  const [only] = fields;
  if (fields.length > 1 || (only && only[1].type !== "boolean")) return { action: "decline" };
  const yes = await ask(question(server, params.message, only?.[1]));
  if (!yes) return { action: "decline" };
  return { action: "accept", content: only ? { [only[0]]: true } : {} };
}

/** The preview the person sees: whose words these are, the words, and what "yes" will say. */
function question(
  server: string,
  message: string,
  field: { title?: string; description?: string } | undefined,
) {
  const said = clean(message) || "(no question given)";
  const meaning = field ? clean(field.title ?? field.description ?? "") : "";
  return [
    `The MCP server "${server}" asks, in its own words:`,
    `  ${said}`,
    ...(meaning ? [`  (yes answers: ${meaning})`] : []),
    "Say yes only if this fits what you asked for.",
  ].join("\n");
}

function clean(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]+/g, " ").trim();
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat;
}
