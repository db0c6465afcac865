import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { parametersFrom, urlString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import { linkMinter } from "../web/fetch-page.js";
import {
  type BrowserToolContext,
  failed,
  notesFor,
  onElement,
  openUrl,
  pageLine,
  refLocator,
} from "./common.js";
import { compactSnapshot } from "./snapshot.js";

const MAX_SNAPSHOT_CHARS = 20_000;
const ref = z
  .string()
  .regex(/^(f\d+)?e\d{1,6}$/, "a ref such as e12 from browser_snapshot")
  .describe("element ref from the latest browser_snapshot");

function pngSize(buffer: Buffer): { width: number; height: number } {
  return buffer.length >= 24
    ? { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) }
    : { width: 0, height: 0 };
}

/** Navigation and reading: browser_navigate, browser_back, browser_snapshot, browser_get_text, browser_screenshot, browser_wait_for. */
export function pageTools(tools: BrowserToolContext): ToolDefinition[] {
  const { session } = tools;
  const readTier = () => (session.attached ? "caution" : "safe");
  const moveTier = () => (session.attached ? "dangerous" : "safe");

  const navigate = defineTool<{ url: string }>({
    name: "browser_navigate",
    group: "browser",
    description:
      "Open a page in the browser's current tab. Pass a #u handle from an earlier result (search, snapshot, page text) or a URL the user gave.",
    parameters: parametersFrom(z.object({ url: urlString("a #u handle, or a URL the user gave") })),
    effects: ["network", "egress"],
    risk: moveTier,
    trust: "untrusted",
    timeoutMs: session.navigationTimeoutMs + 60_000,
    examples: ["open {url}", "go to {url}", "browse to {url}", "open {url} in the browser"],
    async execute(args, ctx) {
      try {
        return await openUrl(tools, await session.page(), args.url, ctx, "browser_navigate");
      } catch (error) {
        return failed(error);
      }
    },
  });

  const back = defineTool<Record<string, never>>({
    name: "browser_back",
    group: "browser",
    description: "Go back to the previous page in the current tab.",
    parameters: parametersFrom(z.object({})),
    effects: ["network"],
    risk: moveTier,
    trust: "untrusted",
    examples: ["go back", "back to the previous page"],
    async execute(_args, ctx) {
      try {
        const page = await session.page();
        const since = session.clock();
        if (ctx.signal.aborted) return fail("CANCELLED", "cancelled");
        const before = page.url();
        const response = await page.goBack({ waitUntil: "domcontentloaded" });
        if (!response && page.url() === before)
          return fail("NOT_FOUND", "there is no earlier page in this tab");
        return ok(`Back at ${await pageLine(tools, page)}${await notesFor(tools, page, since)}`, {
          url: page.url(),
        });
      } catch (error) {
        return failed(error);
      }
    },
  });

  const snapshot = defineTool<Record<string, never>>({
    name: "browser_snapshot",
    group: "browser",
    description:
      "Compact accessibility snapshot of the current tab: elements you can act on carry refs (e12) for browser_click/type/select; links carry #u handles.",
    parameters: parametersFrom(z.object({})),
    effects: ["read"],
    risk: readTier,
    trust: "untrusted",
    examples: ["what is on the page", "show the page elements"],
    async execute(_args, ctx) {
      try {
        const page = await session.page();
        const [raw, line] = await Promise.all([
          page.ariaSnapshot({ mode: "ai", timeout: session.actionTimeoutMs }),
          pageLine(tools, page),
        ]);
        const compact = compactSnapshot(raw, page.url(), linkMinter(ctx.handles, "browser_snapshot"));
        session.setRefs(page, compact.refs);
        const cut = compact.text.length > MAX_SNAPSHOT_CHARS;
        const body = cut
          ? `${compact.text.slice(0, MAX_SNAPSHOT_CHARS)}\n…[snapshot cut; use browser_get_text to read the rest]`
          : compact.text;
        const tab = (await session.tabs()).find((t) => t.current);
        return ok(
          `Tab ${tab?.id ?? 1}: ${line}\n${body}${await notesFor(tools, page, Number.POSITIVE_INFINITY)}`,
          {
            url: page.url(),
            refs: compact.refs.size,
            links: compact.links,
            chars: compact.text.length,
            rawChars: raw.length,
          },
        );
      } catch (error) {
        return failed(error);
      }
    },
  });

  const getText = defineTool<{ ref?: string; max_chars?: number }>({
    name: "browser_get_text",
    group: "browser",
    description: "Read the current tab (or one element of it) as readable markdown; links become #u handles.",
    parameters: parametersFrom(
      z.object({
        ref: ref.optional(),
        max_chars: z
          .number()
          .int()
          .min(500)
          .max(30_000)
          .optional()
          .describe("cut after this many characters"),
      }),
    ),
    effects: ["read"],
    risk: readTier,
    trust: "untrusted",
    examples: ["read the page", "what does the page say", "summarize this page"],
    async execute(args, ctx) {
      try {
        let page = await session.page();
        let html: string;
        if (args.ref) {
          const target = await refLocator(tools, args.ref);
          page = target.page;
          html = await onElement(target.locator, args.ref, () =>
            target.locator.evaluate((el) => el.outerHTML),
          );
        } else {
          html = await page.content();
        }
        // linkedom/readability/turndown load on first use, not when the tool list is built.
        const { htmlToMarkdown } = await import("../web/readable.js");
        const readable = htmlToMarkdown(html, {
          baseUrl: page.url(),
          mintLink: linkMinter(ctx.handles, "browser_get_text"),
        });
        const limit = args.max_chars ?? 20_000;
        const text =
          readable.markdown.length > limit
            ? `${readable.markdown.slice(0, limit)}\n…[cut at ${limit} of ${readable.markdown.length} characters]`
            : readable.markdown;
        return ok(
          `# ${readable.title || (await page.title().catch(() => ""))}\nURL: ${page.url()}\n\n${text}`,
          {
            url: page.url(),
            chars: readable.markdown.length,
            links: readable.links,
          },
        );
      } catch (error) {
        return failed(error);
      }
    },
  });

  const screenshot = defineTool<{ full_page?: boolean; ref?: string }>({
    name: "browser_screenshot",
    group: "browser",
    description: "Save a PNG screenshot of the current tab (or one element) and return where it was saved.",
    parameters: parametersFrom(
      z.object({
        full_page: z.boolean().optional().describe("the whole scrollable page, not just the viewport"),
        ref: ref.optional(),
      }),
    ),
    effects: ["read"],
    risk: readTier,
    examples: ["take a screenshot of the page", "screenshot the browser"],
    async execute(args, ctx) {
      try {
        mkdirSync(tools.screenshotsDir, { recursive: true, mode: 0o700 });
        const path = join(
          tools.screenshotsDir,
          `browser-${ctx.clock.now()}-${ctx.callId.replace(/[^A-Za-z0-9_-]/g, "")}.png`,
        );
        let page = await session.page();
        let buffer: Buffer;
        if (args.ref) {
          const target = await refLocator(tools, args.ref);
          page = target.page;
          buffer = await onElement(target.locator, args.ref, () => target.locator.screenshot({ path }));
        } else {
          buffer = await page.screenshot({ path, fullPage: args.full_page ?? false });
        }
        const { width, height } = pngSize(buffer);
        return ok(
          `Saved a ${width}×${height} screenshot of ${page.url()} to ${path} (${Math.ceil(buffer.length / 1024)} KB).`,
          {
            path,
            width,
            height,
            bytes: buffer.length,
          },
        );
      } catch (error) {
        return failed(error);
      }
    },
  });

  const waitFor = defineTool<{ text?: string; text_gone?: string; seconds?: number }>({
    name: "browser_wait_for",
    group: "browser",
    description: "Wait until text appears, or disappears, on the current tab, or for a number of seconds.",
    parameters: parametersFrom(
      z.object({
        text: z.string().min(1).max(200).optional().describe("wait until this text is visible"),
        text_gone: z.string().min(1).max(200).optional().describe("wait until this text is gone"),
        seconds: z.number().min(0.1).max(30).optional().describe("just wait this long"),
      }),
    ),
    effects: ["read"],
    risk: readTier,
    trust: "untrusted",
    timeoutMs: 40_000,
    examples: ["wait for {text}", "wait until the page shows {text}"],
    async execute(args, ctx) {
      if (args.text === undefined && args.text_gone === undefined && args.seconds === undefined) {
        return fail("ARGS_INVALID", "give text, text_gone or seconds");
      }
      try {
        const page = await session.page();
        const since = session.clock();
        const timeout = Math.min(30_000, (args.seconds ?? session.actionTimeoutMs / 1000) * 1000);
        if (args.text === undefined && args.text_gone === undefined) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeout);
            const stop = () => {
              clearTimeout(timer);
              resolve();
            };
            ctx.signal.addEventListener("abort", stop, { once: true });
          });
          return ok(`Waited ${timeout / 1000} s. Now at ${await pageLine(tools, page)}`);
        }
        if (args.text !== undefined)
          await page.getByText(args.text).first().waitFor({ state: "visible", timeout });
        if (args.text_gone !== undefined)
          await page.getByText(args.text_gone).first().waitFor({ state: "hidden", timeout });
        const what =
          args.text !== undefined ? `"${args.text}" is on the page` : `"${args.text_gone}" is gone`;
        return ok(`${what}: ${await pageLine(tools, page)}${await notesFor(tools, page, since)}`);
      } catch (error) {
        if (/Timeout \d+ms exceeded/.test((error as Error).message ?? "")) {
          return fail(
            "TIMEOUT",
            `the text did not ${args.text !== undefined ? "appear" : "disappear"} in time`,
          );
        }
        return failed(error);
      }
    },
  });

  return [navigate, back, snapshot, getText, screenshot, waitFor];
}
