import type { JarvisError } from "../core/errors.js";
import type { Decision } from "../core/tool.js";
import type { CallOutcome, RunScope } from "./types.js";

/** A call the policy denies, in the person's words (the gate's reason stays for `--verbose`). */
export const POLICY_DENIAL = {
  message: "your settings do not allow it",
  fix: "change the policy in Settings or config.yaml",
};

/**
 * Why a call will not run, in words, for its decision's event: a refusal's own message and fix,
 * or the policy's denial; nothing when it will run.
 */
export function denialWords(decision: Decision, refusal?: JarvisError): { message?: string; fix?: string } {
  if (decision !== "deny") return {};
  if (!refusal) return POLICY_DENIAL;
  return { message: refusal.message, ...(refusal.fix ? { fix: refusal.fix } : {}) };
}

/**
 * A call refused before any policy (unknown tool, invalid arguments, an unknown handle): its
 * decision's event (in words as well as the gate's terms) and its outcome. The audit is the gate's.
 */
export function refusedOutcome(
  callId: string,
  tool: string,
  failure: JarvisError,
  scope: RunScope,
  durationMs: number,
): CallOutcome {
  const terms = { tier: null, decision: "deny" as const, reason: failure.message, code: failure.code };
  scope.emit?.({ type: "tool_decided", data: { callId, tool, ...terms, ...denialWords("deny", failure) } });
  return {
    callId,
    tool,
    status: "refused",
    ...terms,
    message: failure.message,
    ...(failure.fix ? { fix: failure.fix } : {}),
    observation: `REFUSED ${failure.toLine()}`,
    durationMs,
  };
}
