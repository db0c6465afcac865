import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/core/logger.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { createRunScope } from "../../src/gate/scope.js";
import { createRuntime, type Runtime } from "../../src/runtime/runtime.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { createWeatherTools } from "../../src/tools/weather/index.js";
import { FakeOpenMeteo } from "./fake-open-meteo.js";

const fake = new FakeOpenMeteo();
beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

let temp: TempHome | undefined;
let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.close();
  temp?.cleanup();
  runtime = undefined;
  temp = undefined;
});

function jarvis(extra = "", base = fake.url) {
  temp = createTempHome();
  temp.writeConfig(`weather:\n  base_url: ${base}\n  geocoding_url: ${base}\n${extra}`);
  runtime = createRuntime({ env: temp.env, logger: silentLogger, tools: (deps) => createWeatherTools(deps) });
  const r = runtime;
  return (tool: string, args: Record<string, unknown>) =>
    r.gate.call(
      { tool, args },
      createRunScope({
        runId: "run_1",
        userText: [],
        broker: new FixedConfirmationBroker("deny"),
      }),
    );
}

describe("weather tools against a local Open-Meteo", () => {
  it("geocodes the city and reports current conditions", async () => {
    const call = jarvis();
    const now = await call("weather_current", { city: "Paris" });
    expect(now.status).toBe("ok");
    expect(now.result!.output).toBe(
      "Paris, Île-de-France, France: 21°C (feels like 21°C), partly cloudy, humidity 58%, wind 11 km/h.",
    );
    const forecast = fake.requests.at(-1)!;
    expect(forecast.pathname).toBe("/v1/forecast");
    expect(forecast.searchParams.get("latitude")).toBe("48.8534");
    expect(forecast.searchParams.get("longitude")).toBe("2.3488");
    expect(forecast.searchParams.get("timezone")).toBe("auto");
    expect(forecast.searchParams.get("current")).toMatch(/temperature_2m/);
    expect(fake.requests.at(-2)!.searchParams.get("name")).toBe("Paris");
  });

  it("uses weather.default_city and imperial units from config", async () => {
    const call = jarvis("  default_city: Tokyo\n  units: imperial\n");
    const now = await call("weather_current", {});
    expect(now.result!.output).toBe(
      "Tokyo, Japan: 71°F (feels like 70°F), partly cloudy, humidity 58%, wind 7 mp/h.",
    );
    const request = fake.requests.at(-1)!;
    expect(request.searchParams.get("temperature_unit")).toBe("fahrenheit");
    expect(request.searchParams.get("wind_speed_unit")).toBe("mph");
  });

  it("forecasts one date or the next days", async () => {
    const call = jarvis();
    const friday = await call("weather_forecast", { city: "Paris", date: "2025-06-13" });
    expect(friday.result!.output).toBe(
      "Paris, Île-de-France, France\nFri, Jun 13: light rain, 14–19°C, 80% chance of precipitation",
    );
    const three = await call("weather_forecast", { city: "Paris" });
    expect(three.result!.output.split("\n")).toHaveLength(4);
    expect(fake.requests.at(-1)!.searchParams.get("forecast_days")).toBe("3");
    const far = await call("weather_forecast", { city: "Paris", date: "2025-07-30" });
    expect(far.code).toBe("NOT_FOUND");
    expect(far.result!.output).toMatch(/no forecast for 2025-07-30 \(available: 2025-06-11 to 2025-06-17\)/);
  });

  it("refuses with one clear line: no city, unknown place, bad arguments, service errors", async () => {
    const call = jarvis();
    const noCity = await call("weather_current", {});
    expect(noCity.code).toBe("ARGS_INVALID");
    expect(noCity.result!.output).toMatch(/set weather.default_city/);
    const unknown = await call("weather_current", { city: "Qwertyville" });
    expect(unknown.code).toBe("NOT_FOUND");
    expect((await call("weather_forecast", { city: "Paris", days: 40 })).code).toBe("ARGS_INVALID");
    expect((await call("weather_forecast", { city: "Paris", date: "next friday" })).code).toBe(
      "ARGS_INVALID",
    );
    fake.nextForecast = {
      status: 400,
      body: JSON.stringify({
        reason: "Cannot initialize WeatherVariable from invalid String value",
        error: true,
      }),
    };
    const refused = await call("weather_current", { city: "Paris" });
    expect(refused.code).toBe("UNAVAILABLE");
    expect(refused.result!.output).toMatch(/refused the request: Cannot initialize WeatherVariable/);
    fake.nextForecast = { status: 200, body: "<html>oops</html>" };
    const garbage = await call("weather_current", { city: "Paris" });
    expect(garbage.code).toBe("UNAVAILABLE");
    for (const outcome of [noCity, unknown, refused, garbage])
      expect(outcome.observation.split("\n")).toHaveLength(1);
  });

  it("reports an unreachable service", async () => {
    const call = jarvis("", "http://127.0.0.1:1");
    const down = await call("weather_current", { city: "Paris" });
    expect(down.code).toBe("UNAVAILABLE");
    expect(down.result!.output).toMatch(/weather service unreachable \(127.0.0.1:1\)/);
  });
});
