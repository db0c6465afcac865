import { describe, expect, it } from "vitest";
import { normalizeMessages } from "../messages.js";
import { coerceArguments } from "./coerce.js";
import { parseLenient } from "./lenient-json.js";
import { TextCallFilter } from "./stream-filter.js";

describe("reading near-JSON", () => {
  it.each([
    ['{"a": 1,}', { a: 1 }, "trailing comma"],
    ["{'a': 'x'}", { a: "x" }, "single quotes"],
    ["{a: 1}", { a: 1 }, "unquoted key"],
    ['{"a": True, "b": None}', { a: true, b: null }, "Python literal"],
    ['{"a": 1 // one\n}', { a: 1 }, "comment"],
    ['{"a": [1, 2', { a: [1, 2] }, 'missing "]" at the end'],
    ['{"a": 1}}', { a: 1 }, "extra closing bracket at the end"],
  ])("forgives %s", (text, value, fix) => {
    const parsed = parseLenient(text);
    expect(parsed).toMatchObject({ ok: true, value });
    expect(parsed.ok && parsed.fixes).toContain(fix);
  });

  it.each([
    ['{"a": "he said "hi""}', /unescaped quote/],
    ['{"a": "cut off', /ends inside a string/],
    ['{"a": 1} trailing words', /more text after the value/],
    ["{a: NaN}", /unexpected/],
  ])("refuses %s rather than guess", (text, error) => {
    const parsed = parseLenient(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(error);
  });
});

describe("arguments brought to the schema", () => {
  const schema = {
    type: "object",
    properties: {
      count: { type: "integer" },
      ratio: { type: "number" },
      on: { type: "boolean" },
      tags: { type: "array", items: { type: "string" } },
      mode: { type: "string", enum: ["fast", "slow"] },
      max_results: { type: "integer" },
      name: { type: "string" },
      note: { type: "string" },
    },
    required: ["name"],
  };

  it("coerces only where one reading exists, and says what it changed", () => {
    const { value, fixes } = coerceArguments(
      { count: "5", ratio: "0.5", on: "False", tags: "a", mode: "SLOW", maxResults: 3, name: 7, note: null },
      schema,
    );
    expect(value).toEqual({
      count: 5,
      ratio: 0.5,
      on: false,
      tags: ["a"],
      mode: "slow",
      max_results: 3,
      name: "7",
    });
    expect(fixes).toEqual(
      expect.arrayContaining([
        'count: "5" → 5',
        'key "maxResults" → "max_results"',
        "note: null for an optional key left out",
      ]),
    );
  });

  it("leaves what is not unambiguous for the gate to refuse", () => {
    expect(coerceArguments({ count: "5 items", name: "x" }, schema).value).toEqual({
      count: "5 items",
      name: "x",
    });
    expect(coerceArguments({ count: "2.5", name: "x" }, schema).value).toEqual({ count: "2.5", name: "x" });
    expect(coerceArguments({ title: "x" }, schema).value).toEqual({ title: "x" });
    expect(coerceArguments({}, schema).value).toEqual({});
    expect(coerceArguments("", schema).value).toBe("");
  });
});

describe("streamed text on its way to the person", () => {
  const run = (deltas: string[]) => {
    const shown: string[] = [];
    const filter = new TextCallFilter((t) => shown.push(t));
    for (const delta of deltas) filter.push(delta);
    filter.end();
    return { shown: shown.join(""), filter };
  };

  it("passes prose at once, drops reasoning even when its tag is split across deltas", () => {
    const { shown, filter } = run(["Hello <th", "ink>secret plan</thi", "nk> world"]);
    expect(shown).toBe("Hello world");
    expect(filter.text).toBe("Hello world");
  });

  it("holds everything from the first sign of a call written as text", () => {
    const { shown, filter } = run(["Let me check.", " <tool_", 'call>{"name": "x"}</tool_call>']);
    expect(shown).toBe("Let me check. ");
    expect(filter.text).toBe('Let me check. <tool_call>{"name": "x"}</tool_call>');
    filter.finish("Let me check.");
    expect(shown).toBe("Let me check. ");
  });

  it("holds an answer that opens with JSON until the turn is read", () => {
    const shown: string[] = [];
    const filter = new TextCallFilter((t) => shown.push(t));
    filter.push('{"name": "Ada"');
    filter.push("}");
    filter.end();
    expect(shown).toEqual([]);
    filter.finish('{"name": "Ada"}');
    expect(shown.join("")).toBe('{"name": "Ada"}');
  });
});

describe("messages strict chat templates accept", () => {
  it("joins consecutive user turns and text-only assistant turns, drops empty ones, keeps tool traffic", () => {
    const normalized = normalizeMessages([
      { role: "user", content: "first" },
      { role: "user", content: [{ type: "text", text: "second" }] },
      { role: "assistant", content: "" },
      { role: "assistant", content: "a" },
      { role: "assistant", content: "b" },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "1", toolName: "t", input: {} }] },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "1", toolName: "t", output: { type: "text", value: "r" } },
        ],
      },
    ]);
    expect(normalized.map((m) => m.role)).toEqual(["user", "assistant", "assistant", "tool"]);
    expect(normalized[0]!.content).toBe("first\n\nsecond");
    expect(normalized[1]!.content).toBe("a\n\nb");
  });
});
