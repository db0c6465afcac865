import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, CDPSession, Download, Page } from "playwright-core";
import { AllowList } from "../../config/allowlist.js";
import type { JarvisConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import type { Logger } from "../../core/logger.js";
import { type GuardOptions, type LookupFn, systemLookup } from "../web/guard.js";
import { findBrowser, LAUNCH_FLAGS } from "./launch.js";
import { GuardProxy } from "./proxy.js";
import type { RefInfo } from "./snapshot.js";

export interface BrowserSessionOptions {
  config: JarvisConfig["browser"];
  allowPrivate: string[];
  profileDir: string;
  logger: Logger;
  lookup?: LookupFn;
  now?: () => number;
}

interface Started {
  context: BrowserContext;
  browser?: Browser;
  proxy?: GuardProxy;
}

/**
 * One browser for the life of the Jarvis process, started on first use: the system Chromium
 * with Jarvis's own profile behind the guard proxy, or (opt-in) the user's running Chrome over
 * CDP. Tracks tabs, the current tab, the refs of each tab's latest snapshot, and things that
 * happened on a page the next tool result should mention (dialogs, blocked downloads, popups).
 */
export class BrowserSession {
  readonly guard: GuardOptions;
  readonly attached: boolean;
  /** How long the first start took (ms), for `jarvis doctor` and the benchmark. */
  startMs: number | undefined;
  private starting: Promise<Started> | undefined;
  private current: Page | undefined;
  private nextTab = 1;
  private readonly tabIds = new WeakMap<Page, number>();
  private readonly refTables = new WeakMap<Page, Map<string, RefInfo>>();
  private readonly notes = new WeakMap<Page, string[]>();
  private readonly downloadsAllowed = new WeakSet<Page>();
  private readonly mainFrameNavigations = new WeakMap<Page, number>();
  private readonly titles = new WeakMap<Page, { navigations: number; title: string }>();
  private readonly cdpSessions = new WeakMap<Page, Promise<CDPSession | undefined>>();
  private acting = false;
  private readonly now: () => number;

  constructor(private readonly options: BrowserSessionOptions) {
    this.guard = { allow: new AllowList(options.allowPrivate), lookup: options.lookup ?? systemLookup };
    this.attached = Boolean(options.config.attach_cdp);
    this.now = options.now ?? Date.now;
  }

  get actionTimeoutMs(): number {
    return Math.max(1_000, (this.options.config.timeout_s * 1000) / 3);
  }

  get navigationTimeoutMs(): number {
    return this.options.config.timeout_s * 1000;
  }

  get started(): boolean {
    return this.starting !== undefined;
  }

  async context(): Promise<BrowserContext> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return (await this.starting).context;
  }

  /** The current tab, opening one when none is left. */
  async page(): Promise<Page> {
    const context = await this.context();
    if (this.current && !this.current.isClosed()) return this.current;
    const open = context.pages().filter((p) => !p.isClosed());
    this.current = this.attached ? undefined : open.at(-1);
    this.current ??= await context.newPage();
    this.watch(this.current);
    return this.current;
  }

  async tabs(): Promise<Array<{ id: number; page: Page; current: boolean }>> {
    const context = await this.context();
    const current = await this.page();
    return context.pages().map((page) => {
      this.watch(page);
      return { id: this.tabIds.get(page)!, page, current: page === current };
    });
  }

  async newTab(): Promise<Page> {
    const page = await (await this.context()).newPage();
    this.watch(page);
    this.current = page;
    return page;
  }

  async findTab(id: number): Promise<Page> {
    const tab = (await this.tabs()).find((t) => t.id === id);
    if (!tab)
      throw new JarvisError("NOT_FOUND", `there is no tab ${id}`, { fix: "list the tabs with browser_tabs" });
    return tab.page;
  }

  switchTo(page: Page): void {
    this.current = page;
  }

  /**
   * The tab's title from the browser's navigation history (one CDP round trip, ~1 ms) instead
   * of `page.title()`, which right after a navigation waits ~20 ms for a new JS context. Kept
   * per document until the tab navigates or finishes loading: repeated snapshots of an
   * unchanged page do not ask again (a title a script changes later shows on the next load).
   */
  async title(page: Page): Promise<string> {
    const navigations = this.navigations(page);
    const known = this.titles.get(page);
    if (known?.navigations === navigations) return known.title;
    const title = await this.readTitle(page);
    // A navigation meanwhile changed the count, so this entry is not used for the new page.
    this.titles.set(page, { navigations, title });
    return title;
  }

  private async readTitle(page: Page): Promise<string> {
    let cdp = this.cdpSessions.get(page);
    if (!cdp) {
      cdp = page
        .context()
        .newCDPSession(page)
        .catch(() => undefined);
      this.cdpSessions.set(page, cdp);
    }
    const session = await cdp;
    if (session) {
      try {
        const history = await session.send("Page.getNavigationHistory");
        const title = history.entries[history.currentIndex]?.title;
        if (title !== undefined) return title === page.url() ? "" : title;
      } catch {
        // fall back to the page itself
      }
    }
    return page.title().catch(() => "");
  }

  /** Refs of the latest snapshot of the current tab (empty before any snapshot). */
  refInfo(ref: string): RefInfo | undefined {
    return this.current ? this.refTables.get(this.current)?.get(ref) : undefined;
  }

  setRefs(page: Page, refs: Map<string, RefInfo>): void {
    this.refTables.set(page, refs);
  }

  /** How many times the tab's main frame has navigated (compare before and after an action). */
  navigations(page: Page): number {
    return this.mainFrameNavigations.get(page) ?? 0;
  }

  /** Notes gathered on a page since the last call (dialogs dismissed, downloads blocked, ...). */
  takeNotes(page: Page): string[] {
    const notes = this.notes.get(page) ?? [];
    this.notes.set(page, []);
    return notes;
  }

  /**
   * Runs a user-intended action on `page`; a tab it opens becomes current. A tab that opened
   * meanwhile, or one the element is known to open (`target=_blank`; `opensTab` may still be
   * being worked out while the action runs), is waited for so the result can describe it.
   */
  async act<T>(page: Page, opensTab: boolean | Promise<boolean>, action: () => Promise<T>): Promise<T> {
    this.acting = true;
    let opened: Page | undefined;
    const seen = (popup: Page) => {
      opened ??= popup;
    };
    page.on("popup", seen);
    try {
      const result = await action();
      const expected = await opensTab;
      // Checked after the await: a popup that arrived meanwhile is in `opened` already.
      if (!opened && expected) {
        opened = await page.waitForEvent("popup", { timeout: this.actionTimeoutMs }).catch(() => undefined);
      }
      await opened?.waitForLoadState("domcontentloaded").catch(() => undefined);
      return result;
    } finally {
      page.off("popup", seen);
      this.acting = false;
    }
  }

  /** Runs `action` with downloads on `page` allowed; returns the download it started, if any. */
  async withDownload<T>(page: Page, action: () => Promise<T>): Promise<{ result: T; download?: Download }> {
    this.downloadsAllowed.add(page);
    const waiting = page.waitForEvent("download", { timeout: this.actionTimeoutMs }).catch(() => undefined);
    try {
      const result = await action();
      const download = await waiting;
      return download ? { result, download } : { result };
    } finally {
      this.downloadsAllowed.delete(page);
    }
  }

  /** Requests the guard proxy refused since `since` (none when attached to the user's browser). */
  async blockedSince(since: number): Promise<string[]> {
    const started = this.starting ? await this.starting.catch(() => undefined) : undefined;
    return started?.proxy?.blockedSince(since).map((b) => `${b.host}:${b.port} — ${b.reason}`) ?? [];
  }

  clock(): number {
    return this.now();
  }

  async close(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    this.current = undefined;
    const started = await starting?.catch(() => undefined);
    if (!started) return;
    try {
      if (started.browser)
        await started.browser.close(); // attached: disconnects, the user's browser stays
      else await started.context.close();
    } finally {
      await started.proxy?.close();
    }
  }

  private watch(page: Page): void {
    if (this.tabIds.has(page)) return;
    this.tabIds.set(page, this.nextTab++);
    this.notes.set(page, []);
    const note = (text: string) => this.notes.get(page)?.push(text);
    page.on("dialog", (dialog) => {
      note(
        `the page showed a ${dialog.type()} dialog ("${dialog.message().slice(0, 200)}"); it was dismissed`,
      );
      dialog.dismiss().catch(() => undefined);
    });
    page.on("download", (download) => {
      if (this.downloadsAllowed.has(page)) return;
      note(`a download of "${download.suggestedFilename()}" was blocked (click again with download: true)`);
      download.cancel().catch(() => undefined);
    });
    page.on("framenavigated", (frame) => {
      // Refs belong to the document they were taken from; a new document invalidates them.
      if (frame !== page.mainFrame()) return;
      this.refTables.delete(page);
      this.mainFrameNavigations.set(page, this.navigations(page) + 1);
    });
    // Scripts often set the title while the page loads; read it again after.
    page.on("load", () => this.titles.delete(page));
    page.on("popup", (popup) => {
      this.watch(popup);
      const id = this.tabIds.get(popup);
      // Only a tab opened by our own action becomes current; one a page opens on its own
      // later must not silently redirect the next action.
      if (this.acting) {
        this.current = popup;
        note(`the page opened a new tab (${id}), which is now the current tab`);
      } else {
        note(`the page opened a new tab (${id}) by itself; switch to it with browser_tabs if needed`);
      }
    });
    page.setDefaultTimeout(this.actionTimeoutMs);
    page.setDefaultNavigationTimeout(this.navigationTimeoutMs);
  }

  private async start(): Promise<Started> {
    const begun = this.now();
    const { config } = this.options;
    // playwright-core takes seconds to import; only a session that starts a browser pays for it.
    const { chromium } = await import("playwright-core");
    let started: Started;
    if (config.attach_cdp) {
      const browser = await chromium.connectOverCDP(config.attach_cdp, { timeout: this.navigationTimeoutMs });
      const context = browser.contexts()[0] ?? (await browser.newContext());
      started = { context, browser };
    } else {
      const found = findBrowser(config);
      if (!found.path)
        throw new JarvisError("UNAVAILABLE", found.problem ?? "no browser", { fix: "run `jarvis doctor`" });
      mkdirSync(this.options.profileDir, { recursive: true, mode: 0o700 });
      const proxy = new GuardProxy(this.guard, this.options.logger, this.now);
      const port = await proxy.start();
      try {
        const context = await chromium.launchPersistentContext(this.options.profileDir, {
          executablePath: found.path,
          headless: config.headless,
          args: [
            ...LAUNCH_FLAGS.filter((flag) => config.headless || flag !== "--headless"),
            `--proxy-server=http://127.0.0.1:${port}`,
            // Chromium sends loopback directly unless told otherwise; the guard must see it too.
            "--proxy-bypass-list=<-loopback>",
          ],
          viewport: { width: 1280, height: 800 },
          acceptDownloads: true,
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
          timeout: 60_000,
        });
        started = { context, proxy };
      } catch (error) {
        await proxy.close();
        const message = (error as Error).message;
        if (/ProcessSingleton|SingletonLock|profile.*in use/i.test(message)) {
          throw new JarvisError(
            "UNAVAILABLE",
            "the Jarvis browser profile is in use by another Jarvis process",
            {
              fix: `close the other Jarvis, or remove ${this.options.profileDir}/SingletonLock if none runs`,
            },
          );
        }
        throw new JarvisError("UNAVAILABLE", `the browser did not start: ${message.split("\n")[0]}`, {
          fix: "run `jarvis doctor`",
        });
      }
    }
    started.context.on("close", () => {
      // The browser went away (crash, user closed it): the next call starts a fresh one.
      if (this.starting) this.starting = undefined;
      this.current = undefined;
      void started.proxy?.close();
    });
    for (const page of started.context.pages()) this.watch(page);
    started.context.on("page", (page) => this.watch(page));
    this.startMs ??= this.now() - begun;
    this.options.logger.info({ ms: this.now() - begun, attached: this.attached }, "browser started");
    return started;
  }
}
