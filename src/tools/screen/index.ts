import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom, pathString } from "../../core/schema.js";
import { ok, type ToolContext, type ToolDefinition } from "../../core/tool.js";
import { type DesktopKit, desktopKit, desktopTool } from "../../platform/kit.js";
import { center, contains, findText, ocrLines } from "../../platform/ocr.js";
import { describeWindow, ensureTarget } from "../../platform/session.js";
import type { OcrWord, Platform, Rect } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";

const region = z
  .object({
    x: z.number().int().min(0).max(100_000),
    y: z.number().int().min(0).max(100_000),
    width: z.number().int().min(1).max(100_000),
    height: z.number().int().min(1).max(100_000),
  })
  .describe("part of the screen, in pixels; omit for the whole screen");

const captureSchema = z.object({
  path: pathString("write", "where to save the PNG; default: Jarvis's screenshots folder").optional(),
  region: region.optional(),
});
const ocrSchema = z.object({
  region: region.optional(),
  min_confidence: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe("drop words recognized with less (default 40)"),
});
const findSchema = z.object({
  text: z.string().min(1).max(200).describe("the words to look for on screen"),
  click: z.boolean().optional().describe("click the best match (inside the target window only)"),
  button: z.enum(["left", "right", "middle"]).optional(),
  double: z.boolean().optional(),
});

function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[:.]/g, "-");
}

/** Captures to a private temp file, runs OCR, removes the file whatever happens. */
async function ocrScreen(kit: DesktopKit, area: Rect | undefined, signal: AbortSignal): Promise<OcrWord[]> {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-ocr-"));
  try {
    const file = join(dir, "screen.png");
    await kit.platform.screen.capture(file, { region: area }, signal);
    const words = await kit.platform.screen.ocr(file, signal);
    if (!area) return words;
    return words.map((w) => ({ ...w, box: { ...w.box, x: w.box.x + area.x, y: w.box.y + area.y } }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function boxText(box: Rect): string {
  return `(${box.x},${box.y} ${box.width}x${box.height})`;
}

/** A window's rectangle clipped to non-negative coordinates (capture cannot start off-screen). */
function visiblePart(rect: Rect): Rect {
  const x = Math.max(0, rect.x);
  const y = Math.max(0, rect.y);
  return {
    x,
    y,
    width: Math.max(1, rect.width - (x - rect.x)),
    height: Math.max(1, rect.height - (y - rect.y)),
  };
}

export function createScreenTools(deps: ToolDeps, platform?: Platform): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  const screenshots = join(deps.paths.home, "screenshots");

  async function capture(args: z.infer<typeof captureSchema>, ctx: ToolContext) {
    const file = args.path ?? join(screenshots, `screen-${timestamp(deps.clock.now())}.png`);
    mkdirSync(dirname(file), { recursive: true });
    await kit.platform.screen.capture(file, { region: args.region }, ctx.signal);
    const bytes = statSync(file).size;
    const handle = ctx.handles.mint("f", file, {
      label: "screenshot",
      tool: "screen_capture",
      trust: "trusted",
    });
    return ok(`saved a screenshot to ${file} (${handle}, ${Math.round(bytes / 1024)} KiB)`, {
      path: file,
      bytes,
      handle,
    });
  }

  return [
    desktopTool<z.infer<typeof captureSchema>>(kit, ["screen"], {
      name: "screen_capture",
      group: "screen",
      description:
        "Save a PNG screenshot of the screen (or a region). Prefer ui_state or screen_ocr to read what is shown.",
      parameters: parametersFrom(captureSchema),
      effects: ["read", "write"],
      sensitivity: "private",
      risk: (args) => (args.path ? "caution" : "safe"),
      examples: ["take a screenshot", "capture the screen", "screenshot to {path}"],
      execute: capture,
    }),
    desktopTool<z.infer<typeof ocrSchema>>(kit, ["screen", "ocr"], {
      name: "screen_ocr",
      group: "screen",
      description:
        "Read the text on screen with OCR: one line per text line with its box (x,y WxH) in screen pixels.",
      parameters: parametersFrom(ocrSchema),
      effects: ["read"],
      sensitivity: "private",
      risk: "safe",
      trust: "untrusted",
      timeoutMs: 60_000,
      examples: ["read the screen", "what text is on the screen", "ocr the screen"],
      async execute(args, ctx) {
        const minimum = args.min_confidence ?? 40;
        const words = (await ocrScreen(kit, args.region, ctx.signal)).filter((w) => w.confidence >= minimum);
        const lines = ocrLines(words);
        if (lines.length === 0) return ok("no text recognized", { lines: [], words: [] });
        return ok(lines.map((line) => `${boxText(line.box)} ${line.text}`).join("\n"), {
          lines: lines.map((l) => ({ text: l.text, box: l.box })),
          words,
        });
      },
    }),
    desktopTool<z.infer<typeof findSchema>>(kit, ["screen", "ocr", "windows"], {
      name: "screen_find_text",
      group: "screen",
      description:
        "Find words on screen with OCR and return where they are; with click, clicks the best match inside the target window (fallback when ui_find cannot see it).",
      parameters: parametersFrom(findSchema),
      effects: ["read", "ui"],
      sensitivity: "private",
      risk: (args) => (args.click ? "caution" : "safe"),
      trust: "untrusted",
      timeoutMs: 60_000,
      examples: ["find {text} on the screen", "click on {text}", "where is {text} on screen"],
      async execute(args, ctx) {
        // Clicking only ever targets the locked window, so only that part of the screen is read.
        const window = args.click ? await ensureTarget(kit.platform, kit.session, ctx.signal) : undefined;
        const words = await ocrScreen(kit, window ? visiblePart(window.rect) : undefined, ctx.signal);
        const matches = findText(words, args.text);
        const where = window ? ` in ${describeWindow(window)}` : " on screen";
        if (matches.length === 0) {
          throw new JarvisError("NOT_FOUND", `${JSON.stringify(args.text)} is not visible${where}`, {
            fix: "check spelling, or use ui_find",
          });
        }
        const listing = matches
          .slice(0, 10)
          .map((m) => `${boxText(m.box)} ${m.text} (confidence ${m.confidence})`);
        if (!window) return ok(listing.join("\n"), { matches });
        const best = matches[0] as (typeof matches)[number];
        const point = center(best.box);
        // Focus may have moved during OCR; check again right before the click.
        const current = await ensureTarget(kit.platform, kit.session, ctx.signal);
        if (!contains(current.rect, point)) {
          throw new JarvisError(
            "ARGS_INVALID",
            `the match at (${point.x}, ${point.y}) is outside ${describeWindow(current)}`,
          );
        }
        const button = args.button ?? "left";
        await kit.platform.input.click({ ...point, button, double: args.double ?? false }, ctx.signal);
        return ok(
          `clicked ${JSON.stringify(best.text)} at (${point.x}, ${point.y})${where}\n${listing.join("\n")}`,
          {
            matches,
            clicked: point,
          },
        );
      },
    }),
  ];
}
