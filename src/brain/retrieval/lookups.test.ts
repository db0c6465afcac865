import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";
import { lookupsOf } from "./companions.js";
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
});
