import type { ToolDefinition } from "../core/tool.js";
import { createAppsTools } from "./apps/index.js";
import { APPS_LANGUAGE } from "./apps/language.js";
import { browserTools } from "./browser/index.js";
import { BROWSER_LANGUAGE } from "./browser/language.js";
import { createCalcTools } from "./calc/index.js";
import { CALC_LANGUAGE } from "./calc/language.js";
import { calendarTools } from "./calendar/index.js";
import { CALENDAR_LANGUAGE } from "./calendar/language.js";
import { createClipboardTools } from "./clipboard/index.js";
import { contactsTools } from "./contacts/index.js";
import { CONTACTS_LANGUAGE } from "./contacts/language.js";
import type { ToolDeps } from "./deps.js";
import { createDocsTools } from "./docs/index.js";
import { createFilesTools } from "./files/index.js";
import { FILES_LANGUAGE } from "./files/language.js";
import { createInputTools } from "./input/index.js";
import { createKnowledgeTools } from "./knowledge/index.js";
import { KNOWLEDGE_LANGUAGE } from "./knowledge/language.js";
import { type Language, withLanguage } from "./language.js";
import { createListTools } from "./lists/index.js";
import { LISTS_LANGUAGE } from "./lists/language.js";
import { mailTools } from "./mail/index.js";
import { MAIL_LANGUAGE } from "./mail/language.js";
import { createMediaTools } from "./media/index.js";
import { MEDIA_LANGUAGE } from "./media/language.js";
import { createMemoryTools } from "./memory/index.js";
import { MEMORY_LANGUAGE } from "./memory/language.js";
import { remindersTools } from "./reminders/index.js";
import { REMINDERS_LANGUAGE } from "./reminders/language.js";
import { createScreenTools } from "./screen/index.js";
import { createShellTools } from "./shell/index.js";
import { createSystemControlTools } from "./system/control.js";
import { createSystemInfoTools } from "./system/info.js";
import { SYSTEM_LANGUAGE } from "./system/language.js";
import { createTimeTools } from "./time/index.js";
import { TIME_LANGUAGE } from "./time/language.js";
import { createTimerTools } from "./timers/index.js";
import { TIMERS_LANGUAGE } from "./timers/language.js";
import { createTranscribeTools } from "./transcribe/index.js";
import { createUiTools } from "./ui/index.js";
import { createWeatherTools } from "./weather/index.js";
import { WEATHER_LANGUAGE } from "./weather/language.js";
import { webTools } from "./web/index.js";
import { WEB_LANGUAGE } from "./web/language.js";
import { createWindowsTools } from "./windows/index.js";

export type { ToolDeps } from "./deps.js";

/**
 * Every built-in tool group. Each group is a factory `(deps) => ToolDefinition[]` in its own
 * folder, with its language (how people ask for its tools) in `<group>/language.ts`; add a group
 * with one line here.
 */
const GROUPS: Array<(deps: ToolDeps) => ToolDefinition[]> = [
  speaking(createAppsTools, APPS_LANGUAGE),
  createWindowsTools,
  createInputTools,
  createUiTools,
  createScreenTools,
  createClipboardTools,
  speaking(createSystemControlTools, SYSTEM_LANGUAGE),
  speaking(createMediaTools, MEDIA_LANGUAGE),
  speaking(createFilesTools, FILES_LANGUAGE),
  speaking(createSystemInfoTools, SYSTEM_LANGUAGE),
  createShellTools,
  speaking(webTools, WEB_LANGUAGE),
  speaking(browserTools, BROWSER_LANGUAGE),
  speaking(createKnowledgeTools, KNOWLEDGE_LANGUAGE),
  createDocsTools,
  speaking(createMemoryTools, MEMORY_LANGUAGE),
  speaking(mailTools, MAIL_LANGUAGE),
  speaking(calendarTools, CALENDAR_LANGUAGE),
  speaking(remindersTools, REMINDERS_LANGUAGE),
  speaking(contactsTools, CONTACTS_LANGUAGE),
  speaking((deps) => createTimerTools(deps), TIMERS_LANGUAGE),
  speaking((deps) => createTimeTools(deps), TIME_LANGUAGE),
  speaking(createCalcTools, CALC_LANGUAGE),
  speaking((deps) => createWeatherTools(deps), WEATHER_LANGUAGE),
  speaking(createListTools, LISTS_LANGUAGE),
  createTranscribeTools,
];

/** A group's factory with the group's language attached to its tools. */
function speaking(group: (deps: ToolDeps) => ToolDefinition[], language: Language) {
  return (deps: ToolDeps) => withLanguage(group(deps), language);
}

export function builtinTools(deps: ToolDeps): ToolDefinition[] {
  return GROUPS.flatMap((group) => group(deps));
}
