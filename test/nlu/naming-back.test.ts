import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Second turns that point back at what the last call showed or did ("clear it" after reading a
 * list, "put it back" after a trash, "forget all of that" after a recall). The last calls are
 * written here, not read by the classifier, and the second turns resolve through the tools'
 * own follow-ups or through templates, so nothing rests on one training draw.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const secondTurn = (lastCall: NluCall, then: string) => nlu.parse(then, { ...base, lastCall });

describe("taking back the last action", () => {
  it("'put it back' after a trash restores what was trashed", () => {
    for (const then of ["oops, put it back", "undo that, put it back", "bring it back"])
      expect(
        secondTurn({ tool: "files_trash", args: { path: "~/Documents/draft.docx" } }, then),
      ).toMatchObject({
        kind: "action",
        tool: "files_restore",
        args: { id: "~/Documents/draft.docx" },
      });
  });

  it("'forget all of that' after a recall forgets what was recalled", () => {
    expect(
      secondTurn({ tool: "memory_recall", args: { query: "my sister" } }, "forget all of that"),
    ).toMatchObject({
      kind: "action",
      tool: "memory_forget",
      args: { query: "my sister" },
    });
  });
});

describe("'it' named by the last call", () => {
  const shown: NluCall = { tool: "lists_show", args: { list: "shopping" } };

  it("'clear it' after reading a list is that list: named back, it reads as a full request and acts", () => {
    const r = secondTurn(shown, "clear it");
    expect(r).toMatchObject({ kind: "action", tool: "lists_clear", args: { list: "shopping" } });
    expect(r.confidence).toBeGreaterThanOrEqual(0.9);
    expect(r.evidence?.via).toBe("back");
  });

  it("a request of another area keeps its own reading", () => {
    const r = secondTurn(shown, "what time is it in Tokyo");
    expect(r.tool?.startsWith("lists_")).toBe(false);
  });

  it("with nothing before, 'clear it' is not acted on", () => {
    const r = nlu.parse("clear it", base);
    expect(r.kind === "action" && r.confidence >= 0.9).toBe(false);
  });

  it("a listing names one of its things: 'the gym one' after alarms is an alarm, asked", () => {
    const r = secondTurn({ tool: "alarm_list", args: {} }, "cancel the gym one");
    expect(r.kind === "action" && r.confidence >= 0.9).toBe(false);
    if (r.kind === "action") expect(r.tool).toBe("alarm_cancel");
  });

  it("'that' after a sum is its result, and the new sum is asked", () => {
    const r = secondTurn(
      { tool: "calc_evaluate", args: { expression: "1250 * 12" } },
      "now divide that by 3",
    );
    expect(r).toMatchObject({ kind: "action", tool: "calc_evaluate", args: { expression: "15000 / 3" } });
    expect(r.confidence).toBeLessThan(0.9);
  });
});
