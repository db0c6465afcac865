import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runJarvis } from "../../src/testing/cli.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";

let temp: TempHome | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const NOW = ["--now", "2025-06-11T10:00:00Z", "--timezone", "UTC"];

describe("jarvis nlu", () => {
  it("parses one utterance per line into one JSON object per line, bad lines included", async () => {
    temp = createTempHome();
    const lines = [
      "set a timer for 5 minutes",
      "",
      "open firefox and search for AI news",
      "x".repeat(10_000),
      "\u0001\u0002\u0003 binary",
      "what can you do",
      "yes please",
      "who wrote hamlet",
      "¿qué hora es?",
    ];
    const run = await runJarvis(["nlu", "--json", ...NOW], { env: temp.env, input: `${lines.join("\n")}\n` });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const results = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(results).toHaveLength(lines.length);
    expect(results[0]).toMatchObject({ kind: "action", tool: "timer_set", args: { duration_s: 300 } });
    expect(results[1]).toMatchObject({ text: "", kind: "unknown", confidence: 0 });
    expect(results[2].calls.map((c: { tool: string }) => c.tool)).toEqual(["apps_launch", "web_search"]);
    expect(results[3].kind).toBe("unknown");
    expect(results[4].kind).toBe("unknown");
    expect(results[5].kind).toBe("chat");
    expect(results[5].reply).toMatch(/timers and alarms/);
    expect(results[6]).toMatchObject({ kind: "dialog", dialog: "yes" });
    expect(results[7].kind).toBe("question");
    expect(results[8].kind).toBe("unknown");
    for (const result of results) expect(typeof result.confidence).toBe("number");
    // the parser opened nothing of the user's: no database was created
    expect(existsSync(join(temp.jarvisHome, "jarvis.db"))).toBe(false);
  });

  it("prints a readable line per utterance, and carries context with --session", async () => {
    temp = createTempHome();
    const run = await runJarvis(["nlu", "--session", ...NOW], {
      env: temp.env,
      input: "what's the weather in Paris\nand tomorrow?\n",
    });
    expect(run.code).toBe(0);
    expect(run.stdout.trim().split("\n")).toEqual([
      '"what\'s the weather in Paris" → weather_current {"city":"Paris"} (0.95)',
      '"and tomorrow?" → weather_forecast {"city":"Paris","date":"2025-06-12"} (0.92)',
    ]);
  });

  it("refuses bad flags with one line and exit code 2", async () => {
    temp = createTempHome();
    const badNow = await runJarvis(["nlu", "--now", "someday"], { env: temp.env, input: "hello\n" });
    expect(badNow.code).toBe(2);
    expect(badNow.stderr.trim().split("\n")).toHaveLength(1);
    expect(badNow.stderr).toMatch(/^USAGE: --now "someday" is not a date/);
    const badZone = await runJarvis(["nlu", "--timezone", "Mars/Base"], { env: temp.env, input: "hello\n" });
    expect(badZone.code).toBe(2);
    expect(badZone.stderr).toMatch(/^USAGE: --timezone "Mars\/Base" is not an IANA time zone/);
    expect(badZone.stdout).toBe("");
  });

  it("reports a broken config.yaml instead of parsing", async () => {
    temp = createTempHome();
    temp.writeConfig("weather: [unclosed\n");
    const run = await runJarvis(["nlu"], { env: temp.env, input: "hello\n" });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^CONFIG_INVALID: config.yaml/);
  });
});
