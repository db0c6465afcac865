import { describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/schema.js";
import { builtinToolsForNlu, parseLeaning } from "../../src/testing/index.js";

/**
 * Asking which files say something is a search of their words, not a look at the folder: a
 * listing would show the folder and leave out what the files had to say. The classifier is
 * written by hand and leans hard on the listing, so nothing here rests on a training draw.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const tools = await builtinToolsForNlu();
const lean = { files_list: 6, _none: 0 };
const acted = (text: string) => {
  const r = parseLeaning(tools, text, lean);
  return r.kind === "action" && r.confidence >= FAST_PATH && !r.missing?.length ? r.tool : undefined;
};

describe("a listing guessed for files that must say something", () => {
  it("is not acted on when the request names what the files say", () => {
    for (const text of [
      "which of the files in ~/Projects contain the word invoice",
      "files in ~/Letters that mention the council",
      "anything in ~/Notes talking about the allotment",
    ])
      expect(acted(text), text).not.toBe("files_list");
  });

  it("still lists a folder when nothing is said about the files' words", () => {
    expect(acted("files in ~/Projects at the moment, all of them")).toBe("files_list");
  });
});
