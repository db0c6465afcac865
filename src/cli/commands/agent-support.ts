import { createInterface, type Interface } from "node:readline";
import type { AgentService } from "../../agent/service.js";
import type { TurnHandle, TurnResult } from "../../agent/types.js";
import { openAgentService } from "../../runtime/agent.js";
import type { CliContext } from "../context.js";
import { VERSION } from "../main.js";
import { EventPrinter } from "../printer.js";

export { EventPrinter } from "../printer.js";

/**
 * The agent for one CLI command: runtime, models from config/env, the embedded NLU, and the
 * MCP servers of config.yaml (waited for briefly, so a one-shot command can use their tools).
 */
export async function openAgent(context: CliContext): Promise<AgentService> {
  const runtime = context.runtime();
  // The MCP client and server SDKs (~40 modules) load only when config.yaml names a server
  if (Object.keys(runtime.config.mcp.servers).length > 0) {
    const { attachMcp } = await import("../../extend/mcp/index.js");
    await attachMcp({ ...runtime, onClose: runtime.deps.onClose }, { waitMs: 15_000, version: VERSION });
  }
  return openAgentService(runtime);
}

/** Streams a turn to the terminal; the first Ctrl-C stops the run, a second one exits. */
export async function streamTurn(
  context: CliContext,
  agent: AgentService,
  handle: TurnHandle,
  json: boolean,
  verbose = false,
): Promise<TurnResult> {
  const printer = new EventPrinter(context, json, verbose);
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    agent.kill(handle.runId);
    if (!json) context.stderr.write("\nstopping… (Ctrl-C again to quit at once)\n");
  };
  process.on("SIGINT", onSigint);
  try {
    for await (const event of handle.events) printer.print(event);
    return await handle.done;
  } finally {
    process.off("SIGINT", onSigint);
  }
}

/** A chat's line reader: a prompt and line editing on a terminal, plain lines from a pipe. */
export function chatLines(context: Pick<CliContext, "stdin" | "stderr">): Interface {
  const tty = Boolean(context.stdin.isTTY);
  return createInterface({
    input: context.stdin,
    ...(tty ? { output: context.stderr } : {}),
    terminal: tty,
    prompt: "you › ",
  });
}
