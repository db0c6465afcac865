import { type RiskTier, TAINT_SENSITIVE_EFFECTS, type ToolDefinition } from "../core/tool.js";
import type { ProvenanceFinding } from "./provenance.js";
import type { TaintState } from "./types.js";

/** What the run's taint means for one call, decided once and handed to risk and policy. */
export interface TaintVerdict {
  /** The call must be seen by the user, whatever the autonomy level or session grants. */
  mustAsk: boolean;
  /** The tier the call is raised to at least, if any. */
  raiseTo?: RiskTier;
  /** Why, in the audit's words. */
  reason?: string;
}

const CLEAN: TaintVerdict = { mustAsk: false };

/**
 * After untrusted text, a side effect or a world-pointing value nobody vouched for (a URL the
 * model made up can carry data out in its query) must be seen by the user.
 */
export function taintVerdict(
  tool: ToolDefinition,
  findings: readonly ProvenanceFinding[],
  taint: TaintState,
): TaintVerdict {
  if (!taint.tainted) return CLEAN;
  const sideEffect = tool.effects.some((effect) => TAINT_SENSITIVE_EFFECTS.has(effect));
  const unvouched = findings.some((finding) => finding.origin === "unknown");
  if (!sideEffect && !unvouched) return CLEAN;
  const from = taint.sources.length > 0 ? ` (${taint.sources.slice(0, 3).join(", ")})` : "";
  return {
    mustAsk: true,
    ...(sideEffect ? { raiseTo: "dangerous" as const } : {}),
    reason: `the run read untrusted content${from}; asking before acting`,
  };
}
