import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Second turns as people say them: with a hesitation in front ("nah, scrap that"), a moment
 * pushed ("push it to ..."), or a bare "it" after a listing. Each first turn is a template
 * reading, so nothing here rests on where a trained classifier lands.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const secondTurn = (first: string, then: string) => {
  const r = nlu.parse(first, base);
  expect(r.kind).toBe("action");
  const lastCall: NluCall = { tool: r.tool!, args: r.args ?? {} };
  return nlu.parse(then, { ...base, lastCall });
};

describe("follow-ups with a hesitation in front", () => {
  it("drops the hesitation and undoes the last action", () => {
    for (const then of ["nah scrap that", "oh, cancel it", "sorry, undo that"])
      expect(secondTurn("set a timer for 20 minutes", then)).toMatchObject({
        kind: "action",
        tool: "timer_cancel",
      });
  });

  it("drops the hesitation before a change of value", () => {
    expect(secondTurn("set a timer for 20 minutes", "oh, make it 25 minutes")).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 1500 },
    });
  });

  it("a hesitation alone is no follow-up and does not act", () => {
    expect(secondTurn("set a timer for 20 minutes", "hmm").kind).not.toBe("action");
  });
});

describe("moving the last action's moment", () => {
  it("'push it to' and 'move it back to' change the time of the alarm just set", () => {
    for (const then of ["push it to half past seven", "oh move it back to 7:30 instead"]) {
      const r = secondTurn("set an alarm for 7am tomorrow", then);
      expect(r).toMatchObject({ kind: "action", tool: "alarm_set" });
      expect(String(r.args?.at)).toContain("T07:30");
    }
  });
});

describe("a bare 'it' after a listing", () => {
  it("asks which one in the listing's area instead of acting", () => {
    expect(secondTurn("what's in my calendar on thursday", "delete it")).toMatchObject({
      tool: "calendar_delete_event",
      missing: ["id"],
    });
  });

  it("with nothing said before, says so", () => {
    const alone = nlu.parse("delete it", base);
    expect(alone.kind).not.toBe("action");
    expect(alone.reply).toMatch(/nothing to refer to/);
  });
});
