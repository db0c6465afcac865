import type { Clock } from "../core/clock.js";
import { toJarvisError } from "../core/errors.js";
import { defineTool, fail, type ToolDefinition } from "../core/tool.js";
import type { SqliteDatabase } from "../store/database.js";
import { KeyValueRepository } from "../store/kv.js";
import { createPlatform } from "./factory.js";
import { DesktopSession } from "./session.js";
import type { Capability, Platform } from "./types.js";

/** What a kit takes from the runtime (the tools' `ToolDeps` satisfy it). */
export interface KitDeps {
  db: SqliteDatabase;
  clock: Clock;
  env: NodeJS.ProcessEnv;
  onClose(fn: () => Promise<void> | void): void;
}

/** What every desktop tool group works with: the OS adapter and the shared session state. */
export interface DesktopKit {
  platform: Platform;
  session: DesktopSession;
}

/**
 * Tool groups are registered one by one but should drive one adapter per runtime (one AT-SPI
 * helper process, not one per group). This memo is keyed by the runtime's deps object, so
 * runtimes stay independent and nothing outlives its runtime.
 */
const kits = new WeakMap<KitDeps, DesktopKit>();

/**
 * The kit for a tool group. The session lives in the store, so the target lock and refs are
 * shared by every group and by later processes; a test passes its own platform here.
 */
export function desktopKit(deps: KitDeps, platform?: Platform): DesktopKit {
  const session = () =>
    new DesktopSession(new KeyValueRepository(deps.db, deps.clock), () => deps.clock.now());
  if (platform) {
    deps.onClose(() => platform.close());
    return { platform, session: session() };
  }
  const existing = kits.get(deps);
  if (existing) return existing;
  const kit = { platform: createPlatform({ env: deps.env }), session: session() };
  deps.onClose(() => kit.platform.close());
  kits.set(deps, kit);
  return kit;
}

export function unavailableReason(platform: Platform, needs: readonly Capability[]): string | undefined {
  for (const capability of needs) {
    const why = platform.unavailable(capability);
    if (why) return why;
  }
  return undefined;
}

/**
 * Wraps a desktop tool: `available()` names the missing program or permission, execute refuses
 * up front with that same line, and errors keep their fix so the user reads how to solve it.
 */
export function desktopTool<A extends Record<string, unknown>>(
  kit: DesktopKit,
  needs: readonly Capability[],
  tool: ToolDefinition<A>,
): ToolDefinition {
  return defineTool<A>({
    ...tool,
    available: () => unavailableReason(kit.platform, needs),
    async execute(args, ctx) {
      const why = unavailableReason(kit.platform, needs);
      if (why) return fail("UNAVAILABLE", why);
      try {
        return await tool.execute(args, ctx);
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        const failure = toJarvisError(error, "TOOL_FAILED");
        return fail(failure.code, failure.fix ? `${failure.message} (${failure.fix})` : failure.message);
      }
    },
  });
}
