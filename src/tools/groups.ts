import type { GroupCues } from "../core/language.js";
import type { ToolDefinition } from "../core/tool.js";
import type { ToolDeps } from "./deps.js";
import { type Language, withLanguage } from "./language.js";

/** A tool group's factory: the group's tools for one runtime. */
export type ToolFactory = (deps: ToolDeps) => ToolDefinition[];

/**
 * Every built-in tool group in catalog order, each imported lazily with a literal specifier
 * (typed, and found by the build), with its language (how people ask for its tools, in
 * `<group>/language.ts`) attached. Add a group with one line here.
 */
export const TOOL_GROUPS: ReadonlyArray<{ folder: string; load(): Promise<ToolFactory> }> = [
  {
    folder: "apps",
    load: async () =>
      speaking(
        (await import("./apps/index.js")).createAppsTools,
        (await import("./apps/language.js")).APPS_LANGUAGE,
        (await import("./apps/cues.js")).APPS_CUES,
      ),
  },
  {
    folder: "windows",
    load: async () =>
      speaking(
        (await import("./windows/index.js")).createWindowsTools,
        (await import("./windows/language.js")).WINDOWS_LANGUAGE,
        (await import("./windows/cues.js")).WINDOWS_CUES,
      ),
  },
  {
    folder: "input",
    load: async () =>
      speaking(
        (await import("./input/index.js")).createInputTools,
        (await import("./input/language.js")).INPUT_LANGUAGE,
        (await import("./input/cues.js")).INPUT_CUES,
      ),
  },
  {
    folder: "ui",
    load: async () =>
      speaking(
        (await import("./ui/index.js")).createUiTools,
        (await import("./ui/language.js")).UI_LANGUAGE,
        (await import("./ui/cues.js")).UI_CUES,
      ),
  },
  {
    folder: "screen",
    load: async () =>
      speaking(
        (await import("./screen/index.js")).createScreenTools,
        (await import("./screen/language.js")).SCREEN_LANGUAGE,
        (await import("./screen/cues.js")).SCREEN_CUES,
      ),
  },
  {
    folder: "clipboard",
    load: async () =>
      speaking(
        (await import("./clipboard/index.js")).createClipboardTools,
        (await import("./clipboard/language.js")).CLIPBOARD_LANGUAGE,
        (await import("./clipboard/cues.js")).CLIPBOARD_CUES,
      ),
  },
  {
    folder: "system",
    load: async () =>
      speaking(
        (await import("./system/control.js")).createSystemControlTools,
        (await import("./system/language.js")).SYSTEM_LANGUAGE,
        (await import("./system/cues.js")).SYSTEM_CUES,
      ),
  },
  {
    folder: "media",
    load: async () =>
      speaking(
        (await import("./media/index.js")).createMediaTools,
        (await import("./media/language.js")).MEDIA_LANGUAGE,
        (await import("./media/cues.js")).MEDIA_CUES,
      ),
  },
  {
    folder: "files",
    load: async () =>
      speaking(
        (await import("./files/index.js")).createFilesTools,
        (await import("./files/language.js")).FILES_LANGUAGE,
        (await import("./files/cues.js")).FILES_CUES,
      ),
  },
  {
    folder: "system",
    load: async () =>
      speaking(
        (await import("./system/info.js")).createSystemInfoTools,
        (await import("./system/language.js")).SYSTEM_LANGUAGE,
        (await import("./system/cues.js")).SYSTEM_CUES,
      ),
  },
  {
    folder: "shell",
    load: async () =>
      speaking(
        (await import("./shell/index.js")).createShellTools,
        (await import("./shell/language.js")).SHELL_LANGUAGE,
        (await import("./shell/cues.js")).SHELL_CUES,
      ),
  },
  {
    folder: "web",
    load: async () =>
      speaking(
        (await import("./web/index.js")).webTools,
        (await import("./web/language.js")).WEB_LANGUAGE,
        (await import("./web/cues.js")).WEB_CUES,
      ),
  },
  {
    folder: "browser",
    load: async () =>
      speaking(
        (await import("./browser/index.js")).browserTools,
        (await import("./browser/language.js")).BROWSER_LANGUAGE,
        (await import("./browser/cues.js")).BROWSER_CUES,
      ),
  },
  {
    folder: "knowledge",
    load: async () =>
      speaking(
        (await import("./knowledge/index.js")).createKnowledgeTools,
        (await import("./knowledge/language.js")).KNOWLEDGE_LANGUAGE,
        (await import("./knowledge/cues.js")).KNOWLEDGE_CUES,
      ),
  },
  {
    folder: "docs",
    load: async () =>
      speaking(
        (await import("./docs/index.js")).createDocsTools,
        (await import("./docs/language.js")).DOCS_LANGUAGE,
        (await import("./docs/cues.js")).DOCS_CUES,
      ),
  },
  {
    folder: "memory",
    load: async () =>
      speaking(
        (await import("./memory/index.js")).createMemoryTools,
        (await import("./memory/language.js")).MEMORY_LANGUAGE,
        (await import("./memory/cues.js")).MEMORY_CUES,
      ),
  },
  {
    folder: "notes",
    load: async () =>
      speaking(
        (await import("./notes/index.js")).createNotesTools,
        (await import("./notes/language.js")).NOTES_LANGUAGE,
      ),
  },
  {
    folder: "mail",
    load: async () =>
      speaking(
        (await import("./mail/index.js")).mailTools,
        (await import("./mail/language.js")).MAIL_LANGUAGE,
        (await import("./mail/cues.js")).MAIL_CUES,
      ),
  },
  {
    folder: "calendar",
    load: async () =>
      speaking(
        (await import("./calendar/index.js")).calendarTools,
        (await import("./calendar/language.js")).CALENDAR_LANGUAGE,
        (await import("./calendar/cues.js")).CALENDAR_CUES,
      ),
  },
  {
    folder: "reminders",
    load: async () =>
      speaking(
        (await import("./reminders/index.js")).remindersTools,
        (await import("./reminders/language.js")).REMINDERS_LANGUAGE,
        (await import("./reminders/cues.js")).REMINDERS_CUES,
      ),
  },
  {
    folder: "contacts",
    load: async () =>
      speaking(
        (await import("./contacts/index.js")).contactsTools,
        (await import("./contacts/language.js")).CONTACTS_LANGUAGE,
        (await import("./contacts/cues.js")).CONTACTS_CUES,
      ),
  },
  {
    folder: "timers",
    load: async () =>
      speaking(
        (await import("./timers/index.js")).createTimerTools,
        (await import("./timers/language.js")).TIMERS_LANGUAGE,
        (await import("./timers/cues.js")).TIMERS_CUES,
      ),
  },
  {
    folder: "time",
    load: async () =>
      speaking(
        (await import("./time/index.js")).createTimeTools,
        (await import("./time/language.js")).TIME_LANGUAGE,
        (await import("./time/cues.js")).TIME_CUES,
      ),
  },
  {
    folder: "calc",
    load: async () =>
      speaking(
        (await import("./calc/index.js")).createCalcTools,
        (await import("./calc/language.js")).CALC_LANGUAGE,
        (await import("./calc/cues.js")).CALC_CUES,
      ),
  },
  {
    folder: "weather",
    load: async () =>
      speaking(
        (await import("./weather/index.js")).createWeatherTools,
        (await import("./weather/language.js")).WEATHER_LANGUAGE,
        (await import("./weather/cues.js")).WEATHER_CUES,
      ),
  },
  {
    folder: "lists",
    load: async () =>
      speaking(
        (await import("./lists/index.js")).createListTools,
        (await import("./lists/language.js")).LISTS_LANGUAGE,
        (await import("./lists/cues.js")).LISTS_CUES,
      ),
  },
  {
    folder: "transcribe",
    load: async () =>
      speaking(
        (await import("./transcribe/index.js")).createTranscribeTools,
        (await import("./media/language.js")).MEDIA_LANGUAGE,
      ),
  },
];

/** A group's factory with the group's language attached to its tools. */
function speaking(group: ToolFactory, language: Language, cues?: GroupCues): ToolFactory {
  return (deps) =>
    withLanguage(group(deps), language).map((tool) => (cues ? { ...tool, groupCues: cues } : tool));
}

/**
 * Imports every group, one after another (`between` runs after each: the server lets waiting
 * requests through there), and returns one factory for the whole catalog.
 */
export async function loadBuiltinTools(between?: () => Promise<void>): Promise<ToolFactory> {
  const factories: ToolFactory[] = [];
  for (const group of TOOL_GROUPS) {
    factories.push(await group.load());
    await between?.();
  }
  return (deps) => factories.flatMap((factory) => factory(deps));
}
