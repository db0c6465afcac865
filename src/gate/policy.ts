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
  /** The gate's terms (names the tool and the setting): for the audit and `--verbose`. */
  reason: string;
  /** The same, for the person, when it asks or tells ("Your settings ask before every action."). */
  why?: string;
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

  if (toolOverride === "deny")
    return { decision: "deny", reason: `policy.tools.${toolName} is deny`, why: BARRED };
  const deniedEffect = effectOverrides.find(([, o]) => o === "deny");
  if (deniedEffect)
    return { decision: "deny", reason: `policy.effects.${deniedEffect[0]} is deny`, why: BARRED };

  const base = TABLE[settings.autonomy]?.[tier];
  if (!base) return { decision: "deny", reason: `no policy for ${settings.autonomy} × ${tier}`, why: BARRED };

  let decision: Decision = base;
  let reason = `${tier} under ${settings.autonomy} → ${base}`;
  let why = tableWhy(settings.autonomy, base, effects);
  if (toolOverride) {
    decision = toolOverride === "auto" ? "allow" : "confirm";
    reason = `policy.tools.${toolName} is ${toolOverride}`;
    why = decision === "confirm" ? "Your settings ask before this action." : ALLOWED;
  } else if (effectOverrides.length > 0) {
    const strictest = effectOverrides.find(([, o]) => o === "confirm") ?? effectOverrides[0];
    if (strictest) {
      decision = strictest[1] === "auto" ? "allow" : "confirm";
      reason = `policy.effects.${strictest[0]} is ${strictest[1]}`;
      why = decision === "confirm" ? "Your settings ask before this kind of action." : ALLOWED;
    }
  }
  if (tier === "destructive")
    return {
      decision: "confirm",
      reason: "destructive actions always ask",
      why: "It is hard to undo, so I always ask first.",
    };
  if (mustAsk && (decision === "allow" || decision === "notify"))
    return { decision: "confirm", reason: mustAsk };
  if (mustAsk) return { decision, reason, why };
  if (decision === "confirm" && sessionGrant)
    return { decision: "allow", reason: "allowed for this session", why: "You allowed it for this session." };
  return { decision, reason, why };
}

const BARRED = "Your settings do not allow this.";
const ALLOWED = "Your settings let me do this without asking.";

/** Why the autonomy table asks or tells, in words: the setting, or what the call does. */
function tableWhy(autonomy: Autonomy, decision: Decision, effects: readonly Effect[]): string {
  if (decision === "allow" || decision === "notify") return ALLOWED;
  if (autonomy === "ask_all") return "Your settings ask before every action.";
  return `${doesWords(effects)}, so I check with you first.`;
}

/** What a call with these effects does, as the start of a sentence. */
function doesWords(effects: readonly Effect[]): string {
  const has = new Set(effects);
  if (has.has("send") || has.has("egress")) return "It sends something out of this computer";
  if (has.has("spend")) return "It spends money";
  if (has.has("delete")) return "It deletes something";
  if (has.has("exec")) return "It runs a program";
  if (has.has("ui")) return "It acts on your screen";
  if (has.has("memory")) return "It changes what I remember about you";
  if (has.has("write")) return "It changes your files or settings";
  return "It can have effects beyond this conversation";
}
