import type { NluTool } from "../brain/nlu/catalog.js";
import { features, SoftmaxClassifier } from "../brain/nlu/classifier.js";
import { createNlu, type EmbeddedNlu, type NluContext, type NluOptions } from "../brain/nlu/index.js";
import { assembleNlu } from "../brain/nlu/parser.js";
import { tokenize } from "../brain/nlu/text/normalize.js";
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
/** Two made-up tools with a little language of their own: the engine needs nothing else. */
export const KETTLE_AND_RADIO = [
  {
    name: "kettle_boil",
    group: "kitchen",
    language: [
      { templates: ["boil [the] kettle", "(make|put on) [some] (tea|coffee)"], samples: ["i want tea"] },
    ],
  },
  {
    name: "radio_on",
    group: "audio",
    language: [
      { templates: ["(turn|switch) on the radio", "play [some] (jazz|music)"], samples: ["music please"] },
    ],
  },
] satisfies NluTool[];

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

/**
 * The reading of `text` by a classifier written by hand, so a test does not rest on a training
 * draw: every word weighs nothing and the biases alone (`lean`, by label) rank the labels.
 */
export function parseLeaning(
  tools: readonly ToolDefinition[],
  text: string,
  lean: Record<string, number>,
): ReturnType<EmbeddedNlu["parse"]> {
  const labels = Object.keys(lean);
  const vocabulary = [...new Set(features(tokenize(text).map((t) => t.w)))];
  const classifier = SoftmaxClassifier.fromSnapshot({
    labels,
    vocabulary,
    weights: new Float32Array(vocabulary.length * labels.length),
    bias: Float32Array.from(labels.map((l) => lean[l]!)),
  });
  const nlu = assembleNlu(tools, classifier, { examples: 0, words: new Map() }, { timezone: "UTC" }, 0);
  return nlu.parse(text, { now: NLU_TEST_NOW, timezone: "UTC" });
}
