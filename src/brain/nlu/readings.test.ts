import { describe, expect, it } from "vitest";
import { CONTRACT_TOOLS, createNlu, type NluContext } from "./index.js";

const NOW = new Date("2025-06-11T10:00:00Z");
const nlu = createNlu(CONTRACT_TOOLS, { timezone: "UTC" });
const parse = (text: string, context: NluContext = {}) =>
  nlu.parse(text, { now: NOW, timezone: "UTC", ...context });

describe("embedded NLU: readings added after measuring misses", () => {
  it("reads a radio frequency said in words as the station to play, and nothing else as one", () => {
    expect(parse("tune to ninety nine point five")).toMatchObject({
      tool: "media_play",
      args: { query: "99.5" },
    });
    expect(parse("turn on one oh seven point nine fm")).toMatchObject({
      tool: "media_play",
      args: { query: "107.9 FM" },
    });
    expect(parse("change the station to 88.5 fm")).toMatchObject({ args: { query: "88.5 FM" } });
    // Out of the FM band, and a bare number: not a frequency
    expect(parse("tune to two hundred fm").args?.query).toBeUndefined();
    expect(parse("turn on five").kind).not.toBe("action");
  });

  it("hears a quiet spell as a mute that ends after the time said", () => {
    expect(parse("set to silent for five minutes")).toMatchObject({
      tool: "system_mute",
      args: { mute: true, for_s: 300 },
    });
    expect(parse("don't talk for thirty minutes").args).toEqual({ mute: true, for_s: 1800 });
    // No duration it can read ("another hour", "until morning"): just mute, no made-up end
    for (const text of ["please be quiet for another hour", "mute until morning", "don't talk"]) {
      expect(parse(text), text).toMatchObject({ kind: "action", tool: "system_mute" });
      expect(parse(text).args, text).toEqual({ mute: true });
    }
    expect(parse("quiet mode on")).toMatchObject({ tool: "system_mute", args: { mute: true } });
    expect(parse("turn the sound back on")).toMatchObject({ tool: "system_mute", args: { mute: false } });
    // A bare "be quiet" still interrupts, as in a voice conversation
    expect(parse("be quiet")).toMatchObject({ kind: "dialog", dialog: "cancel" });
  });

  it("finds a volume level or a direction in a request no template covers", () => {
    expect(parse("could you set my music player volume to eighty percent")).toMatchObject({
      tool: "system_volume_set",
      args: { level: 80 },
    });
    expect(parse("it's really loud can you please turn the music down")).toMatchObject({
      tool: "system_volume_set",
      args: { change: -10 },
    });
  });

  it("answers 'check that' as a request to read back, and keeps 'confirm' a yes", () => {
    expect(parse("could you please check that")).toMatchObject({ kind: "dialog", dialog: "repeat" });
    expect(parse("did you get it right")).toMatchObject({ kind: "dialog", dialog: "repeat" });
    expect(parse("confirm")).toMatchObject({ kind: "dialog", dialog: "yes" });
  });

  it("reads 'the first alarm' with nothing listed as an ordinary alarm command", () => {
    const result = parse("remove the first alarm");
    expect(result).toMatchObject({ kind: "action", tool: "alarm_cancel" });
    expect(result.reply ?? "").not.toMatch(/nothing to refer to/);
  });

  it("tells one's own events from the town's", () => {
    expect(parse("show me my upcoming events")).toMatchObject({ tool: "calendar_list_events" });
    for (const text of ["show me upcoming events in chicago", "what's happening in my town"]) {
      expect(parse(text).kind, text).not.toBe("action");
    }
  });

  it("plays a title after 'i want to hear', but not one's own words", () => {
    expect(parse("i want to hear purple haze")).toMatchObject({
      tool: "media_play",
      args: { query: "purple haze" },
    });
    expect(parse("i want to hear what i said again").tool).not.toBe("media_play");
    expect(parse("pick up wuthering heights where we left off")).toMatchObject({
      tool: "media_play",
      args: { query: "wuthering heights" },
    });
    expect(parse("start my favourite podcast")).toMatchObject({ kind: "action", tool: "media_play" });
    expect(parse("lets play battleship").kind).not.toBe("action");
  });

  it("hands calls and texts to contacts_call with the kind of number and the message", () => {
    expect(parse("call mom")).toMatchObject({ tool: "contacts_call", args: { query: "mom" } });
    expect(parse("dial sarah's work number")).toMatchObject({
      tool: "contacts_call",
      args: { query: "sarah", type: "work" },
    });
    expect(parse("text bob saying i am late")).toMatchObject({
      tool: "contacts_call",
      args: { query: "bob", via: "text", message: "i am late" },
    });
    // A text is never placed as a call
    expect(parse("text alice").args).toMatchObject({ via: "text" });
    for (const text of [
      "dial nine one one",
      "who called me",
      "call a taxi",
      "how do i find the area of a circle",
    ]) {
      expect(parse(text).kind, text).not.toBe("action");
    }
  });

  it("does not read remarks about one's day as clock questions", () => {
    for (const text of ["today was a hard day", "i had a relaxing day today"]) {
      expect(parse(text).kind, text).not.toBe("action");
    }
  });
});
