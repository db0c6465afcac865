import { defineTool, fail, type RiskTier, type ToolDefinition } from "../../core/tool.js";
import type { ToolRegistry } from "../../gate/registry.js";
import type { SandboxService } from "../sandbox/service.js";
import { effectsFor, type GeneratedDraft } from "./manifest.js";
import { resultText } from "./tests.js";

/**
 * A registered generated tool as the gate sees it: its own schema, effects (declared plus its
 * capabilities'), a tier never below what they imply, untrusted output. Every call runs its code
 * in QuickJS inside the sandbox, and every capability it uses is a nested call through the same
 * gate, restricted to the capabilities it declared — an undeclared one is refused and audited.
 */
export function generatedToolDefinition(
  draft: GeneratedDraft,
  tier: RiskTier,
  hash: string,
  registry: ToolRegistry,
  sandbox: SandboxService,
): ToolDefinition {
  const { manifest, code } = draft;
  return defineTool<Record<string, unknown>>({
    name: manifest.name,
    group: "generated",
    description: manifest.description,
    parameters: manifest.parameters,
    effects: effectsFor(manifest, registry),
    risk: tier,
    trust: "untrusted",
    timeoutMs: 120_000,
    async execute(args, ctx) {
      const restrict = {
        source: `the generated tool ${manifest.name}`,
        allowed: manifest.capabilities,
        outside: "deny" as const,
      };
      const result = await sandbox.js.run({
        code,
        args,
        capabilities: manifest.capabilities,
        signal: ctx.signal,
        limits: { cpuMs: 10_000, memoryMb: 64 },
        onCapability: async (name, capabilityArgs) => {
          if (!ctx.callTool) return { ok: false, error: "capabilities are not available here" };
          const outcome = await ctx.callTool({ tool: name, args: capabilityArgs }, { restrict });
          return outcome.ok
            ? {
                ok: true,
                value: { ok: true, output: outcome.output ?? outcome.message, data: outcome.data ?? null },
              }
            : { ok: false, error: outcome.message };
        },
      });
      const record = `quickjs in the sandbox (${hash.slice(0, 19)}…), ${result.capabilityCalls} capability calls through the gate`;
      if (!result.ok) {
        const kind = result.error?.kind ?? "error";
        const code =
          kind === "timeout" ? "SANDBOX_STOPPED" : kind === "memory" ? "SANDBOX_STOPPED" : "TOOL_FAILED";
        return { ...fail(code, `the tool failed (${kind}): ${result.error?.message ?? ""}`.trim()), record };
      }
      return { ok: true, output: resultText(result.value), data: result.value, record };
    },
  });
}
