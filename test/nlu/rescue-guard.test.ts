import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A look-up rescue runs the group's leading look-up; a sibling look-up of the same group may
 * stand in only with a value the leader has no place for. The domain's nouns alone never move
 * an alarm question to the timers.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };

describe("a look-up rescue keeps the group's leading reading", () => {
  it("asking whether an alarm was set never lists the timers", () => {
    for (const said of [
      "did i set an alarm for friday morning? i forget",
      "do i set an alarm for the weekend or not, can you check",
    ]) {
      const r = nlu.parse(said, base);
      expect(r.tool, said).not.toBe("timer_list");
    }
  });

  it("a plain question about the alarms still reads them", () => {
    expect(nlu.parse("did i set an alarm for tomorrow", base)).toMatchObject({ tool: "alarm_list" });
  });
});
