import type { RiskTier, ToolDefinition } from "../core/tool.js";
import type { PolicyDecision } from "./policy.js";

/**
 * Scopes a person granted a routine when creating it ("files_write under ~/Reports", "mail_send
 * to me only", "notify"). The matcher lives with the routines (tasks/grants.ts); the gate only
 * asks it whether a prepared call (handles resolved, paths canonical) is covered.
 */
export interface StandingGrants {
  /** Who holds them, for the audit's reason ("routine Morning brief"). */
  readonly holder: string;
  /** The words of the grant that covers this call, or undefined when none does. */
  covering(tool: ToolDefinition, args: Record<string, unknown>): string | undefined;
}

/** Effects a call may have without a grant (reading changes nothing). */
const UNGRANTED_EFFECTS = new Set(["read", "network"]);

/**
 * Policy under standing grants: a covered call is allowed (audited with the grant's words, even
 * after untrusted content: the grant bounds where data may go); an uncovered call with a side
 * effect is never silently allowed, it asks. Denials stand and destructive calls always ask.
 */
export function applyStandingGrants(
  policy: PolicyDecision,
  tool: ToolDefinition,
  args: Record<string, unknown>,
  tier: RiskTier,
  grants: StandingGrants | undefined,
): PolicyDecision {
  if (!grants || policy.decision === "deny" || tier === "destructive") return policy;
  const grant = grants.covering(tool, args);
  if (grant)
    return {
      decision: "allow",
      reason: `granted to ${grants.holder}: "${grant}"`,
      why: `You allowed ${grants.holder} to do this.`,
    };
  if (tool.effects.every((effect) => UNGRANTED_EFFECTS.has(effect))) return policy;
  return {
    decision: "confirm",
    reason: `outside the grants of ${grants.holder}`,
    why: `This is more than you allowed ${grants.holder} to do when you set it up.`,
  };
}
