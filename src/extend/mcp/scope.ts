import { MemoryHandleStore } from "../../core/handles.js";
import type { ConfirmationBroker } from "../../gate/confirm.js";
import type { RunScope } from "../../gate/types.js";

/**
 * The run scope of MCP work that is not an agent turn (a call arriving through `jarvis mcp
 * serve`, the conformance driver): fresh handles, untainted, no session grants.
 */
export function mcpRunScope(options: {
  runId: string;
  broker: ConfirmationBroker;
  userText?: string[];
  signal?: AbortSignal;
  correlationId?: string;
}): RunScope {
  return {
    runId: options.runId,
    ...(options.correlationId ? { correlationId: options.correlationId } : {}),
    userText: options.userText ?? [],
    handles: new MemoryHandleStore(),
    taint: { tainted: false, sources: [] },
    grants: new Set(),
    broker: options.broker,
    ...(options.signal ? { signal: options.signal } : {}),
  };
}
