import { MemoryHandleStore } from "../core/handles.js";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import type { RunScope } from "../gate/types.js";

/** A fresh run scope for calling the gate in tests: nothing said, nothing tainted, no grants. */
export function runScope(answer: "approve" | "deny" = "deny"): RunScope {
  return {
    runId: "run_1",
    userText: [],
    handles: new MemoryHandleStore(),
    taint: { tainted: false, sources: [] },
    grants: new Set(),
    broker: new FixedConfirmationBroker(answer),
  };
}
