import type { Locator, Page } from "playwright-core";
import { JarvisError, toJarvisError } from "../../core/errors.js";
import { fail, type ToolContext, type ToolResult } from "../../core/tool.js";
import { checkUrl, checkUrlShape } from "../web/guard.js";
import { coerceUrl, duplicateNote, type OpenedUrls } from "../web/url.js";
import type { BrowserSession } from "./session.js";

export interface BrowserToolContext {
  session: BrowserSession;
  opened: OpenedUrls;
  screenshotsDir: string;
  downloadsDir: string;
}

export function sessionKey(ctx: ToolContext): string {
  return ctx.sessionId ?? ctx.runId;
}

export function failed(error: unknown): ToolResult {
  const failure = toJarvisError(error, "TOOL_FAILED");
  const message = failure.message.split("\n")[0] ?? failure.message;
  return fail(failure.code, failure.fix ? `${message} (${failure.fix})` : message);
}

/** The element a ref names in the current tab; refuses refs the latest snapshot did not show. */
export async function refLocator(
  tools: BrowserToolContext,
  ref: string,
): Promise<{ page: Page; locator: Locator }> {
  const page = await tools.session.page();
  if (!tools.session.refInfo(ref)) {
    throw new JarvisError("NOT_FOUND", `${ref} is not in the latest snapshot of this tab`, {
      fix: "take a browser_snapshot and use a ref from it",
    });
  }
  return { page, locator: page.getByRef(ref) };
}

/** Runs an element action; a timeout on a ref that vanished says so instead of "timeout". */
export async function onElement<T>(locator: Locator, ref: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const message = (error as Error).message ?? "";
    if (/Timeout \d+ms exceeded/.test(message)) {
      const count = await locator.count().catch(() => 0);
      if (count === 0) {
        throw new JarvisError("NOT_FOUND", `${ref} is no longer on the page`, {
          fix: "take a new browser_snapshot",
        });
      }
      throw new JarvisError(
        "TIMEOUT",
        `${ref} did not become actionable in time (hidden, disabled or covered?)`,
      );
    }
    throw error;
  }
}

export function describeRef(tools: BrowserToolContext, ref: string): string {
  const info = tools.session.refInfo(ref);
  return info ? `${info.role}${info.name ? ` "${info.name}"` : ""} [${ref}]` : ref;
}

export async function pageLine(tools: BrowserToolContext, page: Page): Promise<string> {
  const title = await tools.session.title(page);
  return `${title ? `"${title}" — ` : ""}${page.url()}`;
}

/** Notes from the page (dialogs, downloads, popups) and requests the guard refused since `since`. */
export async function notesFor(tools: BrowserToolContext, page: Page, since: number): Promise<string> {
  const blocked = await tools.session.blockedSince(since);
  const notes = [
    ...tools.session.takeNotes(page),
    ...blocked.map((entry) => `blocked a request to ${entry}`),
  ];
  return notes.length > 0 ? `\n${notes.map((n) => `Note: ${n}`).join("\n")}` : "";
}

/**
 * Opens a URL in `page`: shape and SSRF check first (a clean refusal before anything loads;
 * the guard proxy re-checks every request and redirect), then navigation. Reports duplicates.
 */
export async function openUrl(
  tools: BrowserToolContext,
  page: Page,
  rawUrl: string,
  ctx: ToolContext,
  tool: string,
): Promise<ToolResult> {
  const url = coerceUrl(rawUrl);
  if (!url) return fail("ARGS_INVALID", `"${rawUrl.slice(0, 100)}" is not a URL`);
  const since = tools.session.clock();
  try {
    checkUrlShape(url);
    await checkUrl(url, tools.session.guard, ctx.signal);
    if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
    const response = await page.goto(url.href, { waitUntil: "domcontentloaded" });
    const blockedHeader = response?.headers()["x-jarvis-blocked"];
    if (response?.status() === 403 && blockedHeader) {
      return fail("POLICY_DENIED", `${decodeURIComponent(blockedHeader)} (reached through a redirect)`);
    }
    const previous = tools.opened.record(sessionKey(ctx), url.href, tool, ctx.clock.now());
    const status = response ? ` (HTTP ${response.status()})` : "";
    return {
      ok: true,
      output: `${duplicateNote(previous)}Opened ${await pageLine(tools, page)}${status}${await notesFor(tools, page, since)}\nNext: browser_snapshot to act on the page, browser_get_text to read it.`,
      data: { url: page.url(), status: response?.status(), duplicate: previous !== undefined },
    };
  } catch (error) {
    const blocked = await tools.session.blockedSince(since);
    if (blocked.length > 0) return fail("POLICY_DENIED", `blocked ${blocked[0]}`);
    const message = (error as Error).message ?? "";
    if (/Download is starting/.test(message)) {
      return fail(
        "TOOL_FAILED",
        "that URL is a file download, not a page (use web_fetch, or click its link with download: true)",
      );
    }
    const net = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
    if (net) return fail("TOOL_FAILED", `${url.host} could not be loaded (${net})`);
    return failed(error);
  }
}
