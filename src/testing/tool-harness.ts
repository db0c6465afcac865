import type { Clock } from "../core/clock.js";
import type { ConfirmAnswer } from "../core/events.js";
import { MemoryHandleStore } from "../core/handles.js";
import type { HandleStore, ToolDefinition } from "../core/tool.js";
import { type ConfirmationBroker, FixedConfirmationBroker } from "../gate/confirm.js";
import type { CallOutcome } from "../gate/gate.js";
import { canonicalPath } from "../gate/paths.js";
import { createRunScope } from "../gate/scope.js";
import { createRuntime, type Runtime } from "../runtime/runtime.js";
import type { ToolDeps } from "../tools/deps.js";
import { createTempHome, type TempHome } from "./home.js";

/**
 * Test support for tool groups: a temp HOME + JARVIS_HOME, a real runtime (config, store,
 * audit, the real gate) holding only the tools under test, and one-line calls through the gate.
 */
export interface ToolHarness {
  temp: TempHome;
  runtime: Runtime;
  /** HOME after realpath (what the gate reports paths relative to). */
  home: string;
  call(tool: string, args: Record<string, unknown>, options?: CallOptions): Promise<HarnessOutcome>;
  close(): Promise<void>;
}

export interface CallOptions {
  /** How the confirmation is answered (default: approve). */
  answer?: ConfirmAnswer;
  broker?: ConfirmationBroker;
  /** What "the user said" (default: the JSON of the arguments, as `jarvis tools call` does). */
  userText?: string[];
  handles?: HandleStore;
  signal?: AbortSignal;
}

export type HarnessOutcome = CallOutcome & { broker: ConfirmationBroker };

export function createToolHarness(
  tools: (deps: ToolDeps) => ToolDefinition[],
  configYaml = "",
  env: NodeJS.ProcessEnv = {},
  options: { clock?: Clock } = {},
): ToolHarness {
  const temp = createTempHome("jarvis-tools-");
  if (configYaml) temp.writeConfig(configYaml);
  const runtime = createRuntime({
    env: { ...temp.env, ...env },
    tools,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const handles = new MemoryHandleStore();
  return {
    temp,
    runtime,
    home: canonicalPath(temp.home, temp.home),
    async call(tool, args, options = {}) {
      const broker = options.broker ?? new FixedConfirmationBroker(options.answer ?? "approve");
      const outcome = await runtime.gate.call(
        { tool, args },
        createRunScope({
          runId: runtime.ids.next("run"),
          userText: options.userText ?? [JSON.stringify(args)],
          handles: options.handles ?? handles,
          broker,
          signal: options.signal,
        }),
      );
      return { ...outcome, broker };
    },
    async close() {
      await runtime.close();
      temp.cleanup();
    },
  };
}

/** The preview the user was shown for the first confirmation of a call. */
export function firstPreview(outcome: HarnessOutcome): string | undefined {
  return (outcome.broker as FixedConfirmationBroker).seen?.[0]?.preview;
}

/** The tool's own output, without the `<untrusted>` wrapper the gate adds for third-party text. */
export function outputOf(outcome: CallOutcome): string {
  const output = outcome.result?.output ?? "";
  const match = /^<untrusted source="[^"]*">\n([\s\S]*)\n<\/untrusted>$/.exec(output);
  return match ? match[1]! : output;
}

/** The structured `data` of a call's result (fails the test when there is none). */
export function dataOf<T>(outcome: CallOutcome): T {
  if (outcome.result?.data === undefined)
    throw new Error(`${outcome.tool} returned no data: ${outcome.observation}`);
  return outcome.result.data as T;
}

/** How many times the user was asked during a call. */
export function timesAsked(outcome: HarnessOutcome): number {
  return (outcome.broker as FixedConfirmationBroker).seen?.length ?? 0;
}
