import type { Autonomy, PolicyOverride } from "../config/schema.js";
import type { Decision, Effect, RiskTier } from "../core/tool.js";

export interface PolicySettings {
  autonomy: Autonomy;
  effects: Partial<Record<Effect, PolicyOverride>>;
  tools: Record<string, PolicyOverride>;
}

/** ARCHITECTURE.md's autonomy × tier table. */
const TABLE: Record<Autonomy, Record<RiskTier, Decision>> = {
  ask_all: { safe: "confirm", caution: "confirm", dangerous: "confirm", destructive: "confirm" },
  smart: { safe: "allow", caution: "notify", dangerous: "confirm", destructive: "confirm" },
  full_auto: { safe: "allow", caution: "allow", dangerous: "allow", destructive: "confirm" },
};

export interface PolicyDecision {
  decision: Decision;
  reason: string;
}

/**
 * Decides one call. Order: any `deny` override wins; then the tool's own override, then effect
 * overrides (the strictest), then the table. A session grant turns `confirm` into `allow`.
 * Destructive always asks, whatever the overrides; anything undecidable is denied. `mustAsk`
 * (the taint verdict's reason, decided once by the gate) makes an allowed call ask even under
 * full_auto or a session grant: injected instructions must never act unseen.
 */
export function decide(
  tier: RiskTier,
  toolName: string,
  effects: readonly Effect[],
  settings: PolicySettings,
  sessionGrant = false,
  mustAsk?: string,
): PolicyDecision {
  const toolOverride = settings.tools[toolName];
  const effectOverrides = effects
    .map((effect) => [effect, settings.effects[effect]] as const)
    .filter((pair): pair is readonly [Effect, PolicyOverride] => pair[1] !== undefined);

  if (toolOverride === "deny") return { decision: "deny", reason: `policy.tools.${toolName} is deny` };
  const deniedEffect = effectOverrides.find(([, o]) => o === "deny");
  if (deniedEffect) return { decision: "deny", reason: `policy.effects.${deniedEffect[0]} is deny` };

  const base = TABLE[settings.autonomy]?.[tier];
  if (!base) return { decision: "deny", reason: `no policy for ${settings.autonomy} × ${tier}` };

  let decision: Decision = base;
  let reason = `${tier} under ${settings.autonomy} → ${base}`;
  if (toolOverride) {
    decision = toolOverride === "auto" ? "allow" : "confirm";
    reason = `policy.tools.${toolName} is ${toolOverride}`;
  } else if (effectOverrides.length > 0) {
    const strictest = effectOverrides.find(([, o]) => o === "confirm") ?? effectOverrides[0];
    if (strictest) {
      decision = strictest[1] === "auto" ? "allow" : "confirm";
      reason = `policy.effects.${strictest[0]} is ${strictest[1]}`;
    }
  }
  if (tier === "destructive") return { decision: "confirm", reason: "destructive actions always ask" };
  if (mustAsk && (decision === "allow" || decision === "notify"))
    return { decision: "confirm", reason: mustAsk };
  if (mustAsk) return { decision, reason };
  if (decision === "confirm" && sessionGrant)
    return { decision: "allow", reason: "allowed for this session" };
  return { decision, reason };
}
