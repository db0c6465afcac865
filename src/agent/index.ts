export { openAgentService } from "../runtime/agent.js";
export { PendingConfirmations, readAnswer } from "./confirmations.js";
export { buildSystemPrompt, narrowTools, PERSONA, toolSpecsFor } from "./context.js";
export { AsyncQueue, type EventFilter, EventHub, RunEmitter, type Subscription } from "./events.js";
export { composeAnswer, embeddedReply, NO_MODEL_QUESTION, NOT_SURE, NOTHING_PENDING } from "./fast-path.js";
export { DEFAULT_LIMITS, estimateSize, type RunLimits } from "./limits.js";
export { loadNlu, NULL_NLU } from "./nlu-loader.js";
export { PLAN_TOOL, planTool } from "./plan-tool.js";
export { createRecallHook, recallHookFor } from "./recall-hook.js";
export { processAlive, RunStore } from "./run-store.js";
export { AgentService, type AgentServiceOptions } from "./service.js";
export { SessionStore } from "./session-store.js";
export type {
  MemoryHook,
  RunDetail,
  RunMode,
  RunState,
  RunStatus,
  RunSummary,
  SessionMessage,
  StepRecord,
  StepStatus,
  TaskSize,
  TurnHandle,
  TurnRequest,
  TurnResult,
} from "./types.js";
export { NO_MEMORY } from "./types.js";
