import { describe, expect, it } from "vitest";
import { TimeZones } from "./slots/index.js";
import { expand, matchTemplate, parseTemplate, SampleWords, SlotCache, seededRandom } from "./template.js";
import { tokenize } from "./text/normalize.js";

const NOW = new Date("2025-06-11T10:00:00Z");

function match(source: string, text: string) {
  const cache = new SlotCache(tokenize(text), {
    text,
    now: NOW,
    timezone: "UTC",
    zones: new TimeZones(),
    apps: new Set(["firefox", "visual studio code"]),
  });
  return matchTemplate(parseTemplate(source), cache);
}

describe("templates", () => {
  it("matches alternatives, optional words and slots, and nothing else", () => {
    const source = "(open|launch) [the] {app} [app]";
    expect(match(source, "open firefox")?.slots.app?.value).toBe("firefox");
    expect(match(source, "launch the visual studio code app")?.slots.app?.value).toBe("visual studio code");
    expect(match(source, "open the door")).toBeUndefined();
    expect(match(source, "please open firefox now")).toBeUndefined();
    expect(match(source, "close firefox")).toBeUndefined();
  });

  it("normalizes template words like user text (contractions, case)", () => {
    expect(match("what's the time", "What is the time")).toBeDefined();
    expect(match("what is the time", "what's the TIME?")).toBeDefined();
  });

  it("splits free text around typed slots at the right place", () => {
    const found = match("remind me to {title} [{due}]", "remind me to call mom tomorrow at 9");
    expect(found?.slots.title?.value).toBe("call mom");
    expect((found?.slots.due?.value as { iso: string } | undefined)?.iso).toBe("2025-06-12T09:00:00+00:00");
    // free text keeps the user's casing and punctuation
    expect(match("remind me to {title}", "remind me to Call Bob, please")?.slots.title?.value).toBe(
      "Call Bob, please",
    );
  });

  it("prefers the more specific reading", () => {
    const found = match("(search|search for) {query}", "search for AI news");
    expect(found?.slots.query?.value).toBe("AI news");
  });

  it("supports nested groups and optional alternatives", () => {
    const source = "turn [the] (volume|sound [level]) (up|down) [a (bit|little)]";
    for (const text of ["turn the volume up", "turn sound level down a bit", "turn volume up a little"]) {
      expect(match(source, text), text).toBeDefined();
    }
    expect(match(source, "turn the volume sideways")).toBeUndefined();
  });

  it("refuses malformed templates with a clear message", () => {
    expect(() => parseTemplate("(open|launch {app}")).toThrow(/missing "\)"/);
    expect(() => parseTemplate("open {app")).toThrow(/unclosed/);
    expect(() => parseTemplate("open a|b")).toThrow(/outside a group/);
    expect(() => parseTemplate("open {nonsense_slot}")).toThrow(/unknown slot type/);
    expect(() => parseTemplate("open ] x")).toThrow(/unexpected/);
  });

  it("records the words every match needs, for the pre-filter", () => {
    expect(parseTemplate("[please] set (a|the) timer for {duration}").mandatory).toEqual([
      "set",
      "timer",
      "for",
    ]);
  });

  it("expands deterministically into distinct training sentences", () => {
    const template = parseTemplate("(start|set) [a] timer for {duration}");
    const a = expand(template, 6, seededRandom(1), new SampleWords());
    const b = expand(template, 6, seededRandom(1), new SampleWords());
    expect(a).toEqual(b);
    expect(new Set(a.map((w) => w.join(" "))).size).toBe(a.length);
    for (const words of a) expect(["start", "set"]).toContain(words[0]);
  });
});
