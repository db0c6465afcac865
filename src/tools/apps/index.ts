import { setTimeout as delay } from "node:timers/promises";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { ok, type ToolDefinition } from "../../core/tool.js";
import { type DesktopKit, desktopKit, desktopTool } from "../../platform/kit.js";
import { windowsOfApp } from "../../platform/match.js";
import type { AppInfo, Platform, WindowInfo } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";

const appName = z
  .string()
  .min(1)
  .max(200)
  .describe('the app\'s name, e.g. "Mousepad", "Firefox", "text editor"');
const listSchema = z.object({});
const launchSchema = z.object({
  app: appName,
  new_window: z.boolean().optional().describe("start another instance even if the app is already running"),
});
const quitSchema = z.object({
  app: appName,
  force: z
    .boolean()
    .optional()
    .describe("terminate the process instead of asking it to close (unsaved work is lost)"),
});
const focusSchema = z.object({ app: appName });

/** How long a freshly launched app gets to show its first window. */
const WINDOW_WAIT_MS = 10_000;

async function resolveApp(kit: DesktopKit, query: string, signal: AbortSignal): Promise<AppInfo> {
  const app = await kit.platform.apps.resolve(query, signal);
  if (!app)
    throw new JarvisError(
      "NOT_FOUND",
      `no app called ${JSON.stringify(query)} is installed; apps_list shows what is`,
    );
  return app;
}

function canManageWindows(platform: Platform): boolean {
  return platform.unavailable("windows") === undefined;
}

/** Focuses the window and makes it the target every later keystroke and click must hit. */
async function focusAndLock(
  kit: DesktopKit,
  window: WindowInfo,
  tool: string,
  signal: AbortSignal,
): Promise<string> {
  await kit.platform.windows.focus(window, signal);
  kit.session.setLock(window, tool);
  return `window ${window.id} ${JSON.stringify(window.title)} is focused and is now the target for typing and clicks`;
}

async function waitForNewWindow(
  kit: DesktopKit,
  app: AppInfo,
  pid: number | undefined,
  before: Set<string>,
  signal: AbortSignal,
): Promise<WindowInfo | undefined> {
  for (let attempt = 0; attempt < WINDOW_WAIT_MS / 100; attempt++) {
    const fresh = await kit.platform.apps.resolve(app.id, signal);
    const probe = { ...app, pids: [...(fresh?.pids ?? app.pids), ...(pid ? [pid] : [])] };
    const window = windowsOfApp(probe, await kit.platform.windows.list(signal)).find(
      (w) => !before.has(w.id),
    );
    if (window) return window;
    await delay(100, undefined, { signal });
  }
  return undefined;
}

