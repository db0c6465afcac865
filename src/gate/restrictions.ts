import { JarvisError } from "../core/errors.js";
import type { Decision, ScopeRestriction } from "../core/tool.js";

/** What the run's restrictions mean for one call, decided with policy (step 5). */
export interface RestrictionVerdict {
  outside: "ask" | "deny";
  /** For the audit (names the tool). */
  reason: string;
  /** For a person (no tool names). */
  message: string;
  fix: string;
}

/** Tools a restriction always lets through (updating the visible plan is not an action). */
const ALWAYS = new Set(["plan_update"]);

/**
 * The first restriction this call is outside of, if any: a `deny` restriction wins over an
 * `ask` one. Names match exactly; `group_*` matches a group's tools.
 */
export function restrictionVerdict(
  tool: string,
  restrictions: readonly ScopeRestriction[] | undefined,
): RestrictionVerdict | undefined {
  if (!restrictions || restrictions.length === 0 || ALWAYS.has(tool)) return undefined;
  const outside = restrictions.filter(
    (restriction) => !restriction.allowed.some((pattern) => matches(pattern, tool)),
  );
  const first = outside.find((restriction) => restriction.outside === "deny") ?? outside[0];
  if (!first) return undefined;
  return {
    outside: first.outside,
    reason: `${first.source} does not allow ${tool}`,
    message: `${first.source} does not allow this`,
    fix:
      first.outside === "deny"
        ? "declare it among the tool's capabilities and register the tool again"
        : "approve it if you trust this step, or close the skill",
  };
}

function matches(pattern: string, tool: string): boolean {
  return pattern.endsWith("_*") ? tool.startsWith(pattern.slice(0, -1)) : pattern === tool;
}

/**
 * A call outside the run's restrictions (an active skill's allowed-tools, a generated tool's
 * capabilities) is never silently allowed: asked, or refused with the restriction named.
 */
export function applyRestrictions<
  J extends { decision: Decision; reason: string; why?: string; refusal?: JarvisError },
>(judged: J, tool: string, restrictions: readonly ScopeRestriction[] | undefined): J {
  const verdict = restrictionVerdict(tool, restrictions);
  if (!verdict || judged.decision === "deny") return judged;
  const reason = `${judged.reason}; ${verdict.reason}`;
  if (verdict.outside === "ask") {
    const why = `${verdict.message.charAt(0).toUpperCase()}${verdict.message.slice(1)}.`;
    return { ...judged, decision: "confirm", reason, why };
  }
  return {
    ...judged,
    decision: "deny",
    reason,
    refusal: new JarvisError("POLICY_DENIED", verdict.message, { fix: verdict.fix }),
  };
}
