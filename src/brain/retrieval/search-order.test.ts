import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../core/tool.js";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";
import { ToolRetriever } from "./retriever.js";

/** What the one tools_search fills its places with (decision 0048, model23's section). */
const fixture = new CatalogIndexFixture();
let catalog: ToolDefinition[];

beforeAll(() => {
  fixture.open("jarvis-search-order-");
  ({ catalog } = fixture);
});
afterAll(() => fixture.close());

describe("the order in which the one search fills its places", () => {
  it("search returns the whole request's best missing tools before a step's group's runners-up", async () => {
    // (neighbour reader off: the order's own rule, not what the requests most like these needed)
    const retriever = new ToolRetriever({ catalog: () => catalog, neighbourReader: null });
    // Every step's best tool is offered: what the search adds is what the whole request ranks
    // next, not more of each step's group
    for (const [query, offered] of [
      [
        "pause the film, note down the scene we stopped at and remind me at nine to carry on",
        ["media_pause", "notes_add", "reminders_create"],
      ],
      [
        "open the allotment page, fill in my plot number and then save the receipt to my garden folder",
        ["browser_navigate", "browser_type", "files_write"],
      ],
    ] as const) {
      const exclude = new Set<string>(offered);
      const best = (await retriever.rank({ text: query }))
        .filter((t) => !exclude.has(t.name) && t.score > 0)
        .slice(0, 5)
        .map((t) => t.name);
      const found = (await retriever.search(query, exclude, 10)).map((t) => t.name);
      expect(found, query).toEqual(expect.arrayContaining(best));
    }
  });
});
