import { describe, expect, it } from "vitest";
import { createNlu } from "../../brain/nlu/index.js";
import { parseTemplate } from "../../brain/nlu/template.js";
import { builtinToolsForNlu } from "../../testing/index.js";
import { timeConvertTool } from "./convert.js";
import { ZoneResolver } from "./resolve.js";

// The embedded NLU reads the tool's own `examples`: they must compile as templates, and what
// users say must become time_convert calls whose places and times the tool can read.
const zones = new ZoneResolver({ geocode: async () => undefined }, "UTC");
const tool = timeConvertTool(zones, { now: () => Date.parse("2025-06-11T10:00:00Z") });

describe("time_convert examples", () => {
  it("compile as sentence templates with typed slots only", () => {
    expect(tool.examples?.length).toBeGreaterThan(0);
    for (const example of tool.examples ?? []) {
      expect(() => parseTemplate(example)).not.toThrow();
      for (const slot of example.match(/\{[^}]*\}/g) ?? [])
        expect(slot).toMatch(/^\{(to|from):(city|zone)\}|\{time:clock\}$/);
    }
  });

  it("turn what users say into time_convert calls, and leave time_now alone", async () => {
    const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
    const parse = (text: string) =>
      nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
    const convert = (text: string) => {
      const result = parse(text) as { tool?: string; args?: Record<string, unknown> };
      expect(result.tool, text).toBe("time_convert");
      return result.args ?? {};
    };
    // What the tool then says, given exactly those arguments (the clock is 10:00 UTC)
    const answer = async (text: string) =>
      (await tool.execute(convert(text) as never, { signal: new AbortController().signal } as never)).output;
    // Money is not time: currencies are no places
    for (const text of ["what is one dollar in euros", "convert ten pounds to yen"])
      expect(parse(text).kind, text).not.toBe("action");
    expect(await answer("what is 9 am CST in EST")).toBe(
      "9:00 AM in Chicago (CDT) is 10:00 AM in New York (EDT). New York is 1 hour ahead of Chicago.",
    );
    expect(await answer("what time is 12 pm eastern time in pacific time")).toMatch(
      /^12:00 PM in New York \(EDT\) is 9:00 AM in Los Angeles \(PDT\)/,
    );
    expect(await answer("convert seven am jakarta time to chicago time")).toMatch(
      /^7:00 AM in Jakarta \(UTC\+7\) is 7:00 PM the previous day in Chicago/,
    );
    expect(await answer("if it is 5:40 pm in paris what time is it in sydney")).toMatch(
      /^5:40 PM in Paris \(CEST\) is 1:40 AM the next day in Sydney/,
    );
    expect(await answer("what time is it in hong kong when our time is six pm")).toMatch(
      /^6:00 PM here \(UTC\) is 2:00 AM the next day in Hong Kong/,
    );
    expect(convert("8 am in Manila is what in New York")).toMatchObject({ from: "Manila", to: "New York" });
    expect(convert("convert seven am jakarta time to chicago time")).toMatchObject({
      to: expect.stringMatching(/^chicago/),
    });
    expect(convert("how many hours apart are Berlin and New York")).toEqual({
      from: "Berlin",
      to: "New York",
    });
    expect(convert("how much later is Boston than LA")).toEqual({ from: "LA", to: "Boston" });
    expect(convert("the time difference between eastern time and pacific time please")).toMatchObject({
      from: expect.stringMatching(/^eastern/),
      to: expect.stringMatching(/^pacific/),
    });
    expect(convert("if it's noon in virginia what time is it in california")).toMatchObject({
      from: "virginia",
      to: "california",
    });
    expect(convert("what's the time difference with tokyo")).toEqual({ to: "tokyo" });
    // Every place the NLU hands over is one the tool resolves offline
    for (const place of [
      "CST",
      "EST",
      "Manila",
      "New York",
      "LA",
      "virginia",
      "california",
      "eastern time",
      "tokyo",
    ])
      expect(zones.offline(place), place).toBeDefined();
    expect(parse("what time is it in tokyo")).toMatchObject({ tool: "time_now" });
    expect(parse("what time is it")).toMatchObject({ tool: "time_now" });
  });
});
