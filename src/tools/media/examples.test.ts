import { afterAll, describe, expect, it } from "vitest";
import { createNlu } from "../../brain/nlu/index.js";
import { parseTemplate } from "../../brain/nlu/template.js";
import { desktopHarness } from "../../testing/desktop-harness.js";
import { builtinToolsForNlu } from "../../testing/index.js";
import { createMediaTools } from "./index.js";

// The embedded NLU reads the tools' own `examples`: they must compile as templates, and what
// users say must become media_shuffle / media_repeat calls with arguments the gate accepts.
const harness = desktopHarness(undefined, [createMediaTools]);
afterAll(() => harness.close());
const tools = harness.runtime.registry
  .list()
  .filter((t) => ["media_shuffle", "media_repeat"].includes(t.name));

describe("media_shuffle and media_repeat examples", () => {
  it("compile as sentence templates", () => {
    expect(tools.map((t) => t.name)).toEqual(["media_repeat", "media_shuffle"]);
    for (const tool of tools) {
      expect(tool.examples?.length).toBeGreaterThan(0);
      for (const example of tool.examples ?? []) expect(() => parseTemplate(example)).not.toThrow();
    }
  });

  it("turn what users say into these calls", async () => {
    const nlu = createNlu(await builtinToolsForNlu(), {
      timezone: "UTC",
    });
    const parse = (text: string) =>
      nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
    expect(parse("toggle shuffle")).toMatchObject({ tool: "media_shuffle", args: {} });
    expect(parse("shuffle my music")).toMatchObject({ tool: "media_shuffle" });
    expect(parse("loop this track")).toMatchObject({ tool: "media_repeat", args: { mode: "track" } });
  });
});