export function createAppsTools(deps: ToolDeps, platform?: Platform): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  return [
    desktopTool<Record<string, never>>(kit, ["apps"], {
      name: "apps_list",
      group: "apps",
      description: "Installed desktop apps, running ones first (with their process ids).",
      parameters: parametersFrom(listSchema),
      effects: ["read"],
      risk: "safe",
      examples: ["what apps are running", "list my apps", "which apps are open"],
      async execute(_args, ctx) {
        const apps = await kit.platform.apps.list(ctx.signal);
        const running = apps.filter((a) => a.running);
        const installed = apps.filter((a) => !a.running);
        const lines = [
          `Running (${running.length}): ${running.map((a) => `${a.name} (pid ${a.pids.join(", ")})`).join("; ") || "none"}`,
          `Installed (${installed.length}): ${installed.map((a) => a.name).join(", ") || "none"}`,
        ];
        return ok(lines.join("\n"), { apps });
      },
    }),
    desktopTool<z.infer<typeof launchSchema>>(kit, ["apps"], {
      name: "apps_launch",
      group: "apps",
      description:
        "Open an app by name. If it is already running its window is focused instead (unless new_window). The app's window becomes the target for typing.",
      parameters: parametersFrom(launchSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["open {app}", "launch {app}", "start {app}", "run {app}"],
      async execute(args, ctx) {
        const app = await resolveApp(kit, args.app, ctx.signal);
        const manage = canManageWindows(kit.platform);
        const windows = manage ? await kit.platform.windows.list(ctx.signal) : [];
        const existing = windowsOfApp(app, windows);
        if (existing[0] && !args.new_window) {
          const focused = await focusAndLock(kit, existing[0], "apps_launch", ctx.signal);
          return ok(`${app.name} was already running; ${focused}`, { app, window: existing[0] });
        }
        if (ctx.signal.aborted) throw new JarvisError("CANCELLED", "cancelled");
        const { pid } = await kit.platform.apps.launch(app, ctx.signal);
        const started = `launched ${app.name}${pid ? ` (pid ${pid})` : ""}`;
        if (!manage)
          return ok(`${started}; window management is unavailable, so no window was focused`, { app, pid });
        const window = await waitForNewWindow(kit, app, pid, new Set(windows.map((w) => w.id)), ctx.signal);
        if (!window)
          return ok(`${started}, but no window appeared within ${WINDOW_WAIT_MS / 1000} s`, { app, pid });
        const focused = await focusAndLock(kit, window, "apps_launch", ctx.signal);
        return ok(`${started}; ${focused}`, { app, pid, window });
      },
    }),
    desktopTool<z.infer<typeof quitSchema>>(kit, ["apps", "windows"], {
      name: "apps_quit",
      group: "apps",
      description:
        "Quit an app: its windows are asked to close (the app may ask about unsaved work). force terminates it and loses unsaved work.",
      parameters: parametersFrom(quitSchema),
      effects: ["ui"],
      risk: (args) => (args.force ? "destructive" : "dangerous"),
      examples: ["quit {app}", "close {app}", "exit {app}", "kill {app}"],
      async preview(args, ctx) {
        const app = await kit.platform.apps.resolve(args.app, ctx.signal);
        if (!app?.running) return `quit ${args.app} (it does not seem to be running)`;
        const windows = windowsOfApp(app, await kit.platform.windows.list(ctx.signal));
        const titles = windows.map((w) => `  - ${w.title}`).join("\n");
        return args.force
          ? `terminate ${app.name} (pid ${app.pids.join(", ")}) — unsaved work in these windows is lost:\n${titles}`
          : `ask ${app.name} to close ${windows.length} window(s); it may prompt about unsaved work:\n${titles}`;
      },
      async execute(args, ctx) {
        const app = await resolveApp(kit, args.app, ctx.signal);
        if (!app.running) throw new JarvisError("NOT_FOUND", `${app.name} is not running`);
        if (ctx.signal.aborted) throw new JarvisError("CANCELLED", "cancelled");
        const result = await kit.platform.apps.quit(app, { force: args.force ?? false }, ctx.signal);
        const lock = kit.session.lock();
        if (lock?.pid !== undefined && app.pids.includes(lock.pid)) kit.session.clearLock();
        const how =
          result.closed > 0
            ? `asked ${result.closed} window(s) to close`
            : `terminated ${result.killed} process(es)`;
        return ok(`${app.name}: ${how}`, { app, ...result });
      },
    }),
    desktopTool<z.infer<typeof focusSchema>>(kit, ["apps", "windows"], {
      name: "apps_focus",
      group: "apps",
      description: "Bring a running app's window to the front; it becomes the target for typing and clicks.",
      parameters: parametersFrom(focusSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["switch to {app}", "focus {app}", "go to {app}", "bring up {app}"],
      async execute(args, ctx) {
        const app = await resolveApp(kit, args.app, ctx.signal);
        const windows = windowsOfApp(app, await kit.platform.windows.list(ctx.signal));
        const window = windows.find((w) => w.active) ?? windows[0];
        if (!window) {
          throw new JarvisError(
            "NOT_FOUND",
            `${app.name} has no open window${app.running ? "" : " (it is not running; apps_launch starts it)"}`,
          );
        }
        return ok(await focusAndLock(kit, window, "apps_focus", ctx.signal), { app, window });
      },
    }),
  ];
}
