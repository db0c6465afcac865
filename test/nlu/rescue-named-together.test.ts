import { describe, expect, it } from "vitest";
import { readingExpectations } from "./expect-reading.js";

/**
 * Two groups' things named side by side are not answered by a look-up of one of them
 * (rescue.ts): the question is about both, and what both share is another tool's.
 */
const { read, acts, expectAct } = await readingExpectations();

describe("a look-up rescue of one group when two groups' things are named together", () => {
  it("does not act with one group's listing", () => {
    for (const said of [
      "did I miss anything during the film? reminders, alarms, anything",
      "was there anything while I was in the shower, alarms or reminders",
    ]) {
      const r = read(said);
      const listed = ["reminders_list", "alarm_list", "timer_list"].includes(r.tool ?? "");
      expect(acts(r) && listed, `${said} → ${r.tool} ${r.confidence}`).toBe(false);
    }
  });

  it("a noun of one group inside another group's question still reads", () => {
    expectAct("what time is my dentist appointment", "calendar_list_events");
  });
});
