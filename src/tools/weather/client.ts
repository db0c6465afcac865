import { JarvisError } from "../../core/errors.js";

/**
 * Open-Meteo (no key): geocoding by name, current conditions and daily forecast. Base URLs
 * come from config (`weather.base_url`, `weather.geocoding_url`) so tests point them at a
 * local fake speaking the same JSON.
 */
export interface Place {
  name: string;
  country?: string | undefined;
  admin1?: string | undefined;
  latitude: number;
  longitude: number;
  timezone?: string | undefined;
}

export interface Current {
  time: string;
  temperature: number;
  apparent?: number | undefined;
  humidity?: number | undefined;
  precipitation?: number | undefined;
  windSpeed?: number | undefined;
  code: number;
  units: { temperature: string; wind: string; precipitation: string };
}

export interface Day {
  date: string;
  code: number;
  max: number;
  min: number;
  precipitationSum?: number | undefined;
  precipitationChance?: number | undefined;
  windMax?: number | undefined;
}

export interface OpenMeteoOptions {
  baseUrl: string;
  geocodingUrl: string;
  units: "metric" | "imperial";
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const MAX_BYTES = 1_000_000;

export class OpenMeteo {
  constructor(private readonly options: OpenMeteoOptions) {}

  async geocode(name: string, signal: AbortSignal): Promise<Place | undefined> {
    const url = new URL("/v1/search", this.options.geocodingUrl);
    url.searchParams.set("name", name);
    url.searchParams.set("count", "1");
    url.searchParams.set("language", "en");
    url.searchParams.set("format", "json");
    const body = (await this.get(url, signal)) as { results?: Array<Record<string, unknown>> };
    const hit = body.results?.[0];
    if (!hit || typeof hit.latitude !== "number" || typeof hit.longitude !== "number") return undefined;
    return {
      name: clean(hit.name) ?? name,
      country: clean(hit.country),
      admin1: clean(hit.admin1),
      latitude: hit.latitude,
      longitude: hit.longitude,
      timezone:
        typeof hit.timezone === "string" && /^[A-Za-z_/+-]{1,64}$/.test(hit.timezone)
          ? hit.timezone
          : undefined,
    };
  }

  async current(place: Place, signal: AbortSignal): Promise<Current> {
    const url = this.forecastUrl(place);
    url.searchParams.set(
      "current",
      "temperature_2m,relative_humidity_2m,apparent_temperature,precipitation,weather_code,wind_speed_10m",
    );
    const body = (await this.get(url, signal)) as {
      current?: Record<string, unknown>;
      current_units?: Record<string, string>;
    };
    const c = body.current;
    if (!c || typeof c.temperature_2m !== "number") throw invalid("no current conditions in the response");
    const units = body.current_units ?? {};
    return {
      time: String(c.time ?? ""),
      temperature: c.temperature_2m,
      apparent: num(c.apparent_temperature),
      humidity: num(c.relative_humidity_2m),
      precipitation: num(c.precipitation),
      windSpeed: num(c.wind_speed_10m),
      code: num(c.weather_code) ?? -1,
      units: {
        temperature: units.temperature_2m ?? "°C",
        wind: units.wind_speed_10m ?? "km/h",
        precipitation: units.precipitation ?? "mm",
      },
    };
  }

  async forecast(place: Place, days: number, signal: AbortSignal): Promise<{ days: Day[]; unit: string }> {
    const url = this.forecastUrl(place);
    url.searchParams.set(
      "daily",
      "weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max",
    );
    url.searchParams.set("forecast_days", String(Math.min(16, Math.max(1, days))));
    const body = (await this.get(url, signal)) as {
      daily?: Record<string, unknown[]>;
      daily_units?: Record<string, string>;
    };
    const d = body.daily;
    if (!d || !Array.isArray(d.time)) throw invalid("no daily forecast in the response");
    const out: Day[] = d.time.map((date, i) => ({
      date: String(date),
      code: num(d.weather_code?.[i]) ?? -1,
      max: num(d.temperature_2m_max?.[i]) ?? Number.NaN,
      min: num(d.temperature_2m_min?.[i]) ?? Number.NaN,
      precipitationSum: num(d.precipitation_sum?.[i]),
      precipitationChance: num(d.precipitation_probability_max?.[i]),
      windMax: num(d.wind_speed_10m_max?.[i]),
    }));
    return { days: out, unit: body.daily_units?.temperature_2m_max ?? "°C" };
  }

  private forecastUrl(place: Place): URL {
    const url = new URL("/v1/forecast", this.options.baseUrl);
    url.searchParams.set("latitude", place.latitude.toFixed(4));
    url.searchParams.set("longitude", place.longitude.toFixed(4));
    url.searchParams.set("timezone", "auto");
    if (this.options.units === "imperial") {
      url.searchParams.set("temperature_unit", "fahrenheit");
      url.searchParams.set("wind_speed_unit", "mph");
      url.searchParams.set("precipitation_unit", "inch");
    }
    return url;
  }

  private async get(url: URL, signal: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
    const linked = AbortSignal.any([signal, timeout]);
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        signal: linked,
        headers: { accept: "application/json" },
      });
    } catch (cause) {
      if (signal.aborted) throw new JarvisError("CANCELLED", "cancelled", { cause });
      const message = timeout.aborted ? "timed out" : (cause as Error).message;
      throw new JarvisError("UNAVAILABLE", `weather service unreachable (${url.host}): ${message}`, {
        fix: "check the network, or weather.base_url in config.yaml",
        cause,
      });
    }
    const text = await response.text();
    if (text.length > MAX_BYTES) throw invalid("response too large");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalid(`not JSON (HTTP ${response.status})`);
    }
    if (!response.ok) {
      const reason = clean((body as { reason?: unknown }).reason) ?? `HTTP ${response.status}`;
      throw new JarvisError("UNAVAILABLE", `weather service refused the request: ${reason}`);
    }
    return body;
  }
}

function invalid(message: string): JarvisError {
  return new JarvisError("UNAVAILABLE", `weather service answered oddly: ${message}`);
}

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Place names come from a third-party service: keep letters, spaces and a little punctuation. */
function clean(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value
    .replace(/[^\p{L}\p{M}\p{N} .,'()-]/gu, "")
    .trim()
    .slice(0, 80);
  return text || undefined;
}

/** WMO weather interpretation codes (Open-Meteo `weather_code`). */
const CODES: Record<number, string> = {
  0: "clear sky",
  1: "mainly clear",
  2: "partly cloudy",
  3: "overcast",
  45: "fog",
  48: "freezing fog",
  51: "light drizzle",
  53: "drizzle",
  55: "dense drizzle",
  56: "freezing drizzle",
  57: "dense freezing drizzle",
  61: "light rain",
  63: "rain",
  65: "heavy rain",
  66: "freezing rain",
  67: "heavy freezing rain",
  71: "light snow",
  73: "snow",
  75: "heavy snow",
  77: "snow grains",
  80: "light showers",
  81: "showers",
  82: "violent showers",
  85: "snow showers",
  86: "heavy snow showers",
  95: "thunderstorm",
  96: "thunderstorm with hail",
  99: "thunderstorm with heavy hail",
};

export function describeCode(code: number): string {
  return CODES[code] ?? "unknown conditions";
}
