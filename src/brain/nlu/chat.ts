import type { ChatAct } from "./intents/index.js";

/** Replies for small talk; "what can you do" lists what is really registered. */
const GROUP_PHRASES: Array<[string, string]> = [
  ["timers", "set timers and alarms"],
  ["time", "tell the time anywhere in the world"],
  ["calc", "do math and unit conversions"],
  ["weather", "check the weather and the forecast"],
  ["lists", "keep shopping and to-do lists"],
  ["reminders", "set reminders"],
  ["calendar", "check and add calendar events"],
  ["mail", "search, read and send email"],
  ["contacts", "look up contacts"],
  ["media", "control music playback"],
  ["system", "change the volume and brightness, check the battery and lock the screen"],
  ["apps", "open and close apps"],
  ["web", "search the web"],
  ["browser", "open web pages"],
  ["knowledge", "search your documents"],
  ["memory", "remember things you tell me"],
  ["files", "find and list files"],
];

const EXAMPLES: Array<[string, string]> = [
  ["timers", "set a timer for 5 minutes"],
  ["weather", "what's the weather tomorrow"],
  ["lists", "add milk to my shopping list"],
  ["calendar", "what's on my calendar today"],
  ["time", "what time is it in Tokyo"],
  ["media", "play some jazz"],
  ["mail", "check my email"],
];

export function capabilitiesReply(groups: ReadonlySet<string>): string {
  const known = new Set(GROUP_PHRASES.map(([group]) => group));
  const phrases = GROUP_PHRASES.filter(([group]) => groups.has(group)).map(([, phrase]) => phrase);
  const others = [...groups].filter((g) => !known.has(g)).sort();
  if (others.length > 0) phrases.push(`use my ${others.join(", ")} tools`);
  if (phrases.length === 0)
    return "I have no tools yet, so I can only chat; run `jarvis doctor` to see what to enable.";
  const list = phrases.length === 1 ? phrases[0] : `${phrases.slice(0, -1).join(", ")} and ${phrases.at(-1)}`;
  const tries = EXAMPLES.filter(([group]) => groups.has(group))
    .map(([, example]) => `"${example}"`)
    .slice(0, 2);
  return `I can ${list}.${tries.length ? ` Try ${tries.join(" or ")}.` : ""}`;
}

export function chatReply(act: ChatAct, groups: ReadonlySet<string>): string {
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
      return capabilitiesReply(groups);
    case "identity":
      return "I'm Jarvis, your local assistant. Everything I do passes a safety gate you control.";
    case "wellbeing":
      return "All systems running. How can I help?";
    case "joke":
      return "I don't know any jokes yet; I'm better with timers, lists and the weather.";
  }
}
