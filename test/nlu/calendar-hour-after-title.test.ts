import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * An event said day first, hour last ("for Monday, coffee with Priya at 4"): the hour belongs to
 * the start, not to the title, and a bare small hour is an afternoon one, as in the templates.
 * The values are what is checked; the confidence is left to the classifier.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };

describe("an hour after the title of an event", () => {
  it("moves into the start and out of the title", () => {
    const said = [
      ["Monday: lunch with Priya at 1", "2025-06-16T13:00"],
      ["next Tuesday, lunch meeting with Ravi at 12:30", "2025-06-17T12:30"],
      ["for Friday, curry with Jo at 7", "2025-06-13T19:00"],
    ] as const;
    let read = 0;
    for (const [text, start] of said) {
      const r = nlu.parse(text, base);
      // Whether the classifier names the calendar is its business; the values are this one's
      if (r.tool !== "calendar_create_event" || !r.args?.title) continue;
      read += 1;
      expect(String(r.args.title)).not.toMatch(/\bat \d/);
      expect(String(r.args.start)).toContain(start);
    }
    expect(read).toBeGreaterThan(0);
  });
});
