import { describe, expect, it } from "vitest";
import { createNlu } from "../../brain/nlu/index.js";
import { builtinToolsForNlu } from "../../testing/index.js";

const now = new Date("2025-06-11T10:00:00Z");

describe("a timer said as its goal", async () => {
  const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
  const parse = (text: string) =>
    nlu.parse(text, { now, timezone: "UTC" }) as { tool?: string; args?: Record<string, unknown> };

  it("times what a thing has to go through, or a rest with the call to end it", () => {
    for (const [text, seconds] of [
      ["the dough has to rise for forty minutes", 2400],
      ["the muffins are in, they need 25 minutes", 1500],
      ["my lunch is half an hour, tell me when it's up", 1800],
      ["a 20 minute nap, wake me when it's done", 1200],
    ] as const) {
      const result = parse(text);
      expect(result.tool, text).toBe("timer_set");
      expect(result.args?.duration_s, text).toBe(seconds);
    }
  });

  it("leaves the length of a task or an event, and a goal with a second request after it", () => {
    for (const text of [
      "the meeting takes an hour",
      "my commute is 40 minutes",
      "the phone has to charge for an hour, then remind me to call mum",
    ])
      expect(parse(text).tool, text).not.toBe("timer_set");
  });
});
