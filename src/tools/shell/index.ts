export { commandLine, quoteArg, scrubEnv } from "./command-line.js";
export { createShellTools, type ShellRunOptions } from "./run.js";
export { type RunOptions, type RunResult, runProgram } from "./spawn.js";
