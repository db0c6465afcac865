import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parametersFrom } from "../core/schema.js";
import { previewInWords } from "./preview-words.js";

describe("the default preview, in words", () => {
  it("says each value with a spelled-out name and its unit, never the argument's name", () => {
    expect(previewInWords({ duration_s: 2, label: "tea" })).toBe("  Duration: 2 seconds\n  Label: tea");
    expect(previewInWords({ delay_ms: 1, max_lines: 300, all: true, clear: false })).toBe(
      "  Delay: 1 millisecond\n  Max lines: 300\n  All: yes\n  Clear: no",
    );
    expect(previewInWords({ title: "Buy milk", due: "2026-01-02T09:00" })).toBe(
      "  Title: Buy milk\n  Due: 2026-01-02T09:00",
    );
  });

  it("indents long text below its name, lists arrays and objects; never JSON", () => {
    expect(previewInWords({ text: "line one\nline two", tags: ["a", "b"] })).toBe(
      "  Text:\n    line one\n    line two\n  Tags: a, b",
    );
    expect(previewInWords({ calls: [{ tool_args: { path: "~/a" } }], empty: [], none: null })).toBe(
      "  Calls:\n    - Tool args:\n        Path: ~/a\n  Empty: none\n  None: none",
    );
    expect(previewInWords({})).toBe("");
    expect(previewInWords({ skipped: undefined, kept: 1 })).toBe("  Kept: 1");
  });

  it("uses the schema's title for a parameter when the tool gives one (its own words)", () => {
    const parameters = parametersFrom(
      z.object({
        duration_s: z.number().meta({ title: "how long" }),
        note: z.string().describe("model-facing: a #n handle from notes_list"),
      }),
    );
    const preview = previewInWords({ duration_s: 90, note: "milk" }, parameters);
    expect(preview).toBe("  How long: 90 seconds\n  Note: milk");
    expect(preview).not.toMatch(/handle|notes_list|duration_s/);
  });
});
