import { createNlu, type EmbeddedNlu, type NluContext, type NluOptions } from "../brain/nlu/index.js";
import { silentLogger } from "../core/logger.js";
import type { ToolDefinition } from "../core/tool.js";
import { createRuntime } from "../runtime/runtime.js";
import { createTempHome } from "./home.js";

/**
 * The built-in catalog as a running Jarvis registers it, each tool with its group's language:
 * what the embedded NLU is built from in tests and benchmarks.
 */
export async function builtinToolsForNlu(): Promise<ToolDefinition[]> {
  const home = createTempHome("jarvis-nlu-tools-");
  const runtime = createRuntime({ env: home.env, logger: silentLogger });
  try {
    return runtime.registry.list();
  } finally {
    await runtime.close();
    home.cleanup();
  }
}

/** Wednesday 11 June 2025, 10:00 UTC: the clock every NLU test reads dates against. */
export const NLU_TEST_NOW = new Date("2025-06-11T10:00:00Z");

/** An NLU over the built-in catalog, and `parse` at the test clock in UTC. */
export async function createTestNlu(options: NluOptions = {}): Promise<{
  nlu: EmbeddedNlu;
  tools: ToolDefinition[];
  parse: (text: string, context?: NluContext) => ReturnType<EmbeddedNlu["parse"]>;
}> {
  const tools = await builtinToolsForNlu();
  const nlu = createNlu(tools, { timezone: "UTC", ...options });
  const parse = (text: string, context: NluContext = {}) =>
    nlu.parse(text, { now: NLU_TEST_NOW, timezone: "UTC", ...context });
  return { nlu, tools, parse };
}
