import type { ModelRouter } from "../../brain/models/router.js";
import type { ModelToolSpec } from "../../brain/models/types.js";
import { EFFECTS, type ToolDefinition } from "../../core/tool.js";

export const SUBMIT_TOOL = "submit_tool";

/** The one tool the drafting model is offered: the whole draft as its arguments. */
export const SUBMIT_SPEC: ModelToolSpec = {
  name: SUBMIT_TOOL,
  description: "Submit the tool: its manifest, its JavaScript code and its tests.",
  parameters: {
    type: "object",
    properties: {
      name: { type: "string", description: "snake_case, 3-41 characters, e.g. csv_to_markdown" },
      description: { type: "string", description: "what the tool does, for the assistant that will call it" },
      parameters: {
        type: "object",
        description: 'JSON Schema of the arguments, {"type":"object","properties":{...},"required":[...]}',
      },
      effects: {
        type: "array",
        items: { type: "string", enum: [...EFFECTS] },
        description: 'side effects; [] or ["read"] for pure computation',
      },
      capabilities: {
        type: "array",
        items: { type: "string" },
        description: "Jarvis tools the code calls with jarvis.call",
      },
      code: { type: "string", description: "JavaScript defining async function run(args)" },
      tests: {
        type: "array",
        description:
          "1-20 tests: {name, args, expect} (exact value) or {name, args, expect_contains} (text); capabilities: {tool: {output}} answers for calls",
        items: { type: "object" },
      },
    },
    required: ["name", "description", "parameters", "effects", "capabilities", "code", "tests"],
  },
};

/** Instructions for the drafting model (no tool names of the user's catalog beyond those offered). */
export function draftingPrompt(capabilities: readonly ToolDefinition[]): string {
  const offered = capabilities.map((tool) => `- ${tool.name}: ${tool.description.slice(0, 160)}`).join("\n");
  return [
    "You write one small JavaScript tool for a personal assistant, with tests, and submit it with submit_tool.",
    "The code runs in QuickJS (modern JavaScript, no Node.js: no require, import, process, fs, fetch or timers).",
    "Define `async function run(args)` that returns a string or a JSON value.",
    "The only way to reach files, the web or anything else is `await jarvis.call(tool, args)`, which returns {ok, output, data} or throws when refused; list every tool you call in capabilities. Prefer none.",
    "Declare effects honestly (read, write, delete, send, network, ui, exec, spend, memory); pure computation has none.",
    "Tests never touch the world: give each capability's answer in the test's capabilities field.",
    offered ? `Tools the code may call:\n${offered}` : "The code may not call any tool.",
  ].join("\n");
}

export interface DraftRequest {
  description: string;
  /** The previous submission and why it failed, for a repair round. */
  previous?: { submission: unknown; problems: string[] };
}

/** One drafting round: the model is asked for a submission; the raw arguments come back unchecked. */
export async function requestDraft(
  router: ModelRouter,
  request: DraftRequest,
  capabilities: readonly ToolDefinition[],
  signal: AbortSignal,
): Promise<{ submission: unknown; model: string; ms: number }> {
  const started = Date.now();
  const session = router.session();
  const user = request.previous
    ? [
        `The tool to write: ${request.description}`,
        "Your last submission did not pass:",
        ...request.previous.problems.map((problem) => `- ${problem}`),
        `Your last submission was:\n${JSON.stringify(request.previous.submission).slice(0, 60_000)}`,
        "Fix it and submit again with submit_tool.",
      ].join("\n")
    : `The tool to write: ${request.description}`;
  const turn = await session.complete(
    {
      system: draftingPrompt(capabilities),
      messages: [{ role: "user", content: user }],
      tools: [SUBMIT_SPEC],
    },
    { signal, onText: () => undefined, onNotice: () => undefined },
  );
  const call = turn.toolCalls.find((candidate) => candidate.name === SUBMIT_TOOL);
  return {
    submission: call
      ? call.invalid
        ? { invalid: call.invalid, raw: call.input }
        : call.input
      : { text: turn.text },
    model: turn.model,
    ms: Date.now() - started,
  };
}
