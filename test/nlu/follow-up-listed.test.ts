import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A thing of a listing named by its name, with a new moment (issue 16): the change of that
 * thing by the listing group's changer, read from the schemas; the handle is the held one the
 * name labels, else it asks which. Always asked, never acted on. "its" points back like "it",
 * and a take-back said in words no group opens with finds the sibling that removes the thing
 * made. The last calls are written here, so nothing rests on training; the team's own sentences.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const listing: NluCall = {
  tool: "calendar_list_events",
  args: { from: "2025-06-12T00:00:00+00:00", to: "2025-06-12T23:59:59+00:00" },
};
const callsOf = (r: ReturnType<typeof nlu.parse>) => r.calls ?? [{ tool: r.tool, args: r.args }];

describe("a listed thing named with a new moment", () => {
  it("with the listing's handles held, the one the name labels, asked", () => {
    const handles = [
      { handle: "#e1", kind: "e", label: "Gas safety check" },
      { handle: "#e2", kind: "e", label: "Choir practice" },
    ];
    const r = nlu.parse("push the gas safety check to 5pm", { ...base, lastCall: listing, handles });
    expect(r.kind).toBe("action");
    expect(callsOf(r)).toEqual([
      { tool: "calendar_update_event", args: { id: "#e1", start: "2025-06-11T17:00:00+00:00" } },
    ]);
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("with nothing held, it asks which one, never makes a second event", () => {
    const r = nlu.parse("move the choir practice to 7pm", { ...base, lastCall: listing });
    expect(r.tool).toBe("calendar_update_event");
    expect(r.missing).toEqual(["id"]);
  });

  it("a move with no time, or of a thing no listing showed, is left to the other readers", () => {
    const day = nlu.parse("move the choir practice to the big hall", { ...base, lastCall: listing });
    expect(callsOf(day).some((c) => c.tool === "calendar_update_event" && c.args?.start)).toBe(false);
  });
});

describe("'its' points back like 'it'", () => {
  it("run its script after a skill was opened: that skill's run", () => {
    const opened: NluCall = { tool: "skills_open", args: { name: "label-maker" } };
    const r = nlu.parse("now run its build script", { ...base, lastCall: opened });
    expect(r.tool).toBe("skills_run");
    expect(r.args?.name).toBe("label-maker");
  });
});

describe("taking back what was just made, in words no group opens with", () => {
  it("scrap that after a memory was kept: the forgetting, asked", () => {
    const kept: NluCall = { tool: "memory_remember", args: { text: "the spare key is under the blue pot" } };
    const r = nlu.parse("no wait, scrap that", { ...base, lastCall: kept });
    expect(callsOf(r)).toEqual([
      { tool: "memory_forget", args: { query: "the spare key is under the blue pot" } },
    ]);
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("take it off again after a skill was installed: which skill to remove is asked", () => {
    const installed: NluCall = { tool: "skills_install", args: { source: "~/Downloads/tide-tables" } };
    const r = nlu.parse("hmm, take it off again", { ...base, lastCall: installed });
    expect(r.tool).toBe("skills_remove");
    expect(r.missing).toEqual(["name"]);
  });
});
