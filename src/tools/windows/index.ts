import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { ok, type ToolDefinition } from "../../core/tool.js";
import { type DesktopKit, desktopKit, desktopTool } from "../../platform/kit.js";
import { pickWindow, type WindowSelector } from "../../platform/match.js";
import type { Platform, Rect, WindowInfo } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";

const selector = {
  window: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe(
      "window id from windows_list (e.g. 0x00600003) or words from its title; omit for the focused window",
    ),
  app: z.string().min(1).max(200).optional().describe("the app the window belongs to"),
};
const coordinate = z.number().int().min(-100_000).max(100_000);
const size = z.number().int().min(20).max(100_000);

const listSchema = z.object({});
const selectSchema = z.object(selector);
const moveSchema = z.object({
  ...selector,
  x: coordinate.optional().describe("left edge in screen pixels"),
  y: coordinate.optional().describe("top edge in screen pixels"),
  width: size.optional(),
  height: size.optional(),
});
const tileSchema = z.object({
  ...selector,
  side: z
    .enum(["left", "right", "top", "bottom", "maximize"])
    .describe("which half of the screen to fill, or all of it"),
});

function rectText(rect: Rect): string {
  return `${rect.width}x${rect.height}+${rect.x}+${rect.y}`;
}

function windowLine(window: WindowInfo): string {
  const pid = window.pid === undefined ? "" : ` pid ${window.pid}`;
  return `${window.id} ${window.app}${pid} ${rectText(window.rect)} ${JSON.stringify(window.title)}${window.active ? " [focused]" : ""}`;
}

async function select(kit: DesktopKit, args: WindowSelector, signal: AbortSignal): Promise<WindowInfo> {
  return pickWindow(await kit.platform.windows.list(signal), args);
}

/** Half-screen rectangles of the work area (panels excluded). */
export function tileRect(area: Rect, side: z.infer<typeof tileSchema>["side"]): Rect {
  const halfW = Math.floor(area.width / 2);
  const halfH = Math.floor(area.height / 2);
  switch (side) {
    case "left":
      return { x: area.x, y: area.y, width: halfW, height: area.height };
    case "right":
      return { x: area.x + halfW, y: area.y, width: area.width - halfW, height: area.height };
    case "top":
      return { x: area.x, y: area.y, width: area.width, height: halfH };
    case "bottom":
      return { x: area.x, y: area.y + halfH, width: area.width, height: area.height - halfH };
    case "maximize":
      return area;
  }
}

export function createWindowsTools(deps: ToolDeps, platform?: Platform): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  const needs = ["windows"] as const;
  return [
    desktopTool<Record<string, never>>(kit, needs, {
      name: "windows_list",
      group: "windows",
      description: "Open windows: id, app, pid, geometry (WxH+X+Y) and title; the focused one is marked.",
      parameters: parametersFrom(listSchema),
      effects: ["read"],
      sensitivity: "private",
      risk: "safe",
      // Titles carry web page and document names: third-party text.
      trust: "untrusted",
      examples: ["list windows", "what windows are open", "show open windows"],
      async execute(_args, ctx) {
        const windows = await kit.platform.windows.list(ctx.signal);
        if (windows.length === 0) return ok("no windows are open", { windows });
        return ok(windows.map(windowLine).join("\n"), { windows });
      },
    }),
    desktopTool<z.infer<typeof selectSchema>>(kit, needs, {
      name: "windows_focus",
      group: "windows",
      description:
        "Bring a window to the front. It becomes the target window: typing and clicks are refused if another window takes focus.",
      parameters: parametersFrom(selectSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["focus the window {window}", "switch to window {window}", "focus {app} window"],
      async execute(args, ctx) {
        const window = await select(kit, args, ctx.signal);
        await kit.platform.windows.focus(window, ctx.signal);
        kit.session.setLock(window, "windows_focus");
        return ok(
          `focused ${windowLine({ ...window, active: false })}; it is now the target for typing and clicks`,
          {
            window,
          },
        );
      },
    }),
    desktopTool<z.infer<typeof moveSchema>>(kit, needs, {
      name: "windows_move",
      group: "windows",
      description: "Move and/or resize a window (screen pixels). Omitted values stay as they are.",
      parameters: parametersFrom(moveSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["move {app} to {x} {y}", "resize the window to {width} by {height}"],
      async execute(args, ctx) {
        const { x, y, width, height } = args;
        if ([x, y, width, height].every((v) => v === undefined)) {
          throw new JarvisError(
            "ARGS_INVALID",
            "say where to move it (x, y) and/or its new size (width, height)",
          );
        }
        const window = await select(kit, args, ctx.signal);
        await kit.platform.windows.move(window, { x, y, width, height }, ctx.signal);
        return ok(`moved ${window.id} ${JSON.stringify(window.title)}`, {
          window,
          rect: { x, y, width, height },
        });
      },
    }),
    desktopTool<z.infer<typeof tileSchema>>(kit, needs, {
      name: "windows_tile",
      group: "windows",
      description: "Snap a window to the left/right/top/bottom half of the screen, or maximize it.",
      parameters: parametersFrom(tileSchema),
      effects: ["ui"],
      risk: "caution",
      examples: [
        "tile {app} {side}",
        "snap the window to the {side}",
        "put {app} on the {side}",
        "maximize {app}",
      ],
      async execute(args, ctx) {
        const window = await select(kit, args, ctx.signal);
        if (args.side === "maximize") {
          await kit.platform.windows.maximize(window, ctx.signal);
          return ok(`maximized ${window.id} ${JSON.stringify(window.title)}`, { window });
        }
        const rect = tileRect(await kit.platform.windows.workArea(ctx.signal), args.side);
        await kit.platform.windows.move(window, rect, ctx.signal);
        return ok(
          `tiled ${window.id} ${JSON.stringify(window.title)} to the ${args.side} half (${rectText(rect)})`,
          {
            window,
            rect,
          },
        );
      },
    }),
    desktopTool<z.infer<typeof selectSchema>>(kit, needs, {
      name: "windows_minimize",
      group: "windows",
      description: "Minimize a window.",
      parameters: parametersFrom(selectSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["minimize {app}", "minimize the window", "hide {app}"],
      async execute(args, ctx) {
        const window = await select(kit, args, ctx.signal);
        await kit.platform.windows.minimize(window, ctx.signal);
        return ok(`minimized ${window.id} ${JSON.stringify(window.title)}`, { window });
      },
    }),
    desktopTool<z.infer<typeof selectSchema>>(kit, needs, {
      name: "windows_close",
      group: "windows",
      description: "Close a window (the app may ask to save; unsaved work can be lost).",
      parameters: parametersFrom(selectSchema),
      effects: ["ui"],
      risk: "dangerous",
      examples: ["close the window {window}", "close this window", "close the {app} window"],
      async preview(args, ctx) {
        const window = await select(kit, args, ctx.signal);
        return `close window ${windowLine(window)}\nunsaved work in it may be lost`;
      },
      async execute(args, ctx) {
        const window = await select(kit, args, ctx.signal);
        if (ctx.signal.aborted) throw new JarvisError("CANCELLED", "cancelled");
        await kit.platform.windows.close(window, ctx.signal);
        if (kit.session.lock()?.windowId === window.id) kit.session.clearLock();
        return ok(`asked ${window.id} ${JSON.stringify(window.title)} to close`, { window });
      },
    }),
  ];
}
