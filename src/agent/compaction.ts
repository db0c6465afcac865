import type { PlanStep } from "../core/events.js";
import type { HandleEntry } from "../core/tool.js";
import { estimateTokens } from "./tokens.js";
import type { SessionMessage } from "./types.js";

/** User turns per chapter: the summary moves a whole chapter at a time, so it rarely changes. */
export const CHAPTER_TURNS = 8;
/** One message in the live history is cut to this (a pasted document stays in its run). */
export const MAX_MESSAGE_CHARS = 4_000;
const PER_MESSAGE_TOKENS = 4;

export interface HistorySplit {
  /** Said word for word in the request. */
  live: SessionMessage[];
  /** Older turns, carried by the summary (and memory). */
  older: SessionMessage[];
  /** Turns that left the live history with this request: their facts go to memory first. */
  leaving: SessionMessage[];
}

/**
 * Splits a conversation into what is said verbatim and what is summarized. The live part
 * starts at a chapter boundary (every CHAPTER_TURNS user turns): the earliest one whose tail
 * fits `budgetTokens`. Chapter boundaries do not depend on how long the conversation is, so
 * the summary — and the prompt prefix a provider caches — changes once a chapter, not once a
 * turn. Deterministic: the same messages and budget always give the same split.
 */
export function splitHistory(messages: readonly SessionMessage[], budgetTokens: number): HistorySplit {
  const start = liveStart(messages, budgetTokens);
  const lastUser = lastIndexOf(messages, (m) => m.role === "user");
  const before = lastUser > 0 ? liveStart(messages.slice(0, lastUser), budgetTokens) : 0;
  return {
    live: messages.slice(start),
    older: messages.slice(0, start),
    leaving: start > before ? messages.slice(before, start) : [],
  };
}

