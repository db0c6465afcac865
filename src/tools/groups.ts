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
  /** An entry that holds several groups (the tasks entry: routines, alerts, notify) gives each its own cues. */
  cuesByGroup?: Readonly<Record<string, GroupCues>> | undefined;
}

/** The cues a tool of `group` carries from its entry's speech. */
export function cuesOf(speech: GroupSpeech, group: string): GroupCues | undefined {
  return speech.cuesByGroup?.[group] ?? speech.cues;
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

function group(id: string, folder: string, tools: () => Promise<ToolFactory>): ToolGroup {
  const speech = async () => {
    const said = (await import("./speech.js")).GROUP_SPEECH[id];
    if (!said) throw new Error(`no language for the tool group ${id}`);
    return said;
  };
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
 * `<group>/language.ts`, gathered in `speech.ts`) attached. Add a group with one line here and
 * one in speech.ts.
 */
export const TOOL_GROUPS: readonly ToolGroup[] = [
  group("apps", "apps", async () => (await import("./apps/index.js")).createAppsTools),
  group("windows", "windows", async () => (await import("./windows/index.js")).createWindowsTools),
  group("input", "input", async () => (await import("./input/index.js")).createInputTools),
  group("ui", "ui", async () => (await import("./ui/index.js")).createUiTools),
  group("screen", "screen", async () => (await import("./screen/index.js")).createScreenTools),
  group("clipboard", "clipboard", async () => (await import("./clipboard/index.js")).createClipboardTools),
  group(
    "system-control",
    "system",
    async () => (await import("./system/control.js")).createSystemControlTools,
  ),
  group("media", "media", async () => (await import("./media/index.js")).createMediaTools),
  group("files", "files", async () => (await import("./files/index.js")).createFilesTools),
  group("system-info", "system", async () => (await import("./system/info.js")).createSystemInfoTools),
  group("shell", "shell", async () => (await import("./shell/index.js")).createShellTools),
  group("web", "web", async () => (await import("./web/index.js")).webTools),
  group("browser", "browser", async () => (await import("./browser/index.js")).browserTools),
  group("knowledge", "knowledge", async () => (await import("./knowledge/index.js")).createKnowledgeTools),
  group("docs", "docs", async () => (await import("./docs/index.js")).createDocsTools),
  group("memory", "memory", async () => (await import("./memory/index.js")).createMemoryTools),
  group("notes", "notes", async () => (await import("./notes/index.js")).createNotesTools),
  group("mail", "mail", async () => (await import("./mail/index.js")).mailTools),
  group("calendar", "calendar", async () => (await import("./calendar/index.js")).calendarTools),
  group("reminders", "reminders", async () => (await import("./reminders/index.js")).remindersTools),
  group("contacts", "contacts", async () => (await import("./contacts/index.js")).contactsTools),
  group("timers", "timers", async () => (await import("./timers/index.js")).createTimerTools),
  group("time", "time", async () => (await import("./time/index.js")).createTimeTools),
  group("calc", "calc", async () => (await import("./calc/index.js")).createCalcTools),
  group("weather", "weather", async () => (await import("./weather/index.js")).createWeatherTools),
  group("lists", "lists", async () => (await import("./lists/index.js")).createListTools),
  group(
    "transcribe",
    "transcribe",
    async () => (await import("./transcribe/index.js")).createTranscribeTools,
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
