import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { ok, type RiskTier, type ToolDefinition } from "../../core/tool.js";
import { type DesktopKit, desktopKit, desktopTool } from "../../platform/kit.js";
import { pickWindow } from "../../platform/match.js";
import { describeWindow, ensureTarget } from "../../platform/session.js";
import { findNodes, newRefTable, renderMatches, renderSnapshot, windowHeader } from "../../platform/tree.js";
import type { Platform, WindowInfo } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";

const stateSchema = z.object({
  window: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe("window id or title words; omit for the focused window"),
  all: z.boolean().optional().describe("include hidden elements (closed menus, off-screen items)"),
  max_lines: z.number().int().min(10).max(2000).optional().describe("longest listing (default 300)"),
});
const findSchema = z.object({
  name: z.string().min(1).max(200).optional().describe('words in the element\'s label, e.g. "Save"'),
  role: z
    .string()
    .min(1)
    .max(40)
    .optional()
    .describe('"button", "menu item", "text", "check box", "link", "field" …'),
  value: z.string().min(1).max(200).optional().describe("text the element contains"),
  limit: z.number().int().min(1).max(50).optional(),
});
const actionSchema = z.object({
  ref: z
    .string()
    .regex(/^@?e\d{1,5}$/, "must be a ref like @e12")
    .describe("element ref from ui_state or ui_find, e.g. @e12"),
  action: z.enum(["press", "set_value", "focus"]),
  value: z.string().max(10_000).optional().describe("new text or number, for set_value"),
});

const MAX_NODES = 3000;

/** Presses on elements named like these can lose or send something: ask first. */
const RISKY_LABEL =
  /\b(quit|exit|close|delete|remove|discard|don.t save|erase|format|send|submit|buy|pay|purchase|uninstall|empty trash|sign out|log ?out|shut ?down|restart)\b/i;

async function targetWindow(
  kit: DesktopKit,
  window: string | undefined,
  signal: AbortSignal,
): Promise<WindowInfo> {
  if (!window) {
    // The common case, kept cheap: only the focused window is needed.
    const active = await kit.platform.windows.active(signal);
    if (active) return active;
  }
  return pickWindow(await kit.platform.windows.list(signal), { window });
}

