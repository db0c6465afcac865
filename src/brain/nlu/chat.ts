import type { IntentSpec } from "../../core/language.js";
import type { ChatAct } from "./common/index.js";

/**
 * Replies for small talk. "What can you do" lists what the registered tools' language says
 * they do, grouped by area, so it never promises a tool that is not there.
 */
export function capabilitiesReply(intents: Iterable<IntentSpec>): string {
  const areas = new Map<string, string[]>();
  const examples: string[] = [];
  for (const { capability } of intents) {
    if (!capability) continue;
    const list = areas.get(capability.area) ?? [];
    if (!list.includes(capability.can)) list.push(capability.can);
    areas.set(capability.area, list);
    if (capability.example && examples.length < 2) examples.push(capability.example);
  }
  if (areas.size === 0)
    return "I have no tools yet, so I can only chat; run `jarvis doctor` to see what to enable.";
  const lines = [...areas].map(([area, can]) => `• ${area}: ${join(can)}`);
  const tries = examples.length ? `\nTry "${examples.join('" or "')}".` : "";
  return `Here is what I can do:\n${lines.join("\n")}${tries}`;
}

function join(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

export function chatReply(act: ChatAct, intents: () => Iterable<IntentSpec>): string {
  switch (act) {
    case "greeting":
      return "Hello! What can I do for you?";
    case "thanks":
      return "You're welcome.";
    case "praise":
      return "Thank you!";
    case "goodbye":
      return "Goodbye!";
    case "capabilities":
      return capabilitiesReply(intents());
    case "identity":
      return "I'm Jarvis, your local assistant. Everything I do passes a safety gate you control.";
    case "wellbeing":
      return "All systems running. How can I help?";
    case "joke":
      return "I don't know any jokes yet; I'm better with timers, lists and the weather.";
    default:
      return "I'm here. What would you like me to do?";
  }
}
