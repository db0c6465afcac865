import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const fixture = (name: string) =>
  JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as Record<string, unknown>;

/**
 * A local stand-in for api.open-meteo.com and geocoding-api.open-meteo.com on one loopback
 * port: same paths, same query parameters, same JSON shapes (fixtures recorded in that shape).
 */
export class FakeOpenMeteo {
  readonly requests: URL[] = [];
  /** Answer the next forecast request with this raw body and status (error cases). */
  nextForecast: { status: number; body: string } | undefined;
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", this.url);
    this.requests.push(url);
    const [status, body] = this.route(url);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  private route(url: URL): [number, unknown] {
    if (url.pathname === "/v1/search") {
      const name = (url.searchParams.get("name") ?? "").toLowerCase();
      const known: Record<string, string> = { paris: "geocoding-paris.json", tokyo: "geocoding-tokyo.json" };
      return [200, fixture(known[name] ?? "geocoding-none.json")];
    }
    if (url.pathname !== "/v1/forecast") return [404, { reason: "Not Found", error: true }];
    if (this.nextForecast) {
      const { status, body } = this.nextForecast;
      this.nextForecast = undefined;
      return [status, body];
    }
    const latitude = Number(url.searchParams.get("latitude"));
    if (!(latitude >= -90 && latitude <= 90)) {
      return [400, { reason: `Latitude must be in range of -90 to 90°. Given: ${latitude}.`, error: true }];
    }
    const fahrenheit = url.searchParams.get("temperature_unit") === "fahrenheit";
    if (url.searchParams.has("current")) return [200, convert(fixture("forecast-current.json"), fahrenheit)];
    if (!url.searchParams.has("daily"))
      return [400, { reason: "Parameter 'current' or 'daily' required", error: true }];
    const body = convert(fixture("forecast-daily.json"), fahrenheit);
    const days = Number(url.searchParams.get("forecast_days") ?? 7);
    const daily = body.daily as Record<string, unknown[]>;
    for (const key of Object.keys(daily)) daily[key] = daily[key]!.slice(0, days);
    return [200, body];
  }
}

/** Imperial requests get °F / mph, as the real API does for temperature_unit / wind_speed_unit. */
function convert(body: Record<string, unknown>, fahrenheit: boolean): Record<string, unknown> {
  if (!fahrenheit) return body;
  const toF = (c: number) => Math.round((c * 9) / 5 + 32);
  const current = body.current as Record<string, number> | undefined;
  if (current) {
    current.temperature_2m = toF(current.temperature_2m!);
    current.apparent_temperature = toF(current.apparent_temperature!);
    current.wind_speed_10m = Math.round(current.wind_speed_10m! * 0.621);
    Object.assign(body.current_units as object, {
      temperature_2m: "°F",
      apparent_temperature: "°F",
      wind_speed_10m: "mp/h",
    });
  }
  const daily = body.daily as Record<string, number[]> | undefined;
  if (daily) {
    daily.temperature_2m_max = daily.temperature_2m_max!.map(toF);
    daily.temperature_2m_min = daily.temperature_2m_min!.map(toF);
    Object.assign(body.daily_units as object, { temperature_2m_max: "°F", temperature_2m_min: "°F" });
  }
  return body;
}
