import { homedir } from "node:os";
import { join } from "node:path";
import type { ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import type { LookupFn } from "../web/guard.js";
import { OpenedUrls } from "../web/url.js";
import type { BrowserToolContext } from "./common.js";
import { findBrowser } from "./launch.js";
import { BrowserSession } from "./session.js";
import { actionTools } from "./tools-act.js";
import { pageTools } from "./tools-page.js";

export { browserDoctorCheck } from "./doctor.js";
export { BROWSER_CANDIDATES, findBrowser, LAUNCH_FLAGS } from "./launch.js";
export { GuardProxy } from "./proxy.js";
export { actionTier, sensitiveElement } from "./risk.js";
export { BrowserSession, type BrowserSessionOptions } from "./session.js";
export { type CompactSnapshot, compactSnapshot, type RefInfo } from "./snapshot.js";

export interface BrowserToolOptions {
  /** DNS for the guard (tests make names resolve where they want). */
  lookup?: LookupFn;
  /** Use this session instead of creating one (benchmarks share it with direct Playwright calls). */
  session?: BrowserSession;
}

/**
 * The `browser` tool group. One session per process, started on the first browser call and
 * closed with the runtime (`deps.onClose`).
 */
export function createBrowserTools(deps: ToolDeps, options: BrowserToolOptions = {}): ToolDefinition[] {
  const session =
    options.session ??
    new BrowserSession({
      config: deps.config.browser,
      allowPrivate: deps.config.web.allow_private,
      profileDir: deps.paths.browserProfile,
      logger: deps.logger.child({ area: "browser" }),
      ...(options.lookup ? { lookup: options.lookup } : {}),
      now: () => deps.clock.now(),
    });
  if (!options.session) deps.onClose(() => session.close());
  const context: BrowserToolContext = {
    session,
    opened: new OpenedUrls(),
    screenshotsDir: join(deps.paths.home, "screenshots"),
    downloadsDir: join(deps.env.HOME ?? homedir(), "Downloads"),
  };
  const problem = () =>
    deps.config.browser.attach_cdp ? undefined : findBrowser(deps.config.browser).problem;
  return [...pageTools(context), ...actionTools(context)].map((tool) => ({ ...tool, available: problem }));
}

export function browserTools(deps: ToolDeps): ToolDefinition[] {
  return createBrowserTools(deps);
}
