export { DEFAULT_DENY, rootsFromConfig } from "./roots.js";
export { createRuntime, type Runtime, type RuntimeOptions } from "./runtime.js";
