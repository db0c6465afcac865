import type { JarvisConfig } from "../config/schema.js";
import type { Clock } from "../core/clock.js";
import type { ToolDefinition } from "../core/tool.js";
import { type DescribeEnv, describeCall, hasWords } from "../gate/describe-call.js";

/**
 * The gate's words for a call ("Read ~/notes.txt"; its progress line says "Reading…", its
 * question "Read ~/notes.txt?"): the tool's own describe with the user's time zone. The zone
 * arithmetic (and the date parser it sits with) loads on the first call a tool can describe,
 * not at start-up.
 */
export function callDescriber(
  config: JarvisConfig,
  env: NodeJS.ProcessEnv,
  clock: Clock,
): (tool: ToolDefinition, args: Record<string, unknown>) => Promise<string | undefined> {
  let zones: Promise<Omit<DescribeEnv, "now">> | undefined;
  return async (tool, args) => {
    if (!hasWords(tool)) return undefined;
    zones ??= Promise.all([
      import("../brain/nlu/slots/datetime.js"),
      import("../tools/calendar/timezone.js"),
    ]).then(([{ TimeZones }, { userTimeZone }]) => ({
      zones: new TimeZones(),
      timezone: userTimeZone(config, env),
    }));
    const summary = describeCall(tool, args, { ...(await zones), now: new Date(clock.now()) });
    if (!summary) return undefined;
    // Paths as the person writes them: ~/notes.txt, not /home/ada/notes.txt
    const home = env.HOME?.replace(/\/+$/, "");
    return home ? summary.replaceAll(`${home}/`, "~/") : summary;
  };
}
