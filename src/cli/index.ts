export { type CliContext, createCliContext } from "./context.js";
export { buildProgram, main, VERSION } from "./main.js";
