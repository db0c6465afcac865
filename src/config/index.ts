export { describeIssue, loadConfig, parseConfigText, validateConfig } from "./load.js";
export { expandPath, expandTilde, type JarvisPaths, pathsFor, resolveHome } from "./paths.js";
export {
  type Autonomy,
  configSchema,
  defaultConfig,
  type JarvisConfig,
  type ModelConfig,
  type PolicyOverride,
} from "./schema.js";
export { mergeConfigSections, parseValue, renderConfig, setConfigValue, writeFileAtomic } from "./write.js";
