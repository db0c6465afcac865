import { maxTier, type RiskTier, raiseTier, type ToolDefinition } from "../core/tool.js";
import type { ProvenanceFinding } from "./provenance.js";
import type { TaintVerdict } from "./taint.js";

export interface RiskAssessment {
  tier: RiskTier;
  reasons: string[];
}

/**
 * Tier of one call: the tool's declared tier (which may depend on its arguments), one tier
 * higher when a world-pointing value has no known origin, and at least what the run's taint
 * verdict demands.
 */
export function assessRisk(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  findings: readonly ProvenanceFinding[],
  taint: TaintVerdict,
): RiskAssessment {
  let tier = typeof tool.risk === "function" ? tool.risk(args) : tool.risk;
  const reasons = [`${tool.name} is ${tier}`];
  const unknown = findings.filter((f) => f.origin === "unknown");
  if (unknown.length > 0) {
    tier = raiseTier(tier);
    reasons.push(`${unknown.map((f) => f.key).join(", ")} of unknown origin → ${tier}`);
  }
  if (taint.raiseTo) {
    const raised = maxTier(tier, taint.raiseTo);
    if (raised !== tier) reasons.push(`run read untrusted content → ${raised}`);
    tier = raised;
  }
  return { tier, reasons };
}
