import type { ScopeRestriction } from "../core/tool.js";

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
