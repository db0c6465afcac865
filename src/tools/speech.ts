import { APPS_CUES } from "./apps/cues.js";
import { APPS_LANGUAGE } from "./apps/language.js";
import { BROWSER_CUES } from "./browser/cues.js";
import { BROWSER_LANGUAGE } from "./browser/language.js";
import { CALC_CUES } from "./calc/cues.js";
import { CALC_LANGUAGE } from "./calc/language.js";
import { CALENDAR_CUES } from "./calendar/cues.js";
import { CALENDAR_LANGUAGE } from "./calendar/language.js";
import { CLIPBOARD_CUES } from "./clipboard/cues.js";
import { CLIPBOARD_LANGUAGE } from "./clipboard/language.js";
import { CONTACTS_CUES } from "./contacts/cues.js";
import { CONTACTS_LANGUAGE } from "./contacts/language.js";
import { DOCS_CUES } from "./docs/cues.js";
import { DOCS_LANGUAGE } from "./docs/language.js";
import { FILES_CUES } from "./files/cues.js";
import { FILES_LANGUAGE } from "./files/language.js";
import type { GroupSpeech } from "./groups.js";
import { INPUT_CUES } from "./input/cues.js";
import { INPUT_LANGUAGE } from "./input/language.js";
import { KNOWLEDGE_CUES } from "./knowledge/cues.js";
import { KNOWLEDGE_LANGUAGE } from "./knowledge/language.js";
import { LISTS_CUES } from "./lists/cues.js";
import { LISTS_LANGUAGE } from "./lists/language.js";
import { MAIL_CUES } from "./mail/cues.js";
import { MAIL_LANGUAGE } from "./mail/language.js";
import { MEDIA_CUES } from "./media/cues.js";
import { MEDIA_LANGUAGE } from "./media/language.js";
import { MEMORY_CUES } from "./memory/cues.js";
import { MEMORY_LANGUAGE } from "./memory/language.js";
import { NOTES_CUES } from "./notes/cues.js";
import { NOTES_LANGUAGE } from "./notes/language.js";
import { REMINDERS_CUES } from "./reminders/cues.js";
import { REMINDERS_LANGUAGE } from "./reminders/language.js";
import { SCREEN_CUES } from "./screen/cues.js";
import { SCREEN_LANGUAGE } from "./screen/language.js";
import { SHELL_CUES } from "./shell/cues.js";
import { SHELL_LANGUAGE } from "./shell/language.js";
import { SYSTEM_CUES } from "./system/cues.js";
import { SYSTEM_LANGUAGE } from "./system/language.js";
import { TIME_CUES } from "./time/cues.js";
import { TIME_LANGUAGE } from "./time/language.js";
import { TIMERS_CUES } from "./timers/cues.js";
import { TIMERS_LANGUAGE } from "./timers/language.js";
import { UI_CUES } from "./ui/cues.js";
import { UI_LANGUAGE } from "./ui/language.js";
import { WEATHER_CUES } from "./weather/cues.js";
import { WEATHER_LANGUAGE } from "./weather/language.js";
import { WEB_CUES } from "./web/cues.js";
import { WEB_LANGUAGE } from "./web/language.js";
import { WINDOWS_CUES } from "./windows/cues.js";
import { WINDOWS_LANGUAGE } from "./windows/language.js";

/**
 * How people ask for every built-in group's tools (each group's `language.ts` and `cues.ts`), in
 * one module: a one-shot command that registers the catalog from its descriptions loads all of
 * them and none of the groups' code, and the bundle makes one chunk of them instead of ~50
 * (decision 0032). Keyed by `ToolGroup.id`.
 */
export const GROUP_SPEECH: Readonly<Record<string, GroupSpeech>> = {
  apps: { language: APPS_LANGUAGE, cues: APPS_CUES },
  windows: { language: WINDOWS_LANGUAGE, cues: WINDOWS_CUES },
  input: { language: INPUT_LANGUAGE, cues: INPUT_CUES },
  ui: { language: UI_LANGUAGE, cues: UI_CUES },
  screen: { language: SCREEN_LANGUAGE, cues: SCREEN_CUES },
  clipboard: { language: CLIPBOARD_LANGUAGE, cues: CLIPBOARD_CUES },
  "system-control": { language: SYSTEM_LANGUAGE, cues: SYSTEM_CUES },
  media: { language: MEDIA_LANGUAGE, cues: MEDIA_CUES },
  files: { language: FILES_LANGUAGE, cues: FILES_CUES },
  "system-info": { language: SYSTEM_LANGUAGE, cues: SYSTEM_CUES },
  shell: { language: SHELL_LANGUAGE, cues: SHELL_CUES },
  web: { language: WEB_LANGUAGE, cues: WEB_CUES },
  browser: { language: BROWSER_LANGUAGE, cues: BROWSER_CUES },
  knowledge: { language: KNOWLEDGE_LANGUAGE, cues: KNOWLEDGE_CUES },
  docs: { language: DOCS_LANGUAGE, cues: DOCS_CUES },
  memory: { language: MEMORY_LANGUAGE, cues: MEMORY_CUES },
  notes: { language: NOTES_LANGUAGE, cues: NOTES_CUES },
  mail: { language: MAIL_LANGUAGE, cues: MAIL_CUES },
  calendar: { language: CALENDAR_LANGUAGE, cues: CALENDAR_CUES },
  reminders: { language: REMINDERS_LANGUAGE, cues: REMINDERS_CUES },
  contacts: { language: CONTACTS_LANGUAGE, cues: CONTACTS_CUES },
  timers: { language: TIMERS_LANGUAGE, cues: TIMERS_CUES },
  time: { language: TIME_LANGUAGE, cues: TIME_CUES },
  calc: { language: CALC_LANGUAGE, cues: CALC_CUES },
  weather: { language: WEATHER_LANGUAGE, cues: WEATHER_CUES },
  lists: { language: LISTS_LANGUAGE, cues: LISTS_CUES },
  transcribe: { language: MEDIA_LANGUAGE },
};
