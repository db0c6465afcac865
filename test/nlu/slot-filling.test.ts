import { describe, expect, it } from "vitest";
import { createNlu, type NluContext, type NluResult } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

const TOOLS = await builtinToolsForNlu();

const NOW = new Date("2025-06-11T10:00:00Z");
const nlu = createNlu(TOOLS, { timezone: "UTC" });
const parse = (text: string, context: NluContext = {}) =>
  nlu.parse(text, { now: NOW, timezone: "UTC", ...context });
/** What the agent keeps between turns when the NLU asked for a value. */
const pendingOf = (result: NluResult): NluContext => ({
  pending: { tool: result.tool!, args: result.args ?? {}, missing: result.missing ?? [] },
});

describe("slot filling", () => {
  it("turns a clear request without its values into a question, below the fast-path threshold", () => {
    const ask = parse("new item for my list");
    expect(ask).toMatchObject({ kind: "action", tool: "lists_add" });
    expect(ask.missing?.length).toBeGreaterThan(0);
    expect(ask.reply).toMatch(/\?$/);
    expect(ask.confidence).toBeLessThan(0.9);
  });

  it("reads the answer by the type of the missing value", () => {
    const alarm = parse("set an alarm");
    expect(alarm).toMatchObject({ tool: "alarm_set", missing: ["at"], reply: "For what time?" });
    expect(parse("seven tomorrow morning", pendingOf(alarm))).toMatchObject({
      kind: "action",
      tool: "alarm_set",
      args: { at: "2025-06-12T07:00:00+00:00" },
    });
    const items = parse("milk, eggs and bread", {
      pending: { tool: "lists_add", args: { list: "shopping" }, missing: ["items"] },
    });
    expect(items).toMatchObject({
      tool: "lists_add",
      args: { list: "shopping", items: ["milk", "eggs", "bread"] },
    });
    expect(items.missing).toBeUndefined();
    expect(items.confidence).toBeGreaterThanOrEqual(0.9);
    const timer = parse("ten minutes", { pending: { tool: "timer_set", args: {}, missing: ["duration_s"] } });
    expect(timer).toMatchObject({ tool: "timer_set", args: { duration_s: 600 } });
  });

  it("takes an answer with no words in it (a clock time, a number) when a question waits for it", () => {
    const alarm = parse("set an alarm");
    expect(parse("6:40", pendingOf(alarm))).toMatchObject({
      kind: "action",
      tool: "alarm_set",
      args: { at: "2025-06-12T06:40:00+00:00" },
    });
    const volume = parse("30", { pending: { tool: "system_volume_set", args: {}, missing: ["level"] } });
    expect(volume).toMatchObject({ kind: "action", tool: "system_volume_set", args: { level: 30 } });
    // With no question waiting, or no answer in it, it is still refused in one line
    expect(parse("6:40")).toMatchObject({ kind: "unknown", reply: "I need words to work with." });
    expect(parse("?!", pendingOf(alarm))).toMatchObject({
      kind: "unknown",
      reply: "I need words to work with.",
    });
  });

  it("asks for the next value until none is missing", () => {
    const first = parse("the groceries list", {
      pending: { tool: "lists_remove", args: {}, missing: ["list", "item"] },
    });
    expect(first).toMatchObject({ tool: "lists_remove", args: { list: "groceries" }, missing: ["item"] });
    expect(first.reply).toBe("Which item?");
    expect(parse("butter", pendingOf(first))).toMatchObject({
      tool: "lists_remove",
      args: { list: "groceries", item: "butter" },
    });
  });

  it("lets a new command, a cancel, or an answer of the wrong type replace the question", () => {
    const pending = { pending: { tool: "alarm_set", args: {}, missing: ["at"] } };
    expect(parse("set a timer for 5 minutes", pending)).toMatchObject({ tool: "timer_set" });
    expect(parse("cancel", pending)).toMatchObject({ kind: "dialog", dialog: "cancel" });
    expect(parse("purple elephants", pending).tool).not.toBe("alarm_set");
  });

  it("asks which event instead of guessing one to delete", () => {
    const ask = parse("delete my meeting tomorrow");
    expect(ask).toMatchObject({ kind: "action", tool: "calendar_delete_event", missing: ["id"] });
    expect(ask.reply).toMatch(/Which event\?/);
    // a spoken description is not a handle: nothing to delete yet
    expect(parse("the dentist", pendingOf(ask)).tool).not.toBe("calendar_delete_event");
  });

  it("takes a spoken email address as the address it spells", () => {
    const filled = parse("sam at example dot com", {
      pending: { tool: "contacts_add", args: { name: "Sam Jones" }, missing: ["email"] },
    });
    expect(filled).toMatchObject({
      tool: "contacts_add",
      args: { name: "Sam Jones", email: "sam@example.com" },
    });
  });
});
