/**
 * The embedded brain: templates + slots + a small classifier over the registered tools.
 * `createNlu(tools)` → `Nlu` (see types.ts for the contract the agent loop consumes).
 */

export { type BuildOptions, createNluInWorker } from "./build.js";
export type { NluTool } from "./catalog.js";
export { capabilitiesReply } from "./chat.js";
export { CONTRACT_TOOLS } from "./contract.js";
export { BUILTIN_INTENTS, type IntentSpec, type IntentTable } from "./intents/index.js";
export {
  createNlu,
  DEFAULT_THRESHOLDS,
  type EmbeddedNlu,
  type NluOptions,
  type Thresholds,
} from "./parser.js";
export { parseDuration, parseMath, parseWhen, TimeZones } from "./slots/index.js";
export type { Nlu, NluCall, NluContext, NluKind, NluResult, PendingCall } from "./types.js";
