export { createFileLogger } from "./logger.js";
