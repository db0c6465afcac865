import type { ToolDefinition } from "../core/tool.js";
import type { ToolDeps } from "./deps.js";

/** A tool group's factory: the group's tools for one runtime. */
export type ToolFactory = (deps: ToolDeps) => ToolDefinition[];

/**
 * Every built-in tool group in catalog order, each imported lazily with a literal specifier (typed,
 * and found by the build). Add a group with one line here.
 */
export const TOOL_GROUPS: ReadonlyArray<{ folder: string; load(): Promise<ToolFactory> }> = [
  { folder: "apps", load: async () => (await import("./apps/index.js")).createAppsTools },
  { folder: "windows", load: async () => (await import("./windows/index.js")).createWindowsTools },
  { folder: "input", load: async () => (await import("./input/index.js")).createInputTools },
  { folder: "ui", load: async () => (await import("./ui/index.js")).createUiTools },
  { folder: "screen", load: async () => (await import("./screen/index.js")).createScreenTools },
  { folder: "clipboard", load: async () => (await import("./clipboard/index.js")).createClipboardTools },
  { folder: "system", load: async () => (await import("./system/control.js")).createSystemControlTools },
  { folder: "media", load: async () => (await import("./media/index.js")).createMediaTools },
  { folder: "files", load: async () => (await import("./files/index.js")).createFilesTools },
  { folder: "system", load: async () => (await import("./system/info.js")).createSystemInfoTools },
  { folder: "shell", load: async () => (await import("./shell/index.js")).createShellTools },
  { folder: "web", load: async () => (await import("./web/index.js")).webTools },
  { folder: "browser", load: async () => (await import("./browser/index.js")).browserTools },
  { folder: "knowledge", load: async () => (await import("./knowledge/index.js")).createKnowledgeTools },
  { folder: "docs", load: async () => (await import("./docs/index.js")).createDocsTools },
  { folder: "memory", load: async () => (await import("./memory/index.js")).createMemoryTools },
  { folder: "mail", load: async () => (await import("./mail/index.js")).mailTools },
  { folder: "calendar", load: async () => (await import("./calendar/index.js")).calendarTools },
  { folder: "reminders", load: async () => (await import("./reminders/index.js")).remindersTools },
  { folder: "contacts", load: async () => (await import("./contacts/index.js")).contactsTools },
  { folder: "timers", load: async () => (await import("./timers/index.js")).createTimerTools },
  { folder: "time", load: async () => (await import("./time/index.js")).createTimeTools },
  { folder: "calc", load: async () => (await import("./calc/index.js")).createCalcTools },
  { folder: "weather", load: async () => (await import("./weather/index.js")).createWeatherTools },
  { folder: "lists", load: async () => (await import("./lists/index.js")).createListTools },
  { folder: "transcribe", load: async () => (await import("./transcribe/index.js")).createTranscribeTools },
];

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
