import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Words written into the thing the last call named (issue 16, follow-ups): the writing tool of
 * the last call's group, found from the schemas, with the naming value carried. Only when the
 * words point at the thing. Also a changed way of reaching someone with the message after a
 * colon. The last calls are written here; the sentences are the team's own.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const secondTurn = (lastCall: NluCall, then: string) => nlu.parse(then, { ...base, lastCall });
const callsOf = (r: ReturnType<typeof nlu.parse>) => r.calls ?? [{ tool: r.tool, args: r.args }];

const read: NluCall = { tool: "notes_read", args: { title: "garden jobs" } };
const written: NluCall = { tool: "notes_add", args: { title: "garden jobs", text: "mow the lawn" } };

describe("written into the thing just named", () => {
  it("a colon after the verb, or a pointer, writes into the note read or written", () => {
    for (const [last, then] of [
      [read, "add: prune the roses, feed the tomatoes"],
      [read, "put prune the roses, feed the tomatoes in there"],
      [written, "oh and write in it that prune the roses, feed the tomatoes"],
    ] as const) {
      const r = secondTurn(last, then);
      expect(r.kind, then).toBe("action");
      expect(callsOf(r), then).toEqual([
        { tool: "notes_add", args: { title: "garden jobs", text: "prune the roses, feed the tomatoes" } },
      ]);
    }
  });

  it("never a tool that opens with another verb, nor words that point at nothing", () => {
    const listed: NluCall = { tool: "lists_show", args: { list: "camping" } };
    const r = secondTurn(listed, "add: tent pegs");
    expect(callsOf(r).some((c) => c.tool === "lists_remove")).toBe(false);
    const bare = secondTurn(read, "add compost");
    // Without a pointer it is at most asked, never written in on its own
    expect(bare.confidence).toBeLessThan(0.85);
  });
});

describe("a changed way of reaching someone, the message after a colon", () => {
  it("swaps the choice and carries the message", () => {
    const r = secondTurn(
      { tool: "contacts_call", args: { query: "my brother" } },
      "no, text him instead: running late",
    );
    expect(callsOf(r)).toEqual([
      { tool: "contacts_call", args: { query: "my brother", via: "text", message: "running late" } },
    ]);
  });
});

describe("a two-digit number corrected in the text just kept", () => {
  const kept: NluCall = { tool: "memory_remember", args: { text: "the bike lock code is 37" } };

  it("replaces the one two-digit number of the text", () => {
    const r = secondTurn(kept, "no, it's 73");
    expect(callsOf(r).at(-1)).toEqual({
      tool: "memory_remember",
      args: { text: "the bike lock code is 73" },
    });
  });

  it("not a number of another length, nor in a text with two numbers", () => {
    const two: NluCall = { tool: "memory_remember", args: { text: "gate 12 opens at 14" } };
    for (const [last, then] of [
      [kept, "no, it's 7"],
      [two, "no, it's 21"],
    ] as const) {
      const r = secondTurn(last, then);
      expect(
        callsOf(r).some((c) => c.tool === "memory_remember" && c.args !== last.args && r.confidence >= 0.85),
        then,
      ).toBe(false);
    }
  });
});

describe("a choice said by the name of what only it carries", () => {
  it("'message her instead' is the text choice, its words the message", () => {
    const r = secondTurn(
      { tool: "contacts_call", args: { query: "Priya" } },
      "no, message her instead, say see you at six",
    );
    expect(callsOf(r)).toEqual([
      { tool: "contacts_call", args: { query: "Priya", via: "text", message: "see you at six" } },
    ]);
  });
});
