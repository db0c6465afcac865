import { describe, expect, it } from "vitest";
import { CONTRACT_TOOLS, createNlu } from "../../brain/nlu/index.js";
import { parseTemplate } from "../../brain/nlu/template.js";
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
    const nlu = createNlu([...CONTRACT_TOOLS.filter((t) => t.name !== tool.name), tool], { timezone: "UTC" });
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
    for (const text of ["what is one dollar in euros", "convert one dollars to rupees"])
      expect(parse(text).kind, text).not.toBe("action");
    expect(await answer("what is 9 am CST in EST")).toBe(
      "9:00 AM in Chicago (CDT) is 10:00 AM in New York (EDT). New York is 1 hour ahead of Chicago.",
    );
    expect(await answer("what time is 12 pm eastern time in pacific time")).toMatch(
      /^12:00 PM in New York \(EDT\) is 9:00 AM in Los Angeles \(PDT\)/,
    );
    expect(await answer("convert eight am manila time to new york time")).toMatch(
      /^8:00 AM in Manila \(UTC\+8\) is 8:00 PM the previous day in New York/,
    );
    expect(await answer("given it is four thirty five pm in london what time is it in melbourne")).toMatch(
      /^4:35 PM in London \(BST\) is 1:35 AM the next day in Melbourne/,
    );
    expect(await answer("what is the time at singapore when our time is five pm")).toMatch(
      /^5:00 PM here \(UTC\) is 1:00 AM the next day in Singapore/,
    );
    expect(convert("8 am in Manila is what in New York")).toMatchObject({ from: "Manila", to: "New York" });
    expect(convert("convert eight am manila time to new york time")).toMatchObject({
      to: expect.stringMatching(/^new york/),
    });
    expect(convert("how many hours difference is there between London and New York")).toEqual({
      from: "London",
      to: "New York",
    });
    expect(convert("how much later is New York than LA")).toEqual({ from: "LA", to: "New York" });
    expect(convert("what is the time difference between eastern time and pacific time")).toMatchObject({
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