export function createUiTools(deps: ToolDeps, platform?: Platform): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  const needs = ["accessibility", "windows"] as const;

  function actionRisk(args: z.infer<typeof actionSchema>): RiskTier {
    const entry = kit.session.refs()?.refs[args.ref.replace(/^@/, "")];
    return args.action === "press" && entry && RISKY_LABEL.test(entry.label) ? "dangerous" : "caution";
  }

  return [
    desktopTool<z.infer<typeof stateSchema>>(kit, needs, {
      name: "ui_state",
      group: "ui",
      description:
        "Read the focused window as an accessibility tree: one line per element with refs (@e1 …) for ui_action. Fast and exact — prefer it to screenshots. The window becomes the target for input.",
      parameters: parametersFrom(stateSchema),
      effects: ["read"],
      sensitivity: "private",
      risk: "safe",
      trust: "untrusted",
      examples: ["what is on the screen", "read the window", "show the ui", "what buttons are there"],
      async execute(args, ctx) {
        const window = await targetWindow(kit, args.window, ctx.signal);
        // Lock first: an app without a tree can still be driven by keys in this same window.
        kit.session.setLock(window, "ui_state");
        const snapshot = await kit.platform.accessibility.snapshot(
          window,
          { all: args.all ?? false, maxNodes: MAX_NODES },
          ctx.signal,
        );
        const table = newRefTable(window.id);
        const rendered = renderSnapshot(snapshot, table, args.max_lines ?? 300);
        kit.session.setRefs(table);
        return ok(rendered.text, { window, refs: table.next - 1, elements: snapshot.nodes.length });
      },
    }),
    desktopTool<z.infer<typeof findSchema>>(kit, needs, {
      name: "ui_find",
      group: "ui",
      description:
        "Search the target window's accessibility tree (including closed menus) by label, role and/or contained text; returns refs for ui_action.",
      parameters: parametersFrom(findSchema),
      effects: ["read"],
      sensitivity: "private",
      risk: "safe",
      trust: "untrusted",
      examples: ["find the {name} button", "where is {name}", "find {name}"],
      async execute(args, ctx) {
        if (!args.name && !args.role && !args.value) {
          throw new JarvisError("ARGS_INVALID", "say what to look for: name, role and/or value");
        }
        const lock = kit.session.lock();
        const active = await kit.platform.windows.active(ctx.signal);
        const window =
          active && (!lock || lock.windowId === active.id)
            ? active
            : await kit.platform.windows
                .list(ctx.signal)
                .then(
                  (windows) =>
                    (lock && windows.find((w) => w.id === lock.windowId)) || pickWindow(windows, {}),
                );
        if (!lock || lock.windowId !== window.id) kit.session.setLock(window, "ui_find");
        const snapshot = await kit.platform.accessibility.snapshot(
          window,
          { all: true, maxNodes: MAX_NODES },
          ctx.signal,
        );
        const matches = findNodes(snapshot.nodes, args, args.limit ?? 10);
        const previous = kit.session.refs();
        const table = previous?.windowId === window.id ? previous : newRefTable(window.id);
        const header = windowHeader(window, snapshot.appName);
        if (matches.length === 0) {
          const what = [
            args.role,
            args.name && JSON.stringify(args.name),
            args.value && `containing ${JSON.stringify(args.value)}`,
          ]
            .filter(Boolean)
            .join(" ");
          return ok(`${header}\nno element ${what} found`, { window, matches: 0 });
        }
        const lines = renderMatches(matches, table);
        kit.session.setRefs(table);
        return ok([header, ...lines].join("\n"), { window, matches: matches.length });
      },
    }),
    desktopTool<z.infer<typeof actionSchema>>(kit, needs, {
      name: "ui_action",
      group: "ui",
      description:
        "Act on an element by ref from ui_state/ui_find: press (buttons, menu items, checkboxes), set_value (text fields, sliders), focus. Refused if the target window lost focus.",
      parameters: parametersFrom(actionSchema),
      effects: ["ui"],
      risk: actionRisk,
      examples: ["press {ref}", "click {ref}", "set {ref} to {value}"],
      async preview(args) {
        const entry = kit.session.refs()?.refs[args.ref.replace(/^@/, "")];
        const what = entry ? `${entry.role} "${entry.label}"` : `unknown ref ${args.ref}`;
        return `${args.action} ${what}${args.value === undefined ? "" : ` = ${JSON.stringify(args.value)}`}`;
      },
      async execute(args, ctx) {
        if (args.action === "set_value" && args.value === undefined) {
          throw new JarvisError("ARGS_INVALID", "set_value needs a value");
        }
        const ref = args.ref.replace(/^@/, "");
        const table = kit.session.refs();
        const entry = table?.refs[ref];
        if (!table || !entry) {
          throw new JarvisError("NOT_FOUND", `unknown ref @${ref}`, {
            fix: "call ui_state or ui_find to get refs",
          });
        }
        const window = await ensureTarget(kit.platform, kit.session, ctx.signal);
        if (table.windowId !== window.id) {
          throw new JarvisError(
            "NOT_FOUND",
            `@${ref} belongs to window ${table.windowId}, not the target ${describeWindow(window)}`,
            {
              fix: "call ui_state again",
            },
          );
        }
        const detail = await kit.platform.accessibility.act(
          window,
          entry,
          args.action,
          args.value,
          ctx.signal,
        );
        return ok(`${detail} in ${describeWindow(window)}; call ui_state to see the result`, {
          window,
          ref,
          target: entry,
        });
      },
    }),
  ];
}
