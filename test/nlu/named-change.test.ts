import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A reminder that exists, named by its title, with a new value (issue 16, things named by their
 * name): the change of that reminder, never a second reminder made beside it nor the calendar's
 * move. The team's own sentences.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const read = (text: string) => nlu.parse(text, base);

describe("a reminder named by its title, changed", () => {
  it("a new time for the reminder named before the word", () => {
    const r = read("shift the bin day reminder to 7pm");
    expect(r.kind).toBe("action");
    expect(r.tool).toBe("reminders_update");
    expect(r.args).toEqual({ id: "bin day", due: "2025-06-11T19:00:00+00:00" });
  });

  it("a new day for the reminder named after the word, its quotes taken off", () => {
    const r = read("reschedule the reminder 'pay the window cleaner' to saturday");
    expect(r.tool).toBe("reminders_update");
    expect(r.args?.id).toBe("pay the window cleaner");
    expect(String(r.args?.due)).toMatch(/^2025-06-14T/);
  });

  it("a new title: renamed, nothing moved", () => {
    const r = read("rename the reminder stamps to first class stamps and envelopes");
    expect(r.tool).toBe("reminders_update");
    expect(r.args).toEqual({ id: "stamps", title: "first class stamps and envelopes" });
    expect(read("retitle the passport reminder as renew both passports").args).toEqual({
      id: "passport",
      title: "renew both passports",
    });
  });

  it("a reminder not made yet, or a place in a listing, is no title to change", () => {
    expect(read("set a reminder for 5pm to water the beans").tool).toBe("reminders_create");
    expect(read("move the third reminder to monday").tool).not.toBe("reminders_update");
  });

  it("a move with no reminder named stays with the calendar", () => {
    expect(read("move the school play to 6pm").tool).not.toBe("reminders_update");
  });
});
