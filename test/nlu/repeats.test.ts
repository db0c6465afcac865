import { describe, expect, it } from "vitest";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * A request that says it repeats is never done once by a tool that acts at one moment: adding
 * one calendar event for "every second Tuesday" would quietly do less than was asked.
 */
const { parse } = await createTestNlu();

describe("a repeating request and a tool that acts once", () => {
  it("does not book one event or one reminder for a request that repeats", () => {
    for (const text of [
      "every second tuesday at 4 put choir practice in my diary",
      "book the team retro in the calendar at 3 each fortnight",
      "set a reminder to pay the window cleaner monthly",
      "remind me to water the ferns twice a week",
    ]) {
      const reading = parse(text);
      expect(reading.kind, text).toBe("unknown");
      expect(reading.reply, text).toMatch(/repeat/);
      // Spoken to the person: no tool names
      expect(reading.reply, text).not.toMatch(/_/);
    }
  });

  it("still acts once when nothing repeats, and lets a tool that can repeat take the repeat", () => {
    expect(parse("put choir practice in my diary on tuesday at 4")).toMatchObject({
      kind: "action",
      tool: "calendar_create_event",
    });
    expect(parse("get me up at 6:45 on weekdays")).toMatchObject({
      kind: "action",
      tool: "alarm_set",
      args: { repeat: "weekdays" },
    });
  });
});
