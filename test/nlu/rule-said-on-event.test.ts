import { describe, expect, it } from "vitest";
import { readingExpectations } from "./expect-reading.js";

/**
 * A request that opens on something happening to a thing ("when a file lands in …, do …") is a
 * rule to set up (condition.ts): a guess at its second clause is asked, never done now. Moments
 * and questions that open on "when" still read.
 */
const { read, acts, expectAct } = await readingExpectations();

describe("a request said as a rule on an event", () => {
  it("is not acted on as its second clause", () => {
    for (const said of [
      "when a spreadsheet lands in Downloads/reports, add it to my knowledge base",
      "whenever the battery gets low, dim the screen",
    ]) {
      const r = read(said);
      expect(acts(r), `${said} → ${r.tool} ${r.confidence}`).toBe(false);
    }
  });

  it("a question or a moment that opens on when still reads", () => {
    expectAct("when is my next meeting", "calendar_list_events");
    expectAct("when it's 3pm here what time is it in Tokyo", "time_convert");
    expectAct("when am I free on thursday", "calendar_find_free_time");
  });
});
