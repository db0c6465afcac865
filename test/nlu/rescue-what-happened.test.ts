import { describe, expect, it } from "vitest";
import { readingExpectations } from "./expect-reading.js";

/**
 * Whether a group's things went off or were missed is not answered by a listing of what is set
 * (rescue.ts `HAPPENED`, `whatHappened`): the question is about an event while the user was away.
 */
const { read, acts, expectAct } = await readingExpectations();

describe("a question whether one group's things went off or were missed", () => {
  it("does not act with that group's listing", () => {
    for (const said of [
      "have I missed any of my reminders today",
      "did my timers go off while I was asleep",
      "did I miss an alarm this morning",
    ]) {
      const r = read(said);
      const listed = ["reminders_list", "alarm_list", "timer_list"].includes(r.tool ?? "");
      expect(acts(r) && listed, `${said} → ${r.tool} ${r.confidence}`).toBe(false);
    }
  });

  it("mail and diary the user missed are still their own group's", () => {
    expectAct("did I miss any emails from my landlord", "mail_search");
  });

  it("a question about what is set still lists it", () => {
    expectAct("what alarms have I got", "alarm_list");
  });
});
