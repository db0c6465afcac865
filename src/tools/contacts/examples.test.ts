import { describe, expect, it } from "vitest";
import { createNlu } from "../../brain/nlu/index.js";
import { parseTemplate } from "../../brain/nlu/template.js";
import { builtinToolsForNlu } from "../../testing/index.js";
import { contactsAddTool } from "./add.js";

// The embedded NLU reads the tool's own `examples`: they must compile as templates, and what
// users say must become a contacts_add call with arguments the gate accepts.
const tool = contactsAddTool({} as never, () => []);

describe("contacts_add examples", () => {
  it("compile as sentence templates", () => {
    expect(tool.examples?.length).toBeGreaterThan(0);
    for (const example of tool.examples ?? []) expect(() => parseTemplate(example)).not.toThrow();
  });

  it("turn what users say into contacts_add calls", async () => {
    const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
    const parse = (text: string) =>
      nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
    expect(parse("add sam@example.com to my contacts")).toMatchObject({
      tool: "contacts_add",
      args: { email: "sam@example.com" },
    });
    expect(parse("add a contact Sam with email sam@example.com")).toMatchObject({
      tool: "contacts_add",
      args: { name: "Sam", email: "sam@example.com" },
    });
  });
});
