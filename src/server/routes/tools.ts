import { type ToolDefinition, tierLabel } from "../../core/tool.js";
import type { ServerContext } from "../context.js";

export interface ToolInfo {
  name: string;
  group: string;
  description: string;
  tier: string;
  effects: string[];
  parameters: unknown;
  /** The per-tool policy override in config.yaml, if any. */
  override?: string;
  /** Why it cannot run here (missing program, platform); absent when it can. */
  unavailable?: string;
}

const CHECK_MS = 2_000;
const CACHE_MS = 60_000;
type AvailabilityCache = WeakMap<ToolDefinition, { at: number; value: Promise<string | undefined> }>;

async function unavailableReason(
  tool: ToolDefinition,
  availability: AvailabilityCache,
): Promise<string | undefined> {
  if (!tool.available) return undefined;
  const cached = availability.get(tool);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = Promise.race([
    Promise.resolve()
      .then(() => tool.available?.())
      .catch((error: Error) => `availability check failed: ${error.message}`),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), CHECK_MS).unref()),
  ]);
  availability.set(tool, { at: Date.now(), value });
  return value;
}

/**
 * The catalog as the Tools page shows it: groups, tiers, effects, overrides, availability
 * (each tool's check is cached for a minute and bounded in time).
 */
export function createToolCatalog(context: ServerContext): (check?: boolean) => Promise<ToolInfo[]> {
  const availability: AvailabilityCache = new WeakMap();
  return (check = true) => toolCatalog(context, check ? availability : undefined);
}

async function toolCatalog(
  context: ServerContext,
  availability: AvailabilityCache | undefined,
): Promise<ToolInfo[]> {
  const overrides = context.runtime.config.policy.tools as Record<string, string>;
  return Promise.all(
    context.runtime.registry.list().map(async (tool) => {
      const unavailable = availability ? await unavailableReason(tool, availability) : undefined;
      const override = overrides[tool.name];
      return {
        name: tool.name,
        group: tool.group,
        description: tool.description,
        tier: tierLabel(tool),
        effects: tool.effects,
        parameters: tool.parameters,
        ...(override ? { override } : {}),
        ...(unavailable ? { unavailable } : {}),
      };
    }),
  );
}
