import { describe, expect, it } from "vitest";
import { saidValues } from "../../src/brain/nlu/said-values.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";

/**
 * Schema-driven optional values (issue 16, mechanism 4): an argument counted in minutes or
 * hours takes a length said in any words, and a language argument takes a named language (as
 * a code when its description says so), whichever tool declares them. Properties are written
 * here, so the engine's reading of a schema is what is tested.
 */
const read = (properties: Record<string, Record<string, unknown>>, text: string) =>
  saidValues(properties, {}, tokenize(text), text);

describe("a length in the unit the argument is counted in", () => {
  const minutes = { minutes: { type: "integer", minimum: 1, maximum: 1440 } };

  it("a quarter of an hour is 15 for an argument in minutes", () => {
    expect(read(minutes, "give me a quarter of an hour more")).toEqual({ minutes: 15 });
    expect(read(minutes, "hold it off for twenty mins")).toEqual({ minutes: 20 });
  });

  it("an argument in hours takes whole hours only", () => {
    const hours = { hours: { type: "integer", description: "how long, in hours" } };
    expect(read(hours, "keep it for two hours")).toEqual({ hours: 2 });
    expect(read(hours, "keep it for ten minutes")).toEqual({});
  });

  it("an offset before something is not a length of it", () => {
    const before = { lead: { type: "integer", description: "N minutes before the event starts" } };
    expect(read(before, "ping me 15 minutes early")).toEqual({});
  });
});

describe("a language named", () => {
  it("as a code when the argument takes a code", () => {
    const coded = { language: { type: "string", description: "subtitle language code, default en" } };
    expect(read(coded, "the subtitles in portuguese please")).toEqual({ language: "pt" });
  });

  it("by name otherwise, and nothing when none is named", () => {
    const named = { language: { type: "string" } };
    expect(read(named, "read it out in german")).toEqual({ language: "german" });
    expect(read(named, "read it out loud")).toEqual({});
  });
});

describe("a setting's state said as on or off (nlu44)", () => {
  const state = { on: { type: "boolean", description: "true = repeat on, false = off; omit to toggle" } };

  it("the state word after or before the setting's name", () => {
    expect(read(state, "loop mode on")).toEqual({ on: true });
    expect(read(state, "switch the looping off now")).toEqual({ on: false });
    expect(read(state, "no more looping")).toEqual({ on: false });
  });

  it("the last state said wins, and none said leaves the toggle", () => {
    expect(read(state, "loop on, no wait, off")).toEqual({ on: false });
    expect(read(state, "loop the music")).toEqual({});
  });

  it("a switch whose schema names no on and off is not read as a state", () => {
    const other = { verbose: { type: "boolean", description: "say more" } };
    expect(read(other, "logging on")).toEqual({});
  });
});

describe("how long a setting lasts (nlu44)", () => {
  const pause = {
    for_s: { type: "integer", minimum: 1, maximum: 86_400, description: "pause for this many seconds" },
  };
  const slot = { duration_min: { type: "integer", minimum: 1, description: "slot length in minutes" } };

  it("a length said after the setting, in the argument's unit", () => {
    expect(read(pause, "pause the notifications for 20 minutes, I'm presenting")).toEqual({ for_s: 1200 });
    expect(read(pause, "hold the alerts for half an hour")).toEqual({ for_s: 1800 });
    expect(read(slot, "find a gap of forty five minutes on thursday")).toEqual({ duration_min: 45 });
  });

  it("a moment or a span of the calendar is no length", () => {
    expect(read(pause, "pause the notifications in 20 minutes")).toEqual({});
    expect(read(slot, "any gap in the next two days")).toEqual({});
    expect(read(pause, "pause what started an hour ago")).toEqual({});
  });

  it("a position is not a length", () => {
    const seek = { to_s: { type: "integer", description: "position in seconds" } };
    expect(read(seek, "jump to two minutes")).toEqual({});
  });
});
