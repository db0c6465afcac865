import type { ToolDefinition } from "../core/tool.js";
import { createAppsTools } from "./apps/index.js";
import { browserTools } from "./browser/index.js";
import { createCalcTools } from "./calc/index.js";
import { calendarTools } from "./calendar/index.js";
import { createClipboardTools } from "./clipboard/index.js";
import { contactsTools } from "./contacts/index.js";
import type { ToolDeps } from "./deps.js";
import { createDocsTools } from "./docs/index.js";
import { createFilesTools } from "./files/index.js";
import { createInputTools } from "./input/index.js";
import { createKnowledgeTools } from "./knowledge/index.js";
import { createListTools } from "./lists/index.js";
import { mailTools } from "./mail/index.js";
import { createMediaTools } from "./media/index.js";
import { createMemoryTools } from "./memory/index.js";
import { remindersTools } from "./reminders/index.js";
import { createScreenTools } from "./screen/index.js";
import { createShellTools } from "./shell/index.js";
import { createSystemControlTools } from "./system/control.js";
import { createSystemInfoTools } from "./system/info.js";
import { createTimeTools } from "./time/index.js";
import { createTimerTools } from "./timers/index.js";
import { createTranscribeTools } from "./transcribe/index.js";
import { createUiTools } from "./ui/index.js";
import { createWeatherTools } from "./weather/index.js";
import { webTools } from "./web/index.js";
import { createWindowsTools } from "./windows/index.js";

export type { ToolDeps } from "./deps.js";

/**
 * Every built-in tool group. Each group is a factory `(deps) => ToolDefinition[]` in its own
 * folder; add a group with one line here.
 */
const GROUPS: Array<(deps: ToolDeps) => ToolDefinition[]> = [
  createAppsTools,
  createWindowsTools,
  createInputTools,
  createUiTools,
  createScreenTools,
  createClipboardTools,
  createSystemControlTools,
  createMediaTools,
  createFilesTools,
  createSystemInfoTools,
  createShellTools,
  webTools,
  browserTools,
  createKnowledgeTools,
  createDocsTools,
  createMemoryTools,
  mailTools,
  calendarTools,
  remindersTools,
  contactsTools,
  (deps) => createTimerTools(deps),
  (deps) => createTimeTools(deps),
  createCalcTools,
  (deps) => createWeatherTools(deps),
  createListTools,
  createTranscribeTools,
];

export function builtinTools(deps: ToolDeps): ToolDefinition[] {
  return GROUPS.flatMap((group) => group(deps));
}
