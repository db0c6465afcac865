import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";
import { Calculator } from "../../src/tools/calc/evaluate.js";

/** Sums said the everyday way reach the calculator as something it can work out. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const calculator = new Calculator();

async function answer(text: string): Promise<string> {
  const r = parse(text);
  expect(r, text).toMatchObject({ kind: "action", tool: "calc_evaluate" });
  expect(r.confidence, text).toBeGreaterThanOrEqual(0.9);
  return String((await calculator.calculate(String(r.args?.expression))).result);
}

describe("sums in everyday words", () => {
  it("converts units written the short way and areas and speeds", async () => {
    expect(await answer("60kg in lbs")).toMatch(/^132\.27/);
    expect(await answer("100 km/h in mph")).toMatch(/^62\.13/);
    expect(await answer("12 square metres in square feet")).toMatch(/^129\.16/);
    expect(await answer("2.5 hours in minutes")).toBe("150 minute");
  });

  it("reads powers, fractions, shares, tax, discounts and running totals", async () => {
    expect(await answer("3 to the power of 4")).toBe("81");
    expect(await answer("5/8 as a decimal")).toBe("0.625");
    expect(await answer("what's 45 out of 50 as a percentage")).toBe("90");
    expect(await answer("put 10% tax on 250")).toBe("275");
    expect(await answer("how much is 80 with 25% off")).toBe("60");
    expect(await answer("add up 3.5, 4, 10 and 2.5")).toBe("20");
    expect(await answer("the bill's 96 split four ways")).toBe("24");
  });
});

describe("times across zones", () => {
  it("converts a clock time from one place to another", () => {
    expect(parse("4:15 pm CET in New York time")).toMatchObject({
      tool: "time_convert",
      args: { time: expect.stringContaining("T16:15"), from: "CET", to: "New York" },
    });
    expect(parse("when it is 8am here, what time will it be in Perth")).toMatchObject({
      tool: "time_convert",
      args: { time: expect.stringContaining("T08:00"), to: "Perth" },
    });
  });

  it("leaves money to money", () => {
    expect(parse("what is ten dollars in yen").tool).not.toBe("time_convert");
  });
});
