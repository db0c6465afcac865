import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { OpenMeteo } from "../weather/client.js";
import { timeConvertTool } from "./convert.js";
import { dateTools } from "./dates.js";
import { ZoneResolver } from "./resolve.js";

const args = z.object({
  timezone: z.string().trim().min(1).max(64).optional().describe("IANA zone, e.g. Asia/Tokyo, or UTC"),
  city: z.string().trim().min(1).max(100).optional().describe("a city or country, e.g. Tokyo"),
  date: z.iso.date().optional().describe("a date (YYYY-MM-DD) to get the weekday of"),
});

/**
 * time_now: the time here or anywhere; time_convert: a time or the difference between two places;
 * time_until / time_shift: date arithmetic (days until christmas, the date in three weeks).
 * Both find zones through one ZoneResolver (IANA zones, city names offline, geocoding as a fallback).
 */
export function createTimeTools(
  deps: ToolDeps,
  options: { timezone?: string; fetch?: typeof fetch } = {},
): ToolDefinition[] {
  const local = options.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";
  const geocoder = new OpenMeteo({
    baseUrl: deps.config.weather.base_url,
    geocodingUrl: deps.config.weather.geocoding_url,
    units: deps.config.weather.units,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const zones = new ZoneResolver(geocoder, local);

  const resolve = async (
    input: z.infer<typeof args>,
    signal: AbortSignal,
  ): Promise<{ zone: string; place?: string }> => {
    if (input.timezone) {
      const found = zones.offline(input.timezone);
      if (!found)
        throw new JarvisError("ARGS_INVALID", `"${input.timezone}" is not a time zone`, {
          fix: "use an IANA name like Europe/Paris",
        });
      return { zone: found.zone };
    }
    if (input.city) {
      const found = await zones.resolve(input.city, signal);
      return { zone: found.zone, place: found.place ?? input.city };
    }
    return { zone: local };
  };

  return [
    defineTool<z.infer<typeof args>>({
      name: "time_now",
      group: "time",
      description:
        "The current date and time, here or in another city or time zone; or the weekday of a date.",
      parameters: parametersFrom(args),
      effects: ["read", "network", "egress"],
      risk: "safe",
      async execute(input, ctx) {
        let where: { zone: string; place?: string };
        try {
          where = await resolve(input, ctx.signal);
        } catch (error) {
          if (error instanceof JarvisError && error.code !== "CANCELLED")
            return fail(error.code, `${error.message}${error.fix ? ` (${error.fix})` : ""}`);
          throw error;
        }
        const now = new Date(deps.clock.now());
        if (input.date) {
          const day = new Date(`${input.date}T12:00:00Z`);
          const weekday = new Intl.DateTimeFormat("en-US", {
            weekday: "long",
            month: "long",
            day: "numeric",
            year: "numeric",
            timeZone: "UTC",
          }).format(day);
          const today = new Intl.DateTimeFormat("en-CA", { timeZone: where.zone }).format(now);
          const delta = Math.round((day.getTime() - new Date(`${today}T12:00:00Z`).getTime()) / 86_400_000);
          const relative =
            delta === 0
              ? "today"
              : delta === 1
                ? "tomorrow"
                : delta === -1
                  ? "yesterday"
                  : delta > 0
                    ? `in ${delta} days`
                    : `${-delta} days ago`;
          return ok(`${weekday} (${relative}).`, { date: input.date, weekday: weekday.split(",")[0] });
        }
        const time = new Intl.DateTimeFormat("en-US", {
          timeZone: where.zone,
          hour: "numeric",
          minute: "2-digit",
        }).format(now);
        const date = new Intl.DateTimeFormat("en-US", {
          timeZone: where.zone,
          weekday: "long",
          month: "long",
          day: "numeric",
          year: "numeric",
        }).format(now);
        const offset = new Intl.DateTimeFormat("en-US", { timeZone: where.zone, timeZoneName: "longOffset" })
          .formatToParts(now)
          .find((p) => p.type === "timeZoneName")?.value;
        const place = where.place ? ` in ${where.place}` : "";
        const utc = offset && offset !== "GMT" ? offset.replace(/^GMT/, "UTC") : "UTC+00:00";
        return ok(`It's ${time} on ${date}${place} (${where.zone}, ${utc}).`, {
          zone: where.zone,
          iso: now.toISOString(),
          time,
          date,
        });
      },
    }),
    timeConvertTool(zones, deps.clock),
    ...dateTools(deps.clock, local),
  ];
}
