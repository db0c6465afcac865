import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { ok, type RiskTier, type ToolDefinition } from "../../core/tool.js";
import { chordText, parseChord } from "../../platform/keys.js";
import { desktopKit, desktopTool } from "../../platform/kit.js";
import { contains } from "../../platform/ocr.js";
import { describeWindow, ensureTarget } from "../../platform/session.js";
import type { Platform } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";

const typeSchema = z.object({
  text: z.string().min(1).max(10_000).describe("text to type; \\n presses Enter"),
  delay_ms: z.number().int().min(0).max(200).optional().describe("pause between keystrokes (default 8)"),
});
const hotkeySchema = z.object({
  keys: z.string().min(1).max(60).describe('one key chord, e.g. "ctrl+s", "ctrl+shift+t", "alt+f4", "enter"'),
  repeat: z.number().int().min(1).max(50).optional().describe("press it this many times (default 1)"),
});
const clickSchema = z.object({
  x: z.number().int().min(0).max(100_000).describe("screen x in pixels"),
  y: z.number().int().min(0).max(100_000).describe("screen y in pixels"),
  button: z.enum(["left", "right", "middle"]).optional(),
  double: z.boolean().optional(),
});

/** Typing is split so focus is re-checked between pieces: if it moves, the rest stays untyped. */
const CHUNK = 64;

/** Chords that close windows, quit apps or end the session get the tier of closing a window. */
const CLOSING = new Set([
  "alt+f4",
  "ctrl+q",
  "super+q",
  "ctrl+w",
  "super+w",
  "ctrl+alt+delete",
  "ctrl+alt+backspace",
  "ctrl+shift+q",
  "ctrl+shift+w",
]);

export function hotkeyRisk(keys: string): RiskTier {
  try {
    return CLOSING.has(chordText(parseChord(keys))) ? "dangerous" : "caution";
  } catch {
    return "caution";
  }
}

export function createInputTools(deps: ToolDeps, platform?: Platform): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  const needs = ["input", "windows"] as const;
  return [
    desktopTool<z.infer<typeof typeSchema>>(kit, needs, {
      name: "input_type",
      group: "input",
      description:
        "Type text with the keyboard into the target window (chosen by windows_focus, apps_focus/apps_launch or ui_state). Refused if another window has focus.",
      parameters: parametersFrom(typeSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["type {text}", "write {text}", "enter the text {text}"],
      async preview(args) {
        const lock = kit.session.lock();
        return `type into ${lock ? describeWindow(lock) : "(no target window yet)"}:\n${args.text}`;
      },
      async execute(args, ctx) {
        const chars = [...args.text];
        let typed = 0;
        let window = await ensureTarget(kit.platform, kit.session, ctx.signal);
        while (typed < chars.length) {
          if (ctx.signal.aborted) throw new JarvisError("CANCELLED", "cancelled");
          if (typed > 0) {
            try {
              window = await ensureTarget(kit.platform, kit.session, ctx.signal);
            } catch (error) {
              if (error instanceof JarvisError && error.code === "FOCUS_LOST") {
                throw new JarvisError(
                  "FOCUS_LOST",
                  `${error.message}; stopped after ${typed} of ${chars.length} characters`,
                  {
                    fix: error.fix,
                  },
                );
              }
              throw error;
            }
          }
          const piece = chars.slice(typed, typed + CHUNK).join("");
          await kit.platform.input.type(piece, { delayMs: args.delay_ms ?? 8 }, ctx.signal);
          typed += Math.min(CHUNK, chars.length - typed);
        }
        return ok(`typed ${chars.length} characters into ${describeWindow(window)}`, {
          window,
          characters: chars.length,
        });
      },
    }),
    desktopTool<z.infer<typeof hotkeySchema>>(kit, needs, {
      name: "input_hotkey",
      group: "input",
      description:
        'Press a key chord in the target window, e.g. "ctrl+s" (cmd on macOS is "cmd+s"), "ctrl+shift+t", "enter", "esc". Refused if another window has focus.',
      parameters: parametersFrom(hotkeySchema),
      effects: ["ui"],
      risk: (args) => hotkeyRisk(args.keys),
      examples: ["press {keys}", "hit {keys}", "hotkey {keys}", "shortcut {keys}"],
      async preview(args) {
        const lock = kit.session.lock();
        return `press ${args.keys}${args.repeat ? ` ×${args.repeat}` : ""} in ${lock ? describeWindow(lock) : "(no target window yet)"}`;
      },
      async execute(args, ctx) {
        const chord = parseChord(args.keys);
        const repeat = args.repeat ?? 1;
        let window = await ensureTarget(kit.platform, kit.session, ctx.signal);
        for (let i = 0; i < repeat; i++) {
          if (i > 0) window = await ensureTarget(kit.platform, kit.session, ctx.signal);
          await kit.platform.input.hotkey(chord, ctx.signal);
        }
        return ok(
          `pressed ${chordText(chord)}${repeat > 1 ? ` ×${repeat}` : ""} in ${describeWindow(window)}`,
          {
            window,
            chord,
          },
        );
      },
    }),
    desktopTool<z.infer<typeof clickSchema>>(kit, needs, {
      name: "input_click",
      group: "input",
      description:
        "Click at screen coordinates inside the target window (fallback when ui_action cannot reach an element). Refused if another window has focus or the point is outside it.",
      parameters: parametersFrom(clickSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["click at {x} {y}", "double click at {x} {y}"],
      async execute(args, ctx) {
        const window = await ensureTarget(kit.platform, kit.session, ctx.signal);
        const point = { x: args.x, y: args.y };
        if (!contains(window.rect, point)) {
          const r = window.rect;
          throw new JarvisError(
            "ARGS_INVALID",
            `(${args.x}, ${args.y}) is outside the target window ${describeWindow(window)} at ${r.width}x${r.height}+${r.x}+${r.y}`,
          );
        }
        const button = args.button ?? "left";
        await kit.platform.input.click({ ...point, button, double: args.double ?? false }, ctx.signal);
        return ok(
          `${args.double ? "double-" : ""}clicked ${button} at (${args.x}, ${args.y}) in ${describeWindow(window)}`,
          {
            window,
          },
        );
      },
    }),
  ];
}
