import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** What is on a day, asked with only the day said, is the user's own plans. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });

describe("a day's plans with no calendar word", () => {
  it("lists the day's events; a channel or a place named is no day", () => {
    expect(parse("what's on saturday")).toMatchObject({ tool: "calendar_list_events" });
    expect(parse("anything on thursday?")).toMatchObject({ tool: "calendar_list_events" });
    expect(parse("what's on tv tonight").tool).not.toBe("calendar_list_events");
    expect(parse("what's on at the cinema tomorrow").tool).not.toBe("calendar_list_events");
  });
});
