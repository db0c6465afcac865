import { MemoryHandleStore } from "../core/handles.js";
import { silentLogger } from "../core/logger.js";
import type { ToolDefinition } from "../core/tool.js";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import type { CallOutcome } from "../gate/gate.js";
import { createRunScope } from "../gate/scope.js";
import type { Platform } from "../platform/types.js";
import { createRuntime, type Runtime } from "../runtime/runtime.js";
import type { ToolDeps } from "../tools/deps.js";
import { createTempHome } from "./home.js";

export type DesktopFactory = (deps: ToolDeps, platform?: Platform) => ToolDefinition[];

/**
 * A real runtime (store, audit, gate, policy) whose desktop tools drive the given platform;
 * tests and benchmarks call tools exactly as the agent does. Dangerous calls are approved
 * unless `answer` says otherwise; `broker.seen` shows what was asked.
 */
export function desktopHarness(
  platform: Platform | undefined,
  factories: DesktopFactory[],
  env: NodeJS.ProcessEnv = {},
) {
  const temp = createTempHome("jarvis-desktop-");
  const runtime: Runtime = createRuntime({
    env: { ...temp.env, ...env },
    logger: silentLogger,
    tools: (deps) => factories.flatMap((factory) => factory(deps, platform)),
  });
  const handles = new MemoryHandleStore();
  let broker = new FixedConfirmationBroker("approve");
  return {
    runtime,
    temp,
    handles,
    get broker() {
      return broker;
    },
    call(
      tool: string,
      args: Record<string, unknown>,
      answer: "approve" | "deny" = "approve",
    ): Promise<CallOutcome> {
      broker = new FixedConfirmationBroker(answer);
      return runtime.gate.call(
        { tool, args },
        createRunScope({ runId: runtime.ids.next("run"), userText: [JSON.stringify(args)], handles, broker }),
      );
    },
    async close(): Promise<void> {
      await runtime.close();
      temp.cleanup();
    },
  };
}
