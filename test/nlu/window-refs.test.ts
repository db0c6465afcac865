import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { SWALLOWED_FIELD, swallowed } from "../../src/brain/nlu/parse-rules.js";
import { markWindowRefs } from "../../src/brain/nlu/points-back.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A window's element refs are written "@e7", a page's "e7" (decision 0031, "a follow-up read
 * against the wrong last call"): a bare ref said right after a window was listed is the
 * window's, so no page is typed into; and words typed "into e7" are not text to type.
 */
const catalog = compileCatalog(await builtinToolsForNlu());
const listedBy = (tool: string) => ({ lastCall: { tool, args: {} } });

describe("element refs after a listing", () => {
  it("are the window's after a window was listed", () => {
    expect(markWindowRefs("fill e4 with Okafor", listedBy("ui_state"), catalog)).toBe("fill @e4 with Okafor");
  });

  it("stay as said after a page, with no last call, or when already marked", () => {
    expect(markWindowRefs("fill e4 with Okafor", listedBy("browser_snapshot"), catalog)).toBeUndefined();
    expect(markWindowRefs("fill e4 with Okafor", {}, catalog)).toBeUndefined();
    expect(markWindowRefs("fill @e4 with Okafor", listedBy("ui_state"), catalog)).toBeUndefined();
    expect(markWindowRefs("open the second one", listedBy("ui_state"), catalog)).toBeUndefined();
  });

  it("ends free text that says where it goes, so the words are not typed with it", () => {
    expect(SWALLOWED_FIELD.test("Okafor into @e4")).toBe(true);
    expect(SWALLOWED_FIELD.test("Okafor in e4")).toBe(true);
    expect(SWALLOWED_FIELD.test("meet at e4 building")).toBe(false);
  });

  it("reads a field named with a possessive as where the words go, in any part of a split", () => {
    expect(swallowed("garden hose reel into the shop's search box")).toBe(true);
    expect(swallowed("garden hose reel")).toBe(false);
    expect(swallowed(42)).toBe(false);
  });
});
