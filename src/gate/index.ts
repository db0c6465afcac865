export {
  type AuditEntry,
  type AuditFilter,
  AuditLog,
  GENESIS_HASH,
  hashEntry,
  type VerifyResult,
  verifyChain,
} from "./audit.js";
export {
  type ConfirmationBroker,
  type ConfirmationRequest,
  FixedConfirmationBroker,
  UnattendedConfirmationBroker,
} from "./confirm.js";
export { type DescribableOutcome, type DescribeOptions, describeOutcome } from "./describe.js";
export {
  type Assessment,
  type CallOutcome,
  type CallStatus,
  defaultPreview,
  Gate,
  type GateOptions,
  type ProposedCall,
  type RunScope,
} from "./gate.js";
export { applyStandingGrants, type StandingGrants } from "./grants.js";
export { KillSwitch } from "./kill-switch.js";
export { canonicalPath, checkPath, isWithin, type PathRoots } from "./paths.js";
export { decide, type PolicySettings } from "./policy.js";
export { redact, redactText } from "./redact.js";
export { type RegisteredTool, ToolRegistry } from "./registry.js";
export { createRunScope, type RunScopeInput } from "./scope.js";
export { type TaintVerdict, taintVerdict } from "./taint.js";
