export { type CliRun, JARVIS_BIN, REPO_ROOT, runJarvis } from "./cli.js";
export { createTempHome, type TempHome } from "./home.js";
export { hasPrograms } from "./programs.js";
