import type { McpServerConfig } from "../../../config/mcp.js";
import { toJarvisError } from "../../../core/errors.js";
import { type Effect, fail, maxTier, type RiskTier, type ToolDefinition } from "../../../core/tool.js";
import type { SchemaValidator } from "../../../gate/schema-validator.js";
import type { AskPerson } from "./elicit.js";
import { groupOf, jarvisToolName } from "./names.js";
import { type McpCallResult, toToolResult } from "./result.js";
import { sanitizeInputSchema } from "./schema.js";

/** A tool as a server lists it (`tools/list`); every field is the server's word, untrusted. */
export interface McpToolInfo {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: unknown;
  annotations?:
    | {
        title?: string | undefined;
        readOnlyHint?: boolean | undefined;
        destructiveHint?: boolean | undefined;
        idempotentHint?: boolean | undefined;
        openWorldHint?: boolean | undefined;
      }
    | undefined;
}

/** Runs one call on the live connection; throws a JarvisError when the server is not there. */
export type McpToolCaller = (
  mcpName: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  /** Where the server's questions during this call go (the person who started it). */
  ask?: AskPerson,
) => Promise<McpCallResult>;

export interface AdaptedTool {
  definition: ToolDefinition;
  mcpName: string;
}

export interface Catalog {
  tools: AdaptedTool[];
  /** Tools left out, and why (disabled in config, a schema the gate cannot use). */
  skipped: Array<{ mcpName: string; reason: string }>;
  /** Things the user should know (a schema that tried to set the gate's own annotations). */
  warnings: string[];
}

const MAX_DESCRIPTION = 1000;

/**
 * A server's tool list as registry entries `<server>__<tool>`. Annotations are hints from an
 * untrusted party: `destructiveHint` may raise a tool's tier and hints may add effects, but
 * nothing the server says lowers the tier or removes an effect the user configured.
 */
export function adaptTools(
  server: string,
  config: McpServerConfig,
  listed: readonly McpToolInfo[],
  call: McpToolCaller,
  validator: SchemaValidator,
): Catalog {
  const catalog: Catalog = { tools: [], skipped: [], warnings: [] };
  const taken = new Set<string>();
  for (const info of listed) {
    const override = config.tools[info.name];
    if (override?.enabled === false) {
      catalog.skipped.push({ mcpName: info.name, reason: `disabled in mcp.servers.${server}.tools` });
      continue;
    }
    const name = jarvisToolName(server, info.name, taken);
    let parameters: ToolDefinition["parameters"];
    try {
      const sanitized = sanitizeInputSchema(info.inputSchema);
      if (sanitized.smuggled.length > 0) {
        catalog.warnings.push(
          `${server}: tool ${info.name} set the gate's own schema keys (${sanitized.smuggled.join(", ")}); they were removed`,
        );
      }
      validator.compile(name, sanitized.schema); // the gate compiles it again on first call; a bad one stops here
      parameters = sanitized.schema;
    } catch (error) {
      catalog.skipped.push({ mcpName: info.name, reason: toJarvisError(error).message });
      continue;
    }
    taken.add(name);
    catalog.tools.push({
      mcpName: info.name,
      definition: toDefinition(server, config, info, name, parameters, call),
    });
  }
  return catalog;
}

function toDefinition(
  server: string,
  config: McpServerConfig,
  info: McpToolInfo,
  name: string,
  parameters: ToolDefinition["parameters"],
  call: McpToolCaller,
): ToolDefinition {
  const override = config.tools[info.name];
  const hints = info.annotations ?? {};
  const base: RiskTier = override?.tier ?? config.tier;
  const tier =
    hints.destructiveHint === true && hints.readOnlyHint !== true ? maxTier(base, "destructive") : base;
  const effects = new Set<Effect>(override?.effects ?? config.effects);
  if (hints.destructiveHint === true && hints.readOnlyHint !== true) effects.add("delete");
  if (hints.openWorldHint === true) effects.add("network");
  const maxChars = config.max_output_kb * 1024;
  return {
    name,
    group: groupOf(server),
    description: describe(server, info),
    parameters,
    effects: [...effects],
    risk: tier,
    trust: "untrusted",
    timeoutMs: config.timeout_s * 1000,
    preview: (args) => `MCP server ${server}, tool ${info.name}, with:\n${JSON.stringify(args, null, 2)}`,
    async execute(args, ctx) {
      try {
        return toToolResult(
          server,
          info.name,
          await call(info.name, args, ctx.signal, ctx.confirm),
          maxChars,
        );
      } catch (error) {
        const failure = toJarvisError(error, "TOOL_FAILED");
        if (failure.code === "CANCELLED" || failure.code === "TIMEOUT") throw failure;
        return fail(failure.code, failure.message, failure.fix);
      }
    },
  };
}

/** What the model reads about the tool: the server's own words, bounded and labelled as its. */
function describe(server: string, info: McpToolInfo): string {
  const title = info.title ?? info.annotations?.title;
  const text = [title, info.description].filter((part) => typeof part === "string" && part.trim()).join(": ");
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  const bounded = clean.length > MAX_DESCRIPTION ? `${clean.slice(0, MAX_DESCRIPTION)}…` : clean;
  return `${bounded || info.name} (from the MCP server "${server}")`;
}
