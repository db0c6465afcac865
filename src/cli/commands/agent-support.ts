import type { AgentService } from "../../agent/service.js";
import type { TurnHandle, TurnResult } from "../../agent/types.js";
import { ERROR_CODES, type ErrorCode } from "../../core/errors.js";
import { openAgentService } from "../../runtime/agent.js";
import type { CliContext } from "../context.js";
import { EventPrinter } from "../printer.js";

export { EventPrinter } from "../printer.js";

/** The agent for one CLI command: runtime, models from config/env, the embedded NLU. */
export async function openAgent(context: CliContext): Promise<AgentService> {
  return openAgentService(context.runtime());
}

/** Streams a turn to the terminal; the first Ctrl-C stops the run, a second one exits. */
export async function streamTurn(
  context: CliContext,
  agent: AgentService,
  handle: TurnHandle,
  json: boolean,
): Promise<TurnResult> {
  const printer = new EventPrinter(context, json);
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

/** 0 finished, 3 when policy or the user refused, 1 for anything else. */
export function exitCodeForTurn(result: TurnResult): number {
  if (result.status === "finished") return 0;
  const code = result.error?.code as ErrorCode | undefined;
  if (code && code in ERROR_CODES && ERROR_CODES[code].kind === "policy") return 3;
  return 1;
}
