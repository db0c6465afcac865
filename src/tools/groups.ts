import type { GroupCues } from "../core/language.js";
import type { ToolDefinition } from "../core/tool.js";
import type { ToolDeps } from "./deps.js";
import { type Language, withLanguage } from "./language.js";

/** A tool group's factory: the group's tools for one runtime. */
export type ToolFactory = (deps: ToolDeps) => ToolDefinition[];

/** How people ask for a group's tools: its language and cues (light modules, no tool code). */
export interface GroupSpeech {
  language: Language;
  cues?: GroupCues | undefined;
}

/**
 * A built-in tool group. Its tools (`tools`: the group's code, its schemas and heavy imports) and
 * its speech (`speech`: `<group>/language.ts` and `cues.ts`) load apart, so a one-shot command
 * can compile the NLU's language without building every tool (`runtime/on-demand.ts`).
 */
export interface ToolGroup {
  /** Unique in the catalog (the system folder has two groups). */
  id: string;
  folder: string;
  /** The group's tools without their language. */
  tools(): Promise<ToolFactory>;
  speech(): Promise<GroupSpeech>;
  /** The group's tools with their language attached. */
  load(): Promise<ToolFactory>;
}

function group(
  id: string,
  folder: string,
  tools: () => Promise<ToolFactory>,
  speech: () => Promise<GroupSpeech>,
): ToolGroup {
  return {
    id,
    folder,
    tools,
    speech,
    load: async () => {
      const [factory, said] = await Promise.all([tools(), speech()]);
      return speaking(factory, said);
    },
  };
}

/**
 * Every built-in tool group in catalog order, each imported lazily with a literal specifier
 * (typed, and found by the build), with its language (how people ask for its tools, in
 * `<group>/language.ts`) attached. Add a group with one line here.
 */