function liveStart(messages: readonly SessionMessage[], budgetTokens: number): number {
  const starts: number[] = [];
  let users = 0;
  messages.forEach((message, index) => {
    if (message.role !== "user") return;
    if (users % CHAPTER_TURNS === 0) starts.push(index);
    users += 1;
  });
  if (starts.length === 0) return 0;
  const suffix = new Array<number>(messages.length + 1).fill(0);
  for (let i = messages.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + messageTokens(messages[i]!);
  for (const start of starts) if (suffix[start]! <= budgetTokens) return start === starts[0] ? 0 : start;
  return starts.at(-1)!;
}

export function messageTokens(message: SessionMessage): number {
  return PER_MESSAGE_TOKENS + estimateTokens(clip(message.text));
}

/** A message as the live history carries it: very long ones cut, with a note saying so. */
export function clip(text: string): string {
  return text.length <= MAX_MESSAGE_CHARS
    ? text
    : `${text.slice(0, MAX_MESSAGE_CHARS)}\n[… ${text.length - MAX_MESSAGE_CHARS} more characters not repeated here]`;
}

/** What a summary carries besides the words: the plan, what waits on the user, the handles. */
export interface SummaryExtras {
  plan?: readonly PlanStep[] | undefined;
  /** Calls the user declined or never confirmed (not done; ask before trying again). */
  unconfirmed?: readonly string[] | undefined;
  handles?: readonly HandleEntry[] | undefined;
}

const MAX_STATEMENTS = 40;
const MAX_REQUESTS = 15;

/**
 * A deterministic summary of older turns: every fact the user stated (their own sentences,
 * newest kept when there are very many — all of them are also in memory), what was asked, the
 * plan still in progress, what waits on the user, and the handles those turns mention. No
 * model is needed, and nothing a tool, a web page or an answer said is carried over: the
 * summary sits in the system prompt, where only the user's words and Jarvis's own records
 * belong.
 */
export function summarize(
  older: readonly SessionMessage[],
  extras: SummaryExtras = {},
  maxTokens = 2_000,
): string | undefined {
  if (older.length === 0) return undefined;
  const statements = [
    ...new Set(older.filter((m) => m.role === "user").flatMap((m) => userStatements(m.text))),
  ];
  const requests: string[] = [];
  for (let i = 0; i < older.length; i++) {
    const message = older[i]!;
    if (message.role !== "user") continue;
    // The answer's words are left out: they can carry third-party text (a page, a mail) that
    // must not come back as if the system had said it
    const answered = older[i + 1]?.role === "assistant";
    requests.push(`- "${oneLine(message.text, 160)}"${answered ? "" : " (no answer)"}`);
  }
  // Within the budget, requests give way before facts: every fact is in memory as well, but a
  // fact in the prompt needs no recall to be used
  let keptStatements = Math.min(statements.length, MAX_STATEMENTS);
  let keptRequests = Math.min(requests.length, MAX_REQUESTS);
  let lines = summaryLines(statements, keptStatements, requests, keptRequests, extras, older);
  while (estimateTokens(lines.join("\n")) > maxTokens && (keptRequests > 0 || keptStatements > 3)) {
    if (keptRequests > 0) keptRequests -= 1;
    else keptStatements -= 1;
    lines = summaryLines(statements, keptStatements, requests, keptRequests, extras, older);
  }
  return lines.join("\n");
}

function summaryLines(
  statements: readonly string[],
  keptStatements: number,
  requests: readonly string[],
  keptRequests: number,
  extras: SummaryExtras,
  older: readonly SessionMessage[],
): string[] {
  const lines: string[] = [];
  if (statements.length > 0) {
    const dropped = statements.length - keptStatements;
    lines.push(
      `Facts the user stated${dropped > 0 ? ` (${dropped} earlier ones are in memory)` : ""}:`,
      ...statements.slice(statements.length - keptStatements).map((s) => `- ${s}`),
    );
  }
  if (requests.length > 0) {
    lines.push(
      `Asked earlier: ${requests.length} requests${keptRequests < requests.length ? `, the last ${keptRequests} shown` : ""}${keptRequests > 0 ? ":" : "."}`,
      ...requests.slice(requests.length - keptRequests),
    );
  }
  const open = (extras.plan ?? []).filter((step) => step.status !== "done");
  if (open.length > 0) {
    lines.push(
      "Plan still in progress:",
      ...(extras.plan ?? []).map((step) => `- [${step.status}] ${step.title}`),
    );
  }
  if (extras.unconfirmed?.length)
    lines.push("Not done, waiting for the user's OK:", ...extras.unconfirmed.map((c) => `- ${c}`));
  const text = older.map((m) => m.text).join("\n");
  const mentioned = (extras.handles ?? []).filter((h) => new RegExp(`${h.handle}\\b`).test(text));
  if (mentioned.length > 0)
    lines.push(
      `Handles these turns used: ${mentioned.map((h) => `${h.handle}${h.label ? ` (${h.label})` : ""}`).join(", ")}`,
    );
  return lines;
}

const STATEMENT =
  /\b(?:my|our|mine|his|her|their|he|she|they)\b[^?]*\b(?:is|are|was|were|'s|has|have|lives?|works?|called|named|born)\b|^[A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)? (?:is|was|lives|works|has|likes|prefers)\b|\bi(?:'m| am| was| have| had| live| work| like| love| prefer| hate| need| own| use| moved| will| won't| can't| don't)\b|\bwe(?:'re| are| have| live| own)\b|\bremember\b|\bnote that\b/iu;
const QUESTION_START =
  /^(?:who|what|when|where|why|how|which|is|are|was|were|do|does|did|can|could|should|would|will|shall)\b/i;

/**
 * The sentences of a user message that state something (about themselves, their people and
 * things), not questions or commands: "My sister Ada lives in Lyon." is kept, "what time is
 * it" and "send it" are not.
 */
export function userStatements(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 6 && s.length <= 400 && !s.endsWith("?") && !QUESTION_START.test(s))
    .filter((s) => STATEMENT.test(s));
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function lastIndexOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!)) return i;
  return -1;
}
