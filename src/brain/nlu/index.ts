/**
 * The embedded brain: templates + slots + a small classifier over the registered tools'
 * language (`ToolDefinition.language`, written by each tool group). `createNlu(tools)` → `Nlu`
 * (see types.ts for the contract the agent loop consumes). The engine names no tool.
 */

export { desktopAppNames, keptDesktopAppNames, userFileNames } from "./apps.js";
export { type BuildOptions, createNluInWorker } from "./build.js";
export type { NluTool } from "./catalog.js";
export { capabilitiesReply } from "./chat.js";
export type { IntentSpec } from "./language/types.js";
export {
  createNlu,
  DEFAULT_THRESHOLDS,
  type EmbeddedNlu,
  type NluOptions,
  type Thresholds,
} from "./parser.js";
export { parseDuration, parseMath, parseWhen, TimeZones } from "./slots/index.js";
export type { Nlu, NluCall, NluContext, NluKind, NluResult, PendingCall } from "./types.js";
