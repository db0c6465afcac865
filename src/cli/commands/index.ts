import type { Command } from "commander";
import type { CliContext } from "../context.js";
import { registerAccountsCommands } from "./accounts.js";
import { registerAskCommand } from "./ask.js";
import { registerAuditCommands } from "./audit.js";
import { registerChatCommand } from "./chat.js";
import { registerConfigCommands } from "./config.js";
import { registerDocsCommands } from "./docs.js";
import { registerDoctorCommand } from "./doctor.js";
import { registerStartCommand } from "./start.js";
import { registerMemoryCommands } from "./memory.js";
import { registerNluCommand } from "./nlu.js";
import { registerRunsCommands } from "./runs.js";
import { registerToolsCommands } from "./tools.js";
import { registerVoiceCommands } from "./voice.js";

/** Every command group; each lives in its own file and registers itself here with one line. */
export const COMMAND_GROUPS: Array<(program: Command, context: CliContext) => void> = [
  registerToolsCommands,
  registerAskCommand,
  registerChatCommand,
  registerRunsCommands,
  registerAuditCommands,
  registerConfigCommands,
  registerDoctorCommand,
  registerStartCommand,
  registerDocsCommands,
  registerMemoryCommands,
  registerVoiceCommands,
  registerAccountsCommands,
  registerNluCommand,
];
