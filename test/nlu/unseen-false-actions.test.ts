import { describe, expect, it } from "vitest";
import type { NluContext } from "../../src/brain/nlu/index.js";
import { configSchema } from "../../src/config/schema.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * The mechanisms that keep Jarvis from acting with the wrong tool on requests it never saw:
 * a free-text template acts only when its tool's medium was named, a follow-up adds or moves
 * only what it can, and times written the 24-hour way keep their morning.
 */
const { fast_path_threshold: FAST_PATH, ask_threshold: ASK } = configSchema.parse({}).models;
const { parse } = await createTestNlu();

describe("a free-text template acts only where its medium was named", () => {
  it("searches the web at once when the web is named, and asks first when it is not", () => {
    const named = parse("search the web for cheap garden chairs");
    expect(named).toMatchObject({ kind: "action", tool: "web_search" });
    expect(named.confidence).toBeGreaterThanOrEqual(FAST_PATH);
    // "search for" alone could be the files, the mail or the notes: put to the user as a question
    const unnamed = parse("search for cheap garden chairs");
    expect(unnamed).toMatchObject({ kind: "action", tool: "web_search" });
    expect(unnamed.confidence).toBeLessThan(FAST_PATH);
    expect(unnamed.confidence).toBeGreaterThanOrEqual(ASK);
    expect(unnamed.summary).toBe("Search the web for cheap garden chairs");
  });

  it("lets what only the web holds stand for naming it", () => {
    const hours = parse("look up the opening hours of the town museum");
    expect(hours).toMatchObject({ kind: "action", tool: "web_search" });
    expect(hours.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });

  it("reads 'remind me of' as a memory look-up only when memory is named", () => {
    const vague = parse("remind me of the parking spot");
    expect(vague).toMatchObject({ kind: "action", tool: "memory_recall" });
    expect(vague.confidence).toBeLessThan(FAST_PATH);
    const named = parse("what did i tell you about the parking spot");
    expect(named).toMatchObject({ kind: "action", tool: "memory_recall" });
    expect(named.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });

  it("keeps a tool whose own verb names its medium acting at once", () => {
    const reminder = parse("remind me to water the ferns");
    expect(reminder).toMatchObject({ kind: "action", tool: "reminders_create" });
    expect(reminder.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });
});

describe("free text that names another medium, or a place, is asked about", () => {
  it("searches documents by topic at once, and asks when only 'in my documents' was said", () => {
    const topic = parse("search my documents for the boiler warranty");
    expect(topic).toMatchObject({ kind: "action", tool: "knowledge_search" });
    expect(topic.confidence).toBeGreaterThanOrEqual(FAST_PATH);
    // the Documents folder or the documents Jarvis learnt: a question, not a guess
    const where = parse("find the invoices in my documents");
    expect(where.confidence).toBeLessThan(FAST_PATH);
  });

  it("writes a file when writing was asked for", () => {
    const written = parse("write hello there to ~/notes/today.txt");
    expect(written).toMatchObject({ tool: "files_write", args: { content: "hello there" } });
    expect(written.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });

  it("does not write a note whose text opens on where it should go", () => {
    const listed = parse("take a note on my reading list: a book about bees");
    expect(listed.confidence).toBeLessThan(FAST_PATH);
    const note = parse("take a note: call the plumber");
    expect(note).toMatchObject({ tool: "notes_add", args: { text: "call the plumber" } });
    expect(note.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });
});

describe("follow-ups", () => {
  const alarm: NluContext = { lastCall: { tool: "alarm_set", args: { at: "2025-06-12T07:00:00+00:00" } } };

  it("never moves an alarm by a length said as if it were a time", () => {
    // "make it 4 minutes" fits a timer; to an alarm it is no moment, so nothing is acted on
    const result = parse("make it 4 minutes", alarm);
    expect(result.kind === "action" && result.confidence >= FAST_PATH).toBe(false);
    // a moment still moves it
    expect(parse("make it 8am", alarm)).toMatchObject({
      kind: "action",
      tool: "alarm_set",
      args: { at: "2025-06-12T08:00:00+00:00" },
    });
  });
});

describe("follow-ups that add more", () => {
  const list: NluContext = { lastCall: { tool: "lists_add", args: { list: "shopping", items: ["milk"] } } };
  const weather: NluContext = { lastCall: { tool: "weather_current", args: { city: "paris" } } };

  it("adds an item, never a day, a length or a place, to the list", () => {
    expect(parse("and bananas too", list)).toMatchObject({ tool: "lists_add", args: { items: ["bananas"] } });
    for (const text of ["and for tomorrow", "and in london", "and one for 5 minutes"]) {
      const result = parse(text, list);
      expect(result.tool === "lists_add" && result.confidence >= FAST_PATH).toBe(false);
    }
  });

  it("reads a place after the weather, but not more of something", () => {
    expect(parse("and in oslo too", weather)).toMatchObject({
      tool: "weather_current",
      args: { city: "oslo" },
    });
    for (const text of ["add bread as well", "and sam too"]) {
      const result = parse(text, weather);
      expect(result.tool === "weather_current" && result.confidence >= FAST_PATH).toBe(false);
    }
  });
});

describe("times written the 24-hour way", () => {
  it("sets a reminder for 07:30 in the morning, as the alarm does", () => {
    const reminder = parse("remind me monday 07:30 to call mum");
    expect(reminder).toMatchObject({
      kind: "action",
      tool: "reminders_create",
      args: { title: "call mum", due: "2025-06-16T07:30:00+00:00" },
    });
    expect(parse("set an alarm for monday 07:30").args).toMatchObject({ at: "2025-06-16T07:30:00+00:00" });
    // a bare small hour is still office hours: a reminder at 7:30 is in the evening
    expect(parse("remind me monday 7:30 to call mum").args).toMatchObject({
      due: "2025-06-16T19:30:00+00:00",
    });
  });
});
