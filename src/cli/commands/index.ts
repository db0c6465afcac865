import type { Command } from "commander";
import type { CliContext } from "../context.js";
import { registerAuditCommands } from "./audit.js";
import { registerConfigCommands } from "./config.js";
import { registerDoctorCommand } from "./doctor.js";
import { registerToolsCommands } from "./tools.js";

/** Every command group; each lives in its own file and registers itself here with one line. */
export const COMMAND_GROUPS: Array<(program: Command, context: CliContext) => void> = [
  registerToolsCommands,
  registerAuditCommands,
  registerConfigCommands,
  registerDoctorCommand,
];
