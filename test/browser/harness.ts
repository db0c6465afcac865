import { z } from "zod";
import { MemoryHandleStore } from "../../src/core/handles.js";
import { silentLogger } from "../../src/core/logger.js";
import { emailString, parametersFrom } from "../../src/core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../src/core/tool.js";
import { type ConfirmationBroker, FixedConfirmationBroker } from "../../src/gate/confirm.js";
import type { RunScope } from "../../src/gate/gate.js";
import { createRunScope } from "../../src/gate/scope.js";
import { createRuntime, type Runtime } from "../../src/runtime/runtime.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import type { ToolDeps } from "../../src/tools/deps.js";
import type { LookupFn } from "../../src/tools/web/guard.js";

/** Test DNS: `.test` names resolve where the test wants; everything else does not resolve. */
export function fakeLookup(table: Record<string, string[]>): LookupFn & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (host: string) => {
    calls.push(host);
    const found = table[host.toLowerCase()];
    if (!found) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));
  };
  return Object.assign(lookup, { calls });
}

/** Stands in for mail_send: a tool with the `send` effect that records whether it ran. */
export function sendTool(sent: Array<{ to: string[]; body: string }>): ToolDefinition {
  return defineTool<{ to: string[]; subject: string; body: string }>({
    name: "test_mail_send",
    group: "test",
    description: "send an email",
    parameters: parametersFrom(
      z.object({
        to: z.array(emailString("recipient")).min(1),
        subject: z.string().max(200),
        body: z.string().max(10_000),
      }),
    ),
    effects: ["send"],
    risk: "caution",
    async execute(args) {
      sent.push({ to: args.to, body: args.body });
      return ok(`sent to ${args.to.join(", ")}`);
    },
  });
}

export interface Harness {
  temp: TempHome;
  runtime: Runtime;
  /** A new turn in the same session: handles carry over (as the agent loop persists them). */
  turn(userText: string, broker?: ConfirmationBroker): RunScope;
  call(tool: string, args: Record<string, unknown>, scope: RunScope): ReturnType<Runtime["gate"]["call"]>;
  close(): Promise<void>;
}

export function createHarness(configYaml: string, tools: (deps: ToolDeps) => ToolDefinition[]): Harness {
  const temp = createTempHome("jarvis-browser-");
  temp.writeConfig(configYaml);
  let runtime: Runtime;
  try {
    runtime = createRuntime({ env: temp.env, logger: silentLogger, tools });
  } catch (error) {
    temp.cleanup();
    throw error;
  }
  const handles = new MemoryHandleStore();
  const said: string[] = [];
  let turns = 0;
  return {
    temp,
    runtime,
    turn(userText, broker = new FixedConfirmationBroker("deny")) {
      said.push(userText);
      turns += 1;
      return createRunScope({
        runId: `run_${turns}`,
        sessionId: "session_1",
        userText: [...said],
        handles,
        broker,
      });
    },
    call: (tool, args, scope) => runtime.gate.call({ tool, args }, scope),
    async close() {
      await runtime.close();
      temp.cleanup();
    },
  };
}
