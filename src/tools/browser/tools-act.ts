import { mkdirSync } from "node:fs";
import { basename, extname, join } from "node:path";
import type { Download, Locator, Page } from "playwright-core";
import { z } from "zod";
import { parametersFrom, refString, urlString } from "../../core/schema.js";
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

const ref = refString(
  /^(f\d+)?e\d{1,6}$/,
  "a ref such as e12 from browser_snapshot",
  "element ref from the latest browser_snapshot",
);

const lower = (value: string) =>
  `translate(${value},'ABCDEFGHIJKLMNOPQRSTUVWXYZ','abcdefghijklmnopqrstuvwxyz')`;
/**
 * The nearest button/input around the element when it is a submit control: a <button> unless
 * its type is button or reset (a missing or invalid type means submit), or an <input> of type
 * submit or image.
 */
const SUBMIT_CONTROL = `ancestor-or-self::*[self::button or self::input][1][(self::button and not(${lower("@type")}='button' or ${lower("@type")}='reset')) or (self::input and (${lower("@type")}='submit' or ${lower("@type")}='image'))]`;
/** That control's form owner: the form its form= attribute names, else its nearest form. */
const OWNER = `${SUBMIT_CONTROL}[not(@form)]/ancestor::form[1] | id(${SUBMIT_CONTROL}/@form)[self::form]`;
/**
 * Counted from the element: the element itself, plus — when clicking it submits a form — the
 * submit control and its form (two different elements, so the count is then at least 2).
 * 0: the element is gone; 1: it does not submit; 2 or more: it submits.
 */
const CLICK_PROBE = `xpath=self::* | ${SUBMIT_CONTROL}[(not(@form) and ancestor::form) or id(@form)[self::form]] | ${OWNER}`;
/** A target that opens another browsing context (not empty, _self, _parent or _top). */
const newTab = (target: string) =>
  `${target}[normalize-space(.)!='' and not(${lower(".")}='_self' or ${lower(".")}='_parent' or ${lower(".")}='_top')]`;
/** The nearest link around the element, when it opens a new tab (its target, or <base target>). */
const NEW_TAB_LINK = `xpath=ancestor-or-self::*[(self::a or self::area) and @href][1][${newTab("@target")} or (not(@target) and (//base[@target])[1][${newTab("@target")}])]`;

/**
 * Whether the element is still there and whether clicking it submits a form: one element count
 * (one round trip; a locator.evaluate costs ~9: resolve, adopt into the page's world, evaluate,
 * release), evaluated in Playwright's isolated world, where the page's scripts cannot patch
 * `closest` or `document.evaluate` to hide a submit button.
 */
async function clickProbe(locator: Locator): Promise<{ present: boolean; submits: boolean }> {
  const count = await locator.locator(CLICK_PROBE).count();
  return { present: count > 0, submits: count > 1 };
}

/** Whether clicking opens a new tab: only decides whether to wait for it, so it runs alongside the click. */
function opensTab(locator: Locator): Promise<boolean> {
  return locator
    .locator(NEW_TAB_LINK)
    .count()
    .then((count) => count > 0)
    .catch(() => false);
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

/** Where a tab was before an action: its URL, its navigation count, and the time. */
interface Mark {
  url: string;
  navigations: number;
  since: number;
}

function mark(tools: BrowserToolContext, page: Page): Mark {
  return { url: page.url(), navigations: tools.session.navigations(page), since: tools.session.clock() };
}

/** After an action: where the tab is now, whether it changed, and what the page did meanwhile. */
async function afterAction(
  tools: BrowserToolContext,
  page: Page,
  before: Mark,
  what: string,
): Promise<ToolResult> {
  // An action that navigated (Playwright's click waits for the commit) lets the new document
  // arrive before the page is described; one that did not costs no extra call.
  if (tools.session.navigations(page) !== before.navigations) {
    await page
      .waitForLoadState("domcontentloaded", { timeout: tools.session.actionTimeoutMs })
      .catch(() => undefined);
  }
  const current = await tools.session.page();
  const moved =
    current !== page ? " (in the new tab)" : current.url() !== before.url ? " (the page changed)" : "";
  // Describe where we are only when it changed: the title costs a round trip to a busy page.
  const where = moved ? `. Now at ${await pageLine(tools, current)}${moved}` : "";
  return ok(`${what}${where}${await notesFor(tools, page, before.since)}`, {
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
    effects: ["ui", "network", "egress"],
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
        // Named now: a click that opens a tab makes that tab current, whose refs are not these.
        const element = describeRef(tools, args.ref);
        const effects = await clickProbe(locator);
        if (!effects.present) {
          return fail("NOT_FOUND", `${args.ref} is no longer on the page (take a new browser_snapshot)`);
        }
        // The tier came from `submit`: a form submit without it was never confirmed, so refuse it.
        if (!args.submit && effects.submits) {
          return fail(
            "SUBMIT_REQUIRED",
            `${element} submits a form; call browser_click again with submit: true (the user will be asked)`,
          );
        }
        const before = mark(tools, page);
        if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
        let saved = "";
        const clickIt = () =>
          session.act(page, opensTab(locator), () => onElement(locator, args.ref, () => locator.click()));
        if (args.download) {
          const { download } = await session.withDownload(page, clickIt);
          if (download)
            saved = `; saved the download to ${await saveDownload(download, tools.downloadsDir, ctx.clock.now())}`;
          else saved = "; no download started";
        } else {
          await clickIt();
        }
        return await afterAction(tools, page, before, `Clicked ${element}${saved}`);
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
    effects: ["ui", "egress"],
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
        const element = describeRef(tools, args.ref);
        const before = mark(tools, page);
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
          `Typed ${args.text.length} characters into ${element}${args.submit ? " and pressed Enter" : ""}`,
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
    effects: ["ui", "egress"],
    risk: (args) => actionTier({}, session.refInfo(args.ref), attached),
    trust: "untrusted",
    examples: ["select {value} in {ref}", "choose {value}"],
    async execute(args, ctx) {
      try {
        const { page, locator } = await refLocator(tools, args.ref);
        const before = mark(tools, page);
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
    effects: ["ui", "network", "egress"],
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
