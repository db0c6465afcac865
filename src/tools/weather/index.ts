import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { type Day, describeCode, OpenMeteo, type Place } from "./client.js";

export { describeCode, OpenMeteo, type Place } from "./client.js";

const city = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe("a place name, e.g. Paris; omit for weather.default_city");
const currentArgs = z.object({ city: city.optional() });
const forecastArgs = z.object({
  city: city.optional(),
  date: z.iso.date().optional().describe("one day, YYYY-MM-DD"),
  days: z.number().int().min(1).max(16).optional().describe("how many days from today (default 3)"),
});

/** weather_current and weather_forecast over Open-Meteo (base URLs from config). */
export function createWeatherTools(deps: ToolDeps, options: { fetch?: typeof fetch } = {}): ToolDefinition[] {
  const settings = deps.config.weather;
  const client = new OpenMeteo({
    baseUrl: settings.base_url,
    geocodingUrl: settings.geocoding_url,
    units: settings.units,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const locate = async (name: string | undefined, signal: AbortSignal): Promise<Place> => {
    const wanted = name ?? settings.default_city;
    if (!wanted) {
      throw new JarvisError("ARGS_INVALID", "no city given and no default city is set", {
        fix: "say a city, or set weather.default_city in config.yaml",
      });
    }
    const place = await client.geocode(wanted, signal);
    if (!place) throw new JarvisError("NOT_FOUND", `no place called "${wanted}" was found`);
    return place;
  };
  const run = async (fn: () => Promise<ReturnType<typeof ok>>) => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof JarvisError && error.code !== "CANCELLED") {
        return fail(error.code, `${error.message}${error.fix ? ` (${error.fix})` : ""}`);
      }
      throw error;
    }
  };

  return [
    defineTool<z.infer<typeof currentArgs>>({
      name: "weather_current",
      group: "weather",
      description: "Current weather for a city (temperature, conditions, humidity, wind).",
      parameters: parametersFrom(currentArgs),
      effects: ["network", "egress"],
      risk: "safe",
      execute: (args, ctx) =>
        run(async () => {
          const place = await locate(args.city, ctx.signal);
          const now = await client.current(place, ctx.signal);
          const u = now.units;
          const parts = [`${Math.round(now.temperature)}${u.temperature}`];
          if (now.apparent !== undefined)
            parts[0] += ` (feels like ${Math.round(now.apparent)}${u.temperature})`;
          parts.push(describeCode(now.code));
          if (now.humidity !== undefined) parts.push(`humidity ${Math.round(now.humidity)}%`);
          if (now.windSpeed !== undefined) parts.push(`wind ${Math.round(now.windSpeed)} ${u.wind}`);
          if (now.precipitation) parts.push(`precipitation ${now.precipitation} ${u.precipitation}`);
          return ok(`${placeName(place)}: ${parts.join(", ")}.`, { place, current: now });
        }),
    }),
    defineTool<z.infer<typeof forecastArgs>>({
      name: "weather_forecast",
      group: "weather",
      description: "Daily forecast for a city: one date, or the next few days (up to 16).",
      parameters: parametersFrom(forecastArgs),
      effects: ["network", "egress"],
      risk: "safe",
      execute: (args, ctx) =>
        run(async () => {
          const place = await locate(args.city, ctx.signal);
          const wanted = args.date ? 16 : (args.days ?? 3);
          const { days, unit } = await client.forecast(place, wanted, ctx.signal);
          let chosen: Day[] = days.slice(0, wanted);
          if (args.date) {
            chosen = days.filter((d) => d.date === args.date);
            if (chosen.length === 0) {
              const range = days.length ? `${days[0]!.date} to ${days.at(-1)!.date}` : "none";
              return fail("NOT_FOUND", `no forecast for ${args.date} (available: ${range})`);
            }
          }
          const lines = chosen.map((d) => `${dayName(d.date)}: ${describeDay(d, unit)}`);
          return ok(`${placeName(place)}\n${lines.join("\n")}`, { place, days: chosen });
        }),
    }),
  ];
}

function placeName(place: Place): string {
  return [place.name, place.admin1 !== place.name ? place.admin1 : undefined, place.country]
    .filter(Boolean)
    .join(", ");
}

function dayName(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

function describeDay(day: Day, unit: string): string {
  const parts = [describeCode(day.code), `${Math.round(day.min)}–${Math.round(day.max)}${unit}`];
  if (day.precipitationChance !== undefined)
    parts.push(`${Math.round(day.precipitationChance)}% chance of precipitation`);
  return parts.join(", ");
}
