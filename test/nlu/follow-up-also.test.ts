import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * The same call again with its one main value said anew (issue 16, follow-ups for any tool):
 * the main value is read from the last call's schema, so no group writes this follow-up. Said
 * with "too" / "as well" it acts; a bare "and X" is asked. A new request that merely starts with
 * "and" stays a new request. The last calls are written here; the sentences are the team's own.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const secondTurn = (lastCall: NluCall, then: string) => nlu.parse(then, { ...base, lastCall });
const callsOf = (r: ReturnType<typeof nlu.parse>) => r.calls ?? [{ tool: r.tool, args: r.args }];

const quit: NluCall = { tool: "apps_quit", args: { app: "thunderbird" } };
const skill: NluCall = { tool: "skills_remove", args: { name: "receipt-sorter" } };
const until: NluCall = { tool: "time_until", args: { date: "halloween" } };
const search: NluCall = { tool: "knowledge_search", args: { query: "parking permits" } };

describe("one more of the same with the main value said anew", () => {
  it("asks it when said with 'too' or 'as well', the kind word dropped", () => {
    for (const [last, then, want] of [
      [quit, "and Gimp too", { app: "Gimp" }],
      [quit, "oh and the Rhythmbox app as well", { app: "Rhythmbox" }],
      [skill, "and the tax-helper one too", { name: "tax-helper" }],
    ] as const) {
      const r = secondTurn(last, then);
      expect(r.kind, then).toBe("action");
      expect(r.confidence, then).toBeLessThan(0.85);
      expect(callsOf(r), then).toEqual([{ tool: last.tool, args: want }]);
    }
  });

  it("asks a bare 'and X', the joining word dropped", () => {
    for (const [last, then, want] of [
      [until, "and until bonfire night", { date: "bonfire night" }],
      [search, "and for recycling rules", { query: "recycling rules" }],
    ] as const) {
      const r = secondTurn(last, then);
      expect(callsOf(r), then).toEqual([{ tool: last.tool, args: want }]);
      expect(r.confidence, then).toBeLessThan(0.85);
    }
  });
});

describe("never a value the person did not give", () => {
  it("a new request that starts with 'and' is no value", () => {
    for (const [last, then] of [
      [quit, "and open the calculator too"],
      [quit, "and set a new one"],
      [{ tool: "contacts_call", args: { query: "dad" } }, "and record it"],
      [skill, "and install the pdf one too"],
    ] as const) {
      const r = secondTurn(last as NluCall, then);
      const same = callsOf(r).some((c) => c.tool === last.tool && c.args !== last.args);
      expect(same && r.kind === "action" && JSON.stringify(r.args) !== JSON.stringify(last.args), then).toBe(
        false,
      );
    }
  });

  it("a pointer, a number or a moment is not the main value", () => {
    for (const then of ["and that too", "and 12 too", "and tomorrow there?", "and this one as well"]) {
      const r = secondTurn({ tool: "weather_current", args: { city: "Bergen" } }, then);
      for (const c of callsOf(r))
        if (c.tool === "weather_current") expect(["Bergen", undefined], then).toContain(c.args?.city);
    }
  });

  it("nothing before: no call to repeat", () => {
    const r = nlu.parse("and Gimp too", base);
    expect(r.kind === "action" && r.tool === "apps_quit").toBe(false);
  });
});
