import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { TimeZones } from "../../src/brain/nlu/slots/index.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import type { GuessInput, IntentSpec } from "../../src/core/language.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";
import { CALENDAR_LANGUAGE } from "../../src/tools/calendar/language.js";
import { MAIL_LANGUAGE } from "../../src/tools/mail/language.js";
import { REMINDERS_LANGUAGE } from "../../src/tools/reminders/language.js";
import { TIMERS_LANGUAGE } from "../../src/tools/timers/language.js";
import { WEATHER_LANGUAGE } from "../../src/tools/weather/language.js";

/**
 * The values a guessed reading carries into the middle-band question ("Cancel the gym alarm?"):
 * read by each tool's own fallback, called here directly so no training draw is involved.
 */
const now = new Date("2025-06-11T10:00:00Z");
const input = (text: string): GuessInput => {
  const tokens = tokenize(text);
  return {
    tokens,
    words: tokens.map((t) => t.w),
    env: { text, now, timezone: "UTC", zones: new TimeZones(), apps: new Set() },
  };
};
const guess = (language: Readonly<Record<string, readonly IntentSpec[]>>, tool: string, text: string) =>
  (language[tool] ?? []).map((spec) => spec.fallback?.(input(text))).find((args) => args !== undefined);

describe("which alarm or timer a guessed cancel means", () => {
  it("by its name", () => {
    expect(guess(TIMERS_LANGUAGE, "alarm_cancel", "scrap the gym alarm")).toEqual({ label: "gym" });
    expect(guess(TIMERS_LANGUAGE, "timer_cancel", "kill the pasta timer")).toEqual({ label: "pasta" });
  });

  it("every one of them", () => {
    expect(guess(TIMERS_LANGUAGE, "alarm_cancel", "bin every alarm I have")).toEqual({ all: true });
  });

  it("by its time, not as a name", () => {
    const args = guess(TIMERS_LANGUAGE, "alarm_cancel", "switch off the 6:15 alarm");
    expect(String(args?.at)).toContain("T06:15");
    expect(args?.label).toBeUndefined();
  });

  it("a morning alarm is no alarm called 'morning'", () => {
    expect(guess(TIMERS_LANGUAGE, "alarm_cancel", "drop the morning alarm")).toEqual({});
  });
});

describe("a reminder on a named list", () => {
  it("takes the list out of the title and the lead word off the moment", () => {
    const args = guess(
      REMINDERS_LANGUAGE,
      "reminders_create",
      "put on my Garden reminders: buy seed potatoes, due Saturday",
    );
    expect(args).toMatchObject({ list: "Garden", title: "buy seed potatoes" });
    expect(String(args?.due)).toContain("2025-06-14");
  });

  it("without a list said, none is made up", () => {
    const args = guess(REMINDERS_LANGUAGE, "reminders_create", "water the tomatoes on friday evening");
    expect(args?.list).toBeUndefined();
  });
});

describe("an event's calendar and place", () => {
  it("a named calendar is a value, not part of the title", () => {
    const args = guess(
      CALENDAR_LANGUAGE,
      "calendar_create_event",
      "thursday 3pm choir rehearsal on my Family calendar",
    );
    expect(args).toMatchObject({ calendar: "Family" });
    expect(String(args?.title)).not.toMatch(/calendar|family/i);
  });

  it("a place named after the time is the location", () => {
    const args = guess(
      CALENDAR_LANGUAGE,
      "calendar_create_event",
      "on Monday, coffee with Priya at 11 at Monmouth Cafe",
    );
    expect(args).toMatchObject({ location: "Monmouth Cafe" });
    expect(String(args?.start)).toContain("T11:00");
  });

  it("a weekday with a capital is no place", () => {
    const args = guess(CALENDAR_LANGUAGE, "calendar_create_event", "dentist check-up at 9 on Tuesday");
    expect(args?.location).toBeUndefined();
  });
});

const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });

describe("a list named before a colon", () => {
  const context = { now, timezone: "UTC" };

  it("adds what follows the colon to that list", () => {
    expect(nlu.parse("camping list: tent pegs, head torch, midge spray", context)).toMatchObject({
      kind: "action",
      tool: "lists_add",
      args: { list: "camping", items: ["tent pegs", "head torch", "midge spray"] },
    });
  });

  it("without the colon, or asked as a question, adds nothing", () => {
    for (const text of ["the camping list is getting long", "camping list: what's still on it?"]) {
      const r = nlu.parse(text, context);
      expect(r.tool === "lists_add" && r.confidence >= 0.9).toBe(false);
    }
  });
});

describe("a reminder put on a named reminders list", () => {
  it("is a reminder on that list, not an item on a shopping list", () => {
    const r = nlu.parse("pop descale the kettle on my Kitchen reminders", { now, timezone: "UTC" });
    expect(r).toMatchObject({
      kind: "action",
      tool: "reminders_create",
      args: { title: "descale the kettle" },
    });
    expect(String(r.args?.list).toLowerCase()).toBe("kitchen");
  });
});

describe("a text with its message and no word to lead it in", () => {
  it("the name is the first word, or the user's longest contact, and the rest is the message", () => {
    expect(
      nlu.parse("text Lena 'stuck in traffic, start without me'", { now, timezone: "UTC" }),
    ).toMatchObject({
      tool: "contacts_call",
      args: { query: "Lena", via: "text", message: "stuck in traffic, start without me" },
    });
    const vocabulary = { contacts: new Set(["Ana Lucia"]) };
    expect(
      nlu.parse("text Ana Lucia the gate code is 4471", { now, timezone: "UTC", vocabulary }),
    ).toMatchObject({ args: { query: "Ana Lucia", message: "the gate code is 4471" } });
  });
});

describe("a guessed mail search and forecast", () => {
  it("a mail search names who sent it, never a time", () => {
    expect(
      guess(MAIL_LANGUAGE, "mail_search", "dig out the receipt email from Pine & Oak Joinery"),
    ).toMatchObject({
      from: "Pine & Oak Joinery",
    });
    expect(
      guess(MAIL_LANGUAGE, "mail_search", "that email from the gas company about the meter"),
    ).toMatchObject({
      from: "gas company",
    });
    expect(guess(MAIL_LANGUAGE, "mail_search", "emails from last week")?.from).toBeUndefined();
  });

  it("a forecast of so many days is a span, 'in N days' one day", () => {
    expect(guess(WEATHER_LANGUAGE, "weather_forecast", "a 6 day forecast for Hull")).toMatchObject({
      days: 6,
    });
    const one = guess(WEATHER_LANGUAGE, "weather_forecast", "forecast in 4 days");
    expect(one?.days).toBeUndefined();
    expect(one?.date).toBe("2025-06-15");
  });
});
