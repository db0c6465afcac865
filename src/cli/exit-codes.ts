import type { CallReport, TurnResult } from "../agent/types.js";
import { ERROR_CODES, type ErrorCode } from "../core/errors.js";

/**
 * The documented exit codes for a turn: 3 when any call was denied (by policy, by the user, or
 * for want of an answer) or refused by a policy rule (a path outside the roots); 0 when it
 * finished; 1 when it failed or was stopped.
 */
export function exitCodeForTurn(result: TurnResult): number {
  if (result.calls.some(refusedByPolicy)) return 3;
  if (result.status === "finished") return 0;
  const code = result.error?.code as ErrorCode | undefined;
  if (code && code in ERROR_CODES && ERROR_CODES[code].kind === "policy") return 3;
  return 1;
}

/** A call that policy or the person kept from running. */
export function refusedByPolicy(call: CallReport): boolean {
  if (call.status === "denied") return true;
  const code = call.code as ErrorCode | undefined;
  return (
    call.status === "refused" &&
    code !== undefined &&
    code in ERROR_CODES &&
    ERROR_CODES[code].kind === "policy"
  );
}

/** One call's exit code (`jarvis tools call`): 0 ok, 3 kept from running by policy or the person, else its code's. */
export function exitCodeForCall(call: CallReport): number {
  if (call.status === "ok") return 0;
  if (refusedByPolicy(call)) return 3;
  const code = call.code as ErrorCode | undefined;
  return code && code in ERROR_CODES ? ERROR_CODES[code].exit : 1;
}
