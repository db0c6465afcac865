import type { ModelMessage } from "ai";
import type { PlanStep } from "../core/events.js";
import { splitHistory, summarize, userStatements } from "./compaction.js";
import { buildSystemPrompt, historyMessages } from "./context.js";
import type { StoredCallResult } from "./journal.js";
import type { LoopSetup } from "./loop.js";
import { offerForRun } from "./offer/choose.js";
import { PLAN_TOOL } from "./plan-tool.js";
import type { ActiveRun } from "./run.js";
import { estimateTokens } from "./tokens.js";
import type { SessionMessage } from "./types.js";
import { fitTranscript } from "./window.js";

/** How far back a conversation is read to summarize it (older facts live in memory). */
const MAX_HISTORY_MESSAGES = 2_000;
/** Of what the window leaves after the fixed parts, how much the conversation may take. */
const HISTORY_SHARE = 0.5;
/** A summary is kept to this share of the window. */
const SUMMARY_SHARE = 0.12;

/**
 * Context for the model: the tools offered (retrieval), persona and capabilities, what
 * memory recalls, the session's handles, the conversation — compacted when it no longer fits
 * the model's window, after the facts of the turns that leave it were written to memory.
 */
export async function loopSetup(run: ActiveRun, groups: string[] | undefined): Promise<LoopSetup> {
  const { deps } = run;
  const profile = run.model.profile(run.control.size === "complex");
  const offer = await offerForRun(run, groups);
  run.offer = offer;
  // An extension's section (the installed skills) is usable only with its tools offered
  const sections = deps.promptSections?.() ?? [];
  offer.load(sections.flatMap((section) => section.tools));
  const memory = await deps.memory
    .recall({ text: run.input, sessionId: run.sessionId, signal: run.signal })
    .catch((error: unknown) => {
      deps.logger.warn({ err: error }, "memory recall failed");
      return [] as string[];
    });
  const prompt = (summary: string | undefined) =>
    buildSystemPrompt({
      persona: deps.persona,
      now: new Date(deps.clock.now()),
      timezone: deps.timezone,
      groups: catalogGroups(run),
      handles: run.scope.handles.list(),
      memory,
      summary,
      sections: sections.map((section) => section.text),
    });
  const window = profile.contextTokens;
  const reserve = Math.min(4_096, Math.floor(window / 4)); // the answer's own tokens
  const toolTokens = estimateTokens(JSON.stringify(offer.specs()));
  const bare = prompt(undefined);
  const fixed = estimateTokens(bare) + toolTokens + estimateTokens(run.input);
  const summaryBudget = Math.floor(window * SUMMARY_SHARE);
  const historyBudget = Math.max(256, Math.floor((window - reserve - fixed - summaryBudget) * HISTORY_SHARE));
  const messages = deps.sessions.history(run.sessionId, MAX_HISTORY_MESSAGES, run.userMessageId);
  const split = splitHistory(messages, historyBudget);
  if (split.leaving.length > 0) await keepFacts(run, split.leaving);
  const summary =
    split.older.length > 0
      ? summarize(split.older, summaryExtras(run, split.older), summaryBudget)
      : undefined;
  if (split.leaving.length > 0) {
    run.emit({
      type: "notice",
      data: {
        level: "info",
        message: `the conversation is long: its ${split.older.length} oldest messages are now summarized to fit the model's window`,
      },
    });
  }
  const system = summary ? prompt(summary) : bare;
  const transcriptBudget = Math.max(512, window - reserve - estimateTokens(system) - toolTokens);
  return {
    system,
    tools: offer.specs(),
    offer,
    prefix: [...historyMessages(split.live), { role: "user", content: run.input }],
    fit: (all: ModelMessage[]) => fitTranscript(all, transcriptBudget),
  };
}

/** The catalog's groups as the model is told them (stable for a given catalog). */
function catalogGroups(run: ActiveRun): string[] {
  return [...new Set(run.deps.registry.list().map((tool) => tool.group))].filter((g) => g !== "agent").sort();
}

/** Facts the user stated in turns about to be summarized are written to memory first. */
async function keepFacts(run: ActiveRun, leaving: readonly SessionMessage[]): Promise<void> {
  const note = run.deps.memory.note;
  if (!note) return;
  const texts = leaving.filter((m) => m.role === "user").flatMap((m) => userStatements(m.text));
  if (texts.length === 0) return;
  try {
    await note({ texts, sessionId: run.sessionId, signal: run.signal });
  } catch (error) {
    if (run.signal.aborted) throw error;
    // The summary still carries them; memory is the second copy
    run.deps.logger.warn({ err: error }, "could not write the conversation's facts to memory");
  }
}

/** The plan still in progress and the calls waiting for the user's OK, from the older runs. */
function summaryExtras(run: ActiveRun, older: readonly SessionMessage[]) {
  const runIds = [...new Set(older.map((m) => m.runId).filter((id): id is string => Boolean(id)))].slice(-10);
  let plan: PlanStep[] | undefined;
  const unconfirmed: string[] = [];
  for (const runId of runIds) {
    for (const step of run.deps.runs.steps(runId)) {
      if (step.kind !== "tool") continue;
      if (step.tool === PLAN_TOOL && step.status === "done")
        plan = (step.args as { steps?: PlanStep[] } | undefined)?.steps ?? plan;
      const code = (step.result as StoredCallResult | undefined)?.code;
      if (step.status === "denied" && (code === "USER_DENIED" || code === "CONFIRM_TIMEOUT"))
        unconfirmed.push(`${step.tool} (${code === "USER_DENIED" ? "declined" : "not confirmed in time"})`);
    }
  }
  return { plan, unconfirmed: unconfirmed.slice(-5), handles: run.scope.handles.list() };
}
