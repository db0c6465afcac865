import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";
import { lookupsOf } from "./companions.js";
import { ToolRetriever } from "./retriever.js";
import type { CatalogTool } from "./tool-index.js";

/** Lookups read from a tool's own schema: the tool a required id, handle or ref comes from. */
const fixture = new CatalogIndexFixture();
beforeAll(() => fixture.open("jarvis-retrieval-lookups-"));
afterAll(() => fixture.close());

describe("lookups read from the schemas", () => {
  it("reads a lookup from a required parameter that names where its id comes from", () => {
    const orchard = (name: string, parameters?: Record<string, unknown>): CatalogTool => ({
      name,
      group: "mcp:orchard",
      description: "Orchard records.",
      ...(parameters ? { parameters } : {}),
    });
    const tools = [
      orchard("mcp_orchard_survey", { properties: {} }),
      orchard("mcp_orchard_prune", {
        properties: { tree: { type: "string", description: "tree id from mcp_orchard_survey" } },
        required: ["tree"],
      }),
      // Optional: a tree named by its row works as well, so the survey is not needed first
      orchard("mcp_orchard_label", {
        properties: { tree: { type: "string", description: "tree id from mcp_orchard_survey, or its row" } },
      }),
    ];
    const lookups = lookupsOf([...fixture.catalog, ...tools]);
    expect([...lookups.get("mcp_orchard_prune")!]).toEqual(["mcp_orchard_survey"]);
    expect([...lookups.get("mcp_orchard_label")!]).toEqual([]);
  });

  it("reads a step by its next tool when the search itself ranks first for its words", async () => {
    const tool = (name: string, group: string, description: string): CatalogTool => ({
      name,
      group,
      description,
    });
    const tools = [
      ...fixture.catalog,
      tool("agent_find_tools", "agent", "Find more tools: describe the tool you need and it is loaded."),
      tool(
        "mcp_kiln_draft",
        "mcp:kiln",
        "Draft a glaze schedule for the kiln. Returns a draft id for mcp_kiln_commit.",
      ),
      tool("mcp_kiln_commit", "mcp:kiln", "Make a drafted program permanent."),
    ];
    const retriever = new ToolRetriever({ catalog: () => tools });
    const found = await retriever.search(
      "find me a tool you need for the glaze schedule, and keep it once it works",
      new Set(["agent_find_tools", "mcp_kiln_draft"]),
      6,
    );
    expect(found.map((t) => t.name)).toContain("mcp_kiln_commit");
  });
});
