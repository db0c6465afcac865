import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";
import { shippedToolReader, trainToolReader } from "./group-reader.js";

/** Within a group the reader is sure of, which of its tools take the group's lift. */
const fixture = new CatalogIndexFixture();
beforeAll(() => fixture.open("jarvis-retrieval-tool-shares-"));
afterAll(() => fixture.close());

const sure = new Map([["routines", 0.9]]);

describe("a read group's lift shared by the tool reader", () => {
  it("goes mostly to the tool the request points at, not the group's commonest", () => {
    // Words that name no routine tool: only the shares can order the group
    const text = "the weekly thing";
    const run = new Map([
      ["routines_run", 0.8],
      ["routines_create", 0.1],
    ]);
    const create = new Map([
      ["routines_run", 0.1],
      ["routines_create", 0.8],
    ]);
    const reads = (readTools: ReadonlyMap<string, number>) => ({ text, readGroups: sure, readTools });
    expect(fixture.rankOf(reads(run), "routines_run")).toBeLessThan(
      fixture.rankOf(reads(run), "routines_create"),
    );
    expect(fixture.rankOf(reads(create), "routines_create")).toBeLessThan(
      fixture.rankOf(reads(create), "routines_run"),
    );
  });

  it("never takes the group's lift away: every tool of the group keeps a share", () => {
    const text = "the weekly thing";
    const none = fixture.index.rank({ text });
    const shared = fixture.index.rank({
      text,
      readGroups: sure,
      readTools: new Map([["routines_run", 0.9]]),
    });
    const score = (ranked: typeof none, name: string) => ranked.find((t) => t.name === name)!.score;
    for (const name of ["routines_create", "routines_remove", "routines_list"])
      expect(score(shared, name)).toBeGreaterThan(score(none, name));
  });

  it("shares evenly in a group the tool reader never learned", () => {
    const text = "the weekly thing";
    const even = fixture.index.rank({ text, readGroups: sure });
    const unknown = fixture.index.rank({
      text,
      readGroups: sure,
      readTools: new Map([["calc_evaluate", 0.9]]),
    });
    expect(unknown.map((t) => t.name)).toEqual(even.map((t) => t.name));
  });
});

describe("the tool reader", () => {
  it("learns tools from the requests' tool labels", () => {
    const examples = [
      { text: "run the morning routine now", groups: ["routines"], tools: ["routines_run"] },
      { text: "fire off my backup routine right away", groups: ["routines"], tools: ["routines_run"] },
      { text: "every monday at nine read me the agenda", groups: ["routines"], tools: ["routines_create"] },
      { text: "each friday at five send me the week", groups: ["routines"], tools: ["routines_create"] },
    ];
    const reader = trainToolReader([...examples, ...examples], { minCount: 1 });
    expect(reader.read("run the backup routine now")[0]!.group).toBe("routines_run");
    expect(reader.read("every friday at nine remind the team")[0]!.group).toBe("routines_create");
  });

  it("ships trained on the team's writers, reading the verb within a group", () => {
    const reader = shippedToolReader();
    const p = (text: string, tool: string) => reader.read(text).find((r) => r.group === tool)?.p ?? 0;
    const text = "stop the daily backup routine for now";
    expect(p(text, "routines_pause")).toBeGreaterThan(p(text, "routines_create"));
  });
});
