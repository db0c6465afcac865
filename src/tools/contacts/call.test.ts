import { describe, expect, it } from "vitest";
import { createNlu } from "../../brain/nlu/index.js";
import { parseTemplate } from "../../brain/nlu/template.js";
import { builtinToolsForNlu } from "../../testing/index.js";
import { checkCallArgs, contactsCallTool } from "./call.js";
import { systemUriOpener } from "./phone.js";

// The embedded NLU reads the tool's own `examples`: they must compile as templates, and what
// users say must become a contacts_call with arguments the gate accepts.
const tool = contactsCallTool({} as never, () => [], systemUriOpener({ env: {} }));

describe("contacts_call examples", () => {
  it("compile as sentence templates", () => {
    expect(tool.examples?.length).toBeGreaterThan(0);
    for (const example of tool.examples ?? []) expect(() => parseTemplate(example)).not.toThrow();
  });

  it("turn what users say into contacts_call calls, and never make a text a call", async () => {
    const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
    const parse = (text: string) =>
      nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
    for (const [said, query] of [
      ["call mom", "mom"],
      ["ring dad", "dad"],
      ["phone sarah connor", "sarah connor"],
      ["give bob a call", "bob"],
      ["call mom back", "mom"],
      ["call #c2", "#c2"],
    ] as const) {
      expect(parse(said), said).toMatchObject({ tool: "contacts_call", args: { query } });
      const args = parse(said).args as { query: string };
      expect(() => checkCallArgs(args)).not.toThrow();
    }
    // "text alice" needs via "text", which these examples cannot set (an intent can): no
    // reading at all beats placing a call
    for (const said of ["text alice", "send a text to alice"]) {
      const reading = parse(said);
      if (reading.tool === "contacts_call") expect(reading.args, said).toMatchObject({ via: "text" });
    }
  });
});
