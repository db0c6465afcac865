import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { Clauses } from "../../src/brain/nlu/clauses.js";
import { createNlu, type NluResult } from "../../src/brain/nlu/index.js";
import { TemplateMatcher } from "../../src/brain/nlu/matcher.js";
import { TimeZones } from "../../src/brain/nlu/slots/index.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Requests said the way people say them when they are busy (decision 0036, dev-everyday5's
 * categories): a clock time with a dot, the noun then its value, a label and a comma, a command
 * line as typed, a request beside its reason. Slot parsers and shapes (templates matched, never
 * trained) read them, so no training draw decides it; the clause step is driven with a
 * whole-sentence reading written by hand. The fallbacks' values are in middle-band-values.test.ts.
 */
const tools = await builtinToolsForNlu();
const nlu = createNlu(tools, { timezone: "UTC" });
const now = new Date("2025-06-11T10:00:00Z");
const base = { now, timezone: "UTC" };
const read = (text: string) => nlu.parse(text, base);
const acted = (r: NluResult) => r.kind === "action" && r.confidence >= 0.9;

describe("a clock time written with a dot", () => {
  it("is a time after a word that leads a moment", () => {
    expect(read("set an alarm for 6.40")).toMatchObject({
      tool: "alarm_set",
      args: { at: expect.stringContaining("T06:40") },
    });
    expect(read("cancel the 5.20 alarm")).toMatchObject({
      tool: "alarm_cancel",
      args: { at: expect.stringContaining("T05:20") },
    });
  });

  it("stays a number in a sum and a length", () => {
    expect(read("what is 4.25 times 2")).toMatchObject({ tool: "calc_evaluate" });
    expect(read("what is 4.25 times 2").args?.expression).toContain("4.25");
  });
});

describe("terse shapes, matched and never taught", () => {
  it("the noun then its time sets an alarm; the noun alone does not", () => {
    const r = read("alarm 5.50");
    expect(acted(r)).toBe(true);
    expect(r).toMatchObject({ tool: "alarm_set", args: { at: expect.stringContaining("T05:50") } });
    expect(read("alarm tomorrow").args?.at).toBeUndefined();
  });

  it("a reminder before a colon is one to create, unless it asks", () => {
    expect(read("reminder: renew the passport, friday 9am")).toMatchObject({
      tool: "reminders_create",
      args: { title: "renew the passport", due: expect.stringContaining("T09:00") },
    });
    expect(read("reminder on the Garden list: order bulbs")).toMatchObject({
      tool: "reminders_create",
      args: { title: "order bulbs", list: expect.stringMatching(/^garden$/i) },
    });
    expect(read("reminder: what's due?").tool).not.toBe("reminders_create");
  });

  it("everyday verbs for a reminder", () => {
    expect(read("nudge me tomorrow to post the parcel")).toMatchObject({
      tool: "reminders_create",
      args: { title: "post the parcel", due: expect.stringContaining("2025-06-12") },
    });
  });

  it("a label, a comma, a length is a timer; an answer before the comma is not a label", () => {
    expect(read("kettle, three minutes")).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 180, label: "kettle" },
    });
    expect(read("no, three minutes").args?.label).toBeUndefined();
    expect(read("okay, ten minutes").args?.label).toBeUndefined();
  });

  it("a chord with a modifier written alone is pressed; a single key alone is not", () => {
    expect(read("ctrl shift n")).toMatchObject({ tool: "input_hotkey", args: { keys: "ctrl+shift+n" } });
    expect(acted(read("enter"))).toBe(false);
  });

  it("'ls' is a command line only with a flag after it", () => {
    expect(read("ls -lh ~/Music")).toMatchObject({
      tool: "shell_run",
      args: { command: "ls", args: ["-lh", "~/Music"] },
    });
    expect(read("ls my music").args?.command).toBeUndefined();
  });

  it("a command line then a comment on it runs the command line", () => {
    expect(read("df -h, is the disk nearly full")).toMatchObject({
      tool: "shell_run",
      args: { command: "df", args: ["-h"] },
    });
  });

  it("a mail folder named before the mail searches that folder", () => {
    expect(read("look through my drafts mail for the invoice")).toMatchObject({
      tool: "mail_search",
      args: { mailbox: "Drafts", query: "the invoice" },
    });
    expect(read("search my holiday mail for flights").args?.mailbox).toBeUndefined();
  });

  it("asking what someone sent is a mail search from them", () => {
    expect(read("did the dentist send anything this week")).toMatchObject({
      tool: "mail_search",
      args: { from: "dentist", since: expect.any(String) },
    });
    expect(read("anything new from Harlow Builders?")).toMatchObject({
      tool: "mail_search",
      args: { from: "Harlow Builders" },
    });
  });

  it("a statement then 'remember that' keeps the statement", () => {
    expect(read("the spare key is in the shed - remember that")).toMatchObject({
      tool: "memory_remember",
      args: { text: "the spare key is in the shed" },
    });
  });

  it("thoroughness said after a command that is done whole changes nothing", () => {
    expect(read("quit firefox altogether")).toMatchObject({ tool: "apps_quit", args: { app: "firefox" } });
  });
});

describe("a request beside its reason", () => {
  const catalog = compileCatalog(tools);
  const clauses = new Clauses(new TemplateMatcher(catalog), catalog);
  const env = (text: string) => ({
    text,
    now,
    timezone: "UTC",
    zones: new TimeZones(),
    apps: new Set(["spotify"]),
  });
  const unread = (text: string): NluResult => ({ text, kind: "unknown", confidence: 0 });
  const beside = (text: string, whole: NluResult = unread(text)) =>
    clauses.or(whole, tokenize(text), env(text));

  it("is the request's clause, put as a question and never acted on", () => {
    for (const text of ["pause the music, the phone's ringing", "the phone's ringing so pause the music"]) {
      const r = beside(text);
      expect(r).toMatchObject({ kind: "action", tool: "media_pause" });
      expect(r.confidence).toBeGreaterThanOrEqual(0.6);
      expect(r.confidence).toBeLessThan(0.9);
    }
  });

  it("is acted on when its intent says a clause of its own is (besideReason), unless a purpose follows", () => {
    for (const text of ["close spotify, the meeting's starting", "the meeting's starting so close spotify"]) {
      const r = beside(text);
      expect(r).toMatchObject({ kind: "action", tool: "apps_quit", args: { app: "spotify" } });
      expect(r.confidence).toBeGreaterThanOrEqual(0.9);
    }
    expect(beside("close spotify, so I can order a pizza").confidence).toBeLessThan(0.9);
  });

  it("two requests are not a request and its reason", () => {
    expect(beside("close spotify, set a timer for 5 minutes").kind).toBe("unknown");
  });

  it("a clause whose value is free text is any clause's message, not a request", () => {
    expect(beside("my train is late, remind me to water the ferns").kind).toBe("unknown");
  });

  it("a whole reading that was already asked or acted on is kept", () => {
    const whole: NluResult = {
      text: "close spotify, it's loud",
      kind: "action",
      tool: "system_mute",
      args: { mute: true },
      confidence: 0.95,
    };
    expect(beside(whole.text, whole)).toBe(whole);
  });
});
