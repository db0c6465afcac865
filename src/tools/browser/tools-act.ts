import { mkdirSync } from "node:fs";
import { basename, extname, join } from "node:path";
import type { Download, Page } from "playwright-core";
import { z } from "zod";
import { parametersFrom, urlString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition, type ToolResult } from "../../core/tool.js";
import {
  type BrowserToolContext,
  describeRef,
  failed,
  notesFor,
  onElement,
  openUrl,
  pageLine,
  refLocator,
} from "./common.js";
import { actionTier, sensitiveElement } from "./risk.js";

const ref = z
  .string()
  .regex(/^(f\d+)?e\d{1,6}$/, "a ref such as e12 from browser_snapshot")
  .describe("element ref from the latest browser_snapshot");

/** Runs in the page: does clicking this element submit a form, or open a new tab? */
function clickEffects(element: Element): { submits: boolean; opensTab: boolean } {
  const control = element.closest("button, input");
  const type = (
    control?.getAttribute("type") ?? (control?.tagName === "BUTTON" ? "submit" : "text")
  ).toLowerCase();
  const submits =
    control !== null &&
    (type === "submit" || type === "image") &&
    Boolean((control as HTMLButtonElement).form);
  const target = (element.closest("a[href], area[href]")?.getAttribute("target") ?? "").toLowerCase();
  return { submits, opensTab: target !== "" && !["_self", "_parent", "_top"].includes(target) };
}

function safeFileName(name: string): string {
  const cleaned = basename(name)
    .replace(/[^\w.\- ()]+/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 150);
  return cleaned || "download";
}

async function saveDownload(download: Download, dir: string, now: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const name = safeFileName(download.suggestedFilename());
  const path = join(dir, `${basename(name, extname(name))}-${now}${extname(name)}`);
  await download.saveAs(path);
  return path;
}

/** After an action: where the tab is now, whether it changed, and what the page did meanwhile. */
async function afterAction(
  tools: BrowserToolContext,
  page: Page,
  before: string,
  since: number,
  what: string,
): Promise<ToolResult> {
  // A click may start a navigation; let its document arrive before describing the page.
  await page
    .waitForLoadState("domcontentloaded", { timeout: tools.session.actionTimeoutMs })
    .catch(() => undefined);
  const current = await tools.session.page();
  const moved =
    current !== page ? " (in the new tab)" : current.url() !== before ? " (the page changed)" : "";
  // Describe where we are only when it changed: the title costs a round trip to a busy page.
  const where = moved ? `. Now at ${await pageLine(tools, current)}${moved}` : "";
  return ok(`${what}${where}${await notesFor(tools, page, since)}`, {
    url: current.url(),
    changed: moved !== "",
  });
}