export const TOOL_GROUPS: readonly ToolGroup[] = [
  group(
    "apps",
    "apps",
    async () => (await import("./apps/index.js")).createAppsTools,
    async () => ({
      language: (await import("./apps/language.js")).APPS_LANGUAGE,
      cues: (await import("./apps/cues.js")).APPS_CUES,
    }),
  ),
  group(
    "windows",
    "windows",
    async () => (await import("./windows/index.js")).createWindowsTools,
    async () => ({
      language: (await import("./windows/language.js")).WINDOWS_LANGUAGE,
      cues: (await import("./windows/cues.js")).WINDOWS_CUES,
    }),
  ),
  group(
    "input",
    "input",
    async () => (await import("./input/index.js")).createInputTools,
    async () => ({
      language: (await import("./input/language.js")).INPUT_LANGUAGE,
      cues: (await import("./input/cues.js")).INPUT_CUES,
    }),
  ),
  group(
    "ui",
    "ui",
    async () => (await import("./ui/index.js")).createUiTools,
    async () => ({
      language: (await import("./ui/language.js")).UI_LANGUAGE,
      cues: (await import("./ui/cues.js")).UI_CUES,
    }),
  ),
  group(
    "screen",
    "screen",
    async () => (await import("./screen/index.js")).createScreenTools,
    async () => ({
      language: (await import("./screen/language.js")).SCREEN_LANGUAGE,
      cues: (await import("./screen/cues.js")).SCREEN_CUES,
    }),
  ),
  group(
    "clipboard",
    "clipboard",
    async () => (await import("./clipboard/index.js")).createClipboardTools,
    async () => ({
      language: (await import("./clipboard/language.js")).CLIPBOARD_LANGUAGE,
      cues: (await import("./clipboard/cues.js")).CLIPBOARD_CUES,
    }),
  ),
  group(
    "system-control",
    "system",
    async () => (await import("./system/control.js")).createSystemControlTools,
    async () => ({
      language: (await import("./system/language.js")).SYSTEM_LANGUAGE,
      cues: (await import("./system/cues.js")).SYSTEM_CUES,
    }),
  ),
  group(
    "media",
    "media",
    async () => (await import("./media/index.js")).createMediaTools,
    async () => ({
      language: (await import("./media/language.js")).MEDIA_LANGUAGE,
      cues: (await import("./media/cues.js")).MEDIA_CUES,
    }),
  ),
  group(
    "files",
    "files",
    async () => (await import("./files/index.js")).createFilesTools,
    async () => ({
      language: (await import("./files/language.js")).FILES_LANGUAGE,
      cues: (await import("./files/cues.js")).FILES_CUES,
    }),
  ),
  group(
    "system-info",
    "system",
    async () => (await import("./system/info.js")).createSystemInfoTools,
    async () => ({
      language: (await import("./system/language.js")).SYSTEM_LANGUAGE,
      cues: (await import("./system/cues.js")).SYSTEM_CUES,
    }),
  ),
  group(
    "shell",
    "shell",
    async () => (await import("./shell/index.js")).createShellTools,
    async () => ({
      language: (await import("./shell/language.js")).SHELL_LANGUAGE,
      cues: (await import("./shell/cues.js")).SHELL_CUES,
    }),
  ),
  group(
    "web",
    "web",
    async () => (await import("./web/index.js")).webTools,
    async () => ({
      language: (await import("./web/language.js")).WEB_LANGUAGE,
      cues: (await import("./web/cues.js")).WEB_CUES,
    }),
  ),
  group(
    "browser",
    "browser",
    async () => (await import("./browser/index.js")).browserTools,
    async () => ({
      language: (await import("./browser/language.js")).BROWSER_LANGUAGE,
      cues: (await import("./browser/cues.js")).BROWSER_CUES,
    }),
  ),
  group(
    "knowledge",
    "knowledge",
    async () => (await import("./knowledge/index.js")).createKnowledgeTools,
    async () => ({
      language: (await import("./knowledge/language.js")).KNOWLEDGE_LANGUAGE,
      cues: (await import("./knowledge/cues.js")).KNOWLEDGE_CUES,
    }),
  ),
  group(
    "docs",
    "docs",
    async () => (await import("./docs/index.js")).createDocsTools,
    async () => ({
      language: (await import("./docs/language.js")).DOCS_LANGUAGE,
      cues: (await import("./docs/cues.js")).DOCS_CUES,
    }),
  ),
  group(
    "memory",
    "memory",
    async () => (await import("./memory/index.js")).createMemoryTools,
    async () => ({
      language: (await import("./memory/language.js")).MEMORY_LANGUAGE,
      cues: (await import("./memory/cues.js")).MEMORY_CUES,
    }),
  ),
  group(
    "notes",
    "notes",
    async () => (await import("./notes/index.js")).createNotesTools,
    async () => ({ language: (await import("./notes/language.js")).NOTES_LANGUAGE, cues: undefined }),
  ),
  group(
    "mail",
    "mail",
    async () => (await import("./mail/index.js")).mailTools,
    async () => ({
      language: (await import("./mail/language.js")).MAIL_LANGUAGE,
      cues: (await import("./mail/cues.js")).MAIL_CUES,
    }),
  ),
  group(
    "calendar",
    "calendar",
    async () => (await import("./calendar/index.js")).calendarTools,
    async () => ({
      language: (await import("./calendar/language.js")).CALENDAR_LANGUAGE,
      cues: (await import("./calendar/cues.js")).CALENDAR_CUES,
    }),
  ),
  group(
    "reminders",
    "reminders",
    async () => (await import("./reminders/index.js")).remindersTools,
    async () => ({
      language: (await import("./reminders/language.js")).REMINDERS_LANGUAGE,
      cues: (await import("./reminders/cues.js")).REMINDERS_CUES,
    }),
  ),
  group(
    "contacts",
    "contacts",
    async () => (await import("./contacts/index.js")).contactsTools,
    async () => ({
      language: (await import("./contacts/language.js")).CONTACTS_LANGUAGE,
      cues: (await import("./contacts/cues.js")).CONTACTS_CUES,
    }),
  ),
  group(
    "timers",
    "timers",
    async () => (await import("./timers/index.js")).createTimerTools,
    async () => ({
      language: (await import("./timers/language.js")).TIMERS_LANGUAGE,
      cues: (await import("./timers/cues.js")).TIMERS_CUES,
    }),
  ),
  group(
    "time",
    "time",
    async () => (await import("./time/index.js")).createTimeTools,
    async () => ({
      language: (await import("./time/language.js")).TIME_LANGUAGE,
      cues: (await import("./time/cues.js")).TIME_CUES,
    }),
  ),
  group(
    "calc",
    "calc",
    async () => (await import("./calc/index.js")).createCalcTools,
    async () => ({
      language: (await import("./calc/language.js")).CALC_LANGUAGE,
      cues: (await import("./calc/cues.js")).CALC_CUES,
    }),
  ),
  group(
    "weather",
    "weather",
    async () => (await import("./weather/index.js")).createWeatherTools,
    async () => ({
      language: (await import("./weather/language.js")).WEATHER_LANGUAGE,
      cues: (await import("./weather/cues.js")).WEATHER_CUES,
    }),
  ),
  group(
    "lists",
    "lists",
    async () => (await import("./lists/index.js")).createListTools,
    async () => ({
      language: (await import("./lists/language.js")).LISTS_LANGUAGE,
      cues: (await import("./lists/cues.js")).LISTS_CUES,
    }),
  ),
  group(
    "transcribe",
    "transcribe",
    async () => (await import("./transcribe/index.js")).createTranscribeTools,
    async () => ({ language: (await import("./media/language.js")).MEDIA_LANGUAGE, cues: undefined }),
  ),
];

/** A group's factory with the group's language attached to its tools. */
export function speaking(group: ToolFactory, { language, cues }: GroupSpeech): ToolFactory {
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
