import {
  maxTier,
  type RiskTier,
  raiseTier,
  TAINT_SENSITIVE_EFFECTS,
  type ToolDefinition,
} from "../core/tool.js";
import type { ProvenanceFinding } from "./provenance.js";

export interface RiskAssessment {
  tier: RiskTier;
  reasons: string[];
}

/**
 * Tier of one call: the tool's declared tier (which may depend on its arguments), one tier
 * higher when a world-pointing value has no known origin, at least `dangerous` for
 * write/delete/send/exec/spend once the run has read untrusted text.
 */
export function assessRisk(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  findings: readonly ProvenanceFinding[],
  tainted: boolean,
): RiskAssessment {
  let tier = typeof tool.risk === "function" ? tool.risk(args) : tool.risk;
  const reasons = [`${tool.name} is ${tier}`];
  const unknown = findings.filter((f) => f.origin === "unknown");
  if (unknown.length > 0) {
    tier = raiseTier(tier);
    reasons.push(`${unknown.map((f) => f.key).join(", ")} of unknown origin → ${tier}`);
  }
  if (tainted && tool.effects.some((e) => TAINT_SENSITIVE_EFFECTS.has(e))) {
    const raised = maxTier(tier, "dangerous");
    if (raised !== tier) reasons.push(`run read untrusted content → ${raised}`);
    tier = raised;
  }
  return { tier, reasons };
}