/** Acting on elements and tabs: browser_click, browser_type, browser_select, browser_tabs. */
export function actionTools(tools: BrowserToolContext): ToolDefinition[] {
  const { session } = tools;
  const attached = session.attached;

  const click = defineTool<{ ref: string; submit?: boolean; download?: boolean }>({
    name: "browser_click",
    group: "browser",
    description:
      "Click an element by its ref. A button that submits a form needs submit: true, a file download needs download: true (the user is asked for both, and for purchases).",
    parameters: parametersFrom(
      z.object({
        ref,
        submit: z.boolean().optional().describe("true when this click submits a form"),
        download: z.boolean().optional().describe("true to save the file this click downloads"),
      }),
    ),
    effects: ["ui", "network"],
    risk: (args) => actionTier(args, session.refInfo(args.ref), attached),
    trust: "untrusted",
    examples: ["click {ref}", "press the button {ref}"],
    async preview(args) {
      const page = await session.page();
      const why = sensitiveElement(session.refInfo(args.ref));
      return [
        `Click ${describeRef(tools, args.ref)} on ${page.url()}`,
        args.submit ? "This submits the form." : undefined,
        args.download ? `The file it downloads is saved in ${tools.downloadsDir}.` : undefined,
        why ? `Careful: ${why}.` : undefined,
      ]
        .filter(Boolean)
        .join("\n");
    },
    async execute(args, ctx) {
      try {
        const { page, locator } = await refLocator(tools, args.ref);
        const effects = await onElement(locator, args.ref, () => locator.evaluate(clickEffects));
        // The tier came from `submit`: a form submit without it was never confirmed, so refuse it.
        if (!args.submit && effects.submits) {
          return fail(
            "SUBMIT_REQUIRED",
            `${describeRef(tools, args.ref)} submits a form; call browser_click again with submit: true (the user will be asked)`,
          );
        }
        const before = page.url();
        const since = session.clock();
        if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
        let saved = "";
        const clickIt = () =>
          session.act(page, effects.opensTab, () => onElement(locator, args.ref, () => locator.click()));
        if (args.download) {
          const { download } = await session.withDownload(page, clickIt);
          if (download)
            saved = `; saved the download to ${await saveDownload(download, tools.downloadsDir, ctx.clock.now())}`;
          else saved = "; no download started";
        } else {
          await clickIt();
        }
        return await afterAction(
          tools,
          page,
          before,
          since,
          `Clicked ${describeRef(tools, args.ref)}${saved}`,
        );
      } catch (error) {
        return failed(error);
      }
    },
  });

  const type = defineTool<{ ref: string; text: string; submit?: boolean; clear?: boolean }>({
    name: "browser_type",
    group: "browser",
    description:
      "Type text into a field by its ref (replacing what is there unless clear: false); submit: true presses Enter.",
    parameters: parametersFrom(
      z.object({
        ref,
        text: z.string().max(10_000).describe("what to type"),
        submit: z.boolean().optional().describe("press Enter afterwards (submits the form)"),
        clear: z.boolean().optional().describe("false to append instead of replacing"),
      }),
    ),
    effects: ["ui"],
    risk: (args) => actionTier({ submit: args.submit ?? false }, session.refInfo(args.ref), attached),
    trust: "untrusted",
    examples: ["type {text} into {ref}"],
    async preview(args) {
      const page = await session.page();
      return `Type into ${describeRef(tools, args.ref)} on ${page.url()}:\n${args.text}${args.submit ? "\nthen press Enter (submits the form)" : ""}`;
    },
    async execute(args, ctx) {
      try {
        const { page, locator } = await refLocator(tools, args.ref);
        const before = page.url();
        const since = session.clock();
        if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
        if (args.clear === false)
          await onElement(locator, args.ref, () => locator.pressSequentially(args.text));
        else await onElement(locator, args.ref, () => locator.fill(args.text));
        if (args.submit) {
          if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
          await session.act(page, false, () => locator.press("Enter"));
        }
        return await afterAction(
          tools,
          page,
          before,
          since,
          `Typed ${args.text.length} characters into ${describeRef(tools, args.ref)}${args.submit ? " and pressed Enter" : ""}`,
        );
      } catch (error) {
        return failed(error);
      }
    },
  });

  const select = defineTool<{ ref: string; values: string[] }>({
    name: "browser_select",
    group: "browser",
    description: "Choose option(s) in a select/combobox by its ref; values match an option's label or value.",
    parameters: parametersFrom(z.object({ ref, values: z.array(z.string().min(1).max(500)).min(1).max(20) })),
    effects: ["ui"],
    risk: (args) => actionTier({}, session.refInfo(args.ref), attached),
    trust: "untrusted",
    examples: ["select {value} in {ref}", "choose {value}"],
    async execute(args, ctx) {
      try {
        const { page, locator } = await refLocator(tools, args.ref);
        const before = page.url();
        const since = session.clock();
        if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
        const chosen = await onElement(locator, args.ref, async () => {
          try {
            return await locator.selectOption(args.values.map((value) => ({ label: value })));
          } catch {
            return await locator.selectOption(args.values);
          }
        });
        return await afterAction(
          tools,
          page,
          before,
          since,
          `Selected ${chosen.join(", ")} in ${describeRef(tools, args.ref)}`,
        );
      } catch (error) {
        return failed(error);
      }
    },
  });

  const tabs = defineTool<{ action: "list" | "switch" | "close" | "new"; tab?: number; url?: string }>({
    name: "browser_tabs",
    group: "browser",
    description: "List, switch to, close, or open (optionally with a #u handle or URL) browser tabs.",
    parameters: parametersFrom(
      z.object({
        action: z.enum(["list", "switch", "close", "new"]),
        tab: z
          .number()
          .int()
          .min(1)
          .max(10_000)
          .optional()
          .describe("tab number from the list (switch, close)"),
        url: urlString("for new: a #u handle or a URL the user gave").optional(),
      }),
    ),
    effects: ["ui", "network"],
    risk: (args) =>
      args.action === "list" ? (attached ? "caution" : "safe") : attached ? "dangerous" : "safe",
    trust: "untrusted",
    examples: ["list the browser tabs", "switch to tab {tab}", "close the tab", "open a new tab"],
    async execute(args, ctx) {
      try {
        if (args.action === "new") {
          const page = await session.newTab();
          if (args.url) return await openUrl(tools, page, args.url, ctx, "browser_tabs");
          return ok(`Opened a new empty tab (${(await session.tabs()).find((t) => t.current)?.id}).`);
        }
        if (args.action === "switch" || args.action === "close") {
          if (args.tab === undefined && args.action === "switch")
            return fail("ARGS_INVALID", "give the tab number to switch to");
          const page = args.tab === undefined ? await session.page() : await session.findTab(args.tab);
          if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
          if (args.action === "switch") {
            session.switchTo(page);
            await page.bringToFront().catch(() => undefined);
            return ok(`Switched to tab ${args.tab}: ${await pageLine(tools, page)}`);
          }
          const line = await pageLine(tools, page);
          await page.close();
          return ok(`Closed ${line}. Current tab: ${await pageLine(tools, await session.page())}`);
        }
        const list = await session.tabs();
        const lines = await Promise.all(
          list.map(async (t) => `${t.current ? "*" : " "} ${t.id} ${await pageLine(tools, t.page)}`),
        );
        return ok(`Tabs (* = current):\n${lines.join("\n")}`, {
          tabs: list.map((t) => ({ id: t.id, url: t.page.url(), current: t.current })),
        });
      } catch (error) {
        return failed(error);
      }
    },
  });

  return [click, type, select, tabs];
}
