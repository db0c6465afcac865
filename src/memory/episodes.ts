import type { Summarizer } from "../knowledge/summarize.js";
import { contentWords, truncate } from "../knowledge/text.js";

/** A finished conversation as the agent loop stored it. */
export interface SessionTranscript {
  sessionId: string;
  messages: ReadonlyArray<{
    role: "user" | "assistant" | "tool" | "system";
    text: string;
    ts?: number | undefined;
    /** For tool messages: which tool ran. */
    tool?: string | undefined;
  }>;
  startedAt?: number | undefined;
  endedAt?: number | undefined;
}

/** Where idle sessions come from (the agent's session store implements this). */
export interface SessionSource {
  /** Sessions whose last message is older than `before` (ms since epoch). */
  idleSessions(before: number): SessionTranscript[] | Promise<SessionTranscript[]>;
}

export interface EpisodeSummary {
  summary: string;
  method: "extractive" | "llm";
}

/**
 * Summarizes a session from what the user asked and which tools ran. Assistant and tool text is
 * left out on purpose: it can carry third-party words (web pages, mail), and an episode is
 * recalled later as trusted memory. With a Summarizer (an LLM one) the user's turns are
 * condensed by it; otherwise long sessions keep their most central requests.
 */
export async function summarizeSession(
  transcript: SessionTranscript,
  options: { summarizer?: Summarizer; signal?: AbortSignal; maxRequests?: number } = {},
): Promise<EpisodeSummary | undefined> {
  const requests = transcript.messages
    .filter((m) => m.role === "user" && m.text.trim())
    .map((m) => m.text.trim());
  if (requests.length === 0) return undefined;
  const tools = [
    ...new Set(transcript.messages.filter((m) => m.role === "tool" && m.tool).map((m) => m.tool!)),
  ];
  const when = transcript.startedAt ?? transcript.messages.find((m) => m.ts !== undefined)?.ts;
  const prefix =
    when !== undefined ? `Conversation on ${new Date(when).toISOString().slice(0, 10)}: ` : "Conversation: ";
  const maxRequests = options.maxRequests ?? 6;
  let asked: string[];
  let method: EpisodeSummary["method"] = "extractive";
  if (options.summarizer) {
    const sections = requests.map((text) => ({ text: /[.!?]$/.test(text) ? text : `${text}.` }));
    const summary = await options.summarizer.summarize({
      sections,
      maxPoints: maxRequests,
      signal: options.signal,
    });
    method = summary.method;
    asked = summary.points.length > 0 ? summary.points.map((p) => p.text) : requests.slice(0, maxRequests);
  } else {
    asked = coveringRequests(requests, maxRequests);
  }
  const quoted = asked.map((t) => `"${truncate(t.replace(/\s+/g, " "), 200)}"`).join("; ");
  const toolsText = tools.length > 0 ? ` Tools used: ${tools.join(", ")}.` : "";
  return { summary: `${prefix}the user asked ${quoted}.${toolsText}`, method };
}

/**
 * Extractive choice for long sessions: greedily the requests that add the most content words
 * not yet covered (so ten variations of one ask count once), returned in the order asked.
 */
function coveringRequests(requests: readonly string[], max: number): string[] {
  if (requests.length <= max) return [...requests];
  const covered = new Set<string>();
  const chosen = new Set<number>();
  while (chosen.size < max) {
    let best = -1;
    let gain = 0;
    requests.forEach((text, i) => {
      if (chosen.has(i)) return;
      const fresh = new Set(contentWords(text).filter((w) => !covered.has(w))).size;
      if (fresh > gain) {
        gain = fresh;
        best = i;
      }
    });
    if (best < 0) break;
    chosen.add(best);
    for (const w of contentWords(requests[best]!)) covered.add(w);
  }
  return [...chosen].sort((a, b) => a - b).map((i) => requests[i]!);
}
