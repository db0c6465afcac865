import { describe, expect, it } from "vitest";
import { dropContrasted } from "../../src/brain/nlu/text/negation.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { configSchema } from "../../src/config/schema.js";
import { builtinToolsForNlu, parseLeaning } from "../../src/testing/index.js";

/**
 * A request that opens on what it does not want ("don't X, just Y", "I don't need X, I want
 * Y") names the refused thing first, and those words are the strongest evidence for the wrong
 * reading. The refused lead is left out before anything reads the request; a "don't" that is
 * the request itself ("don't forget, …", "don't let me forget …", "draft it but don't send it")
 * stays. The classifier in the behaviour check is written by hand, so no training draw decides.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const tools = await builtinToolsForNlu();
const words = (text: string) =>
  dropContrasted(tokenize(text), text)
    .map((t) => t.w)
    .join(" ");

describe("a refused lead", () => {
  it("is left out up to the contrast that turns to the request", () => {
    expect(words("don't take a picture of it, just read out the screen")).toBe("read out the screen");
    expect(words("do not list them; only find me a free slot")).toBe("find me a free slot");
    expect(words("I don't need an alarm, I just want to know the date")).toBe("i just want to know the date");
    expect(words("no need for a reminder — instead put it on the list")).toBe("put it on the list");
  });

  it("stays when the 'don't' is the request, or no contrast follows its break", () => {
    for (const text of [
      "don't forget, the gate code is 4411",
      "don't let me forget the bins on thursday",
      "draft it for me but don't send it, just keep it",
      "do not disturb",
      "don't stop",
    ])
      expect(words(text), text).toBe(
        tokenize(text)
          .map((t) => t.w)
          .join(" "),
      );
  });

  it("lets the request after it be read by its own words", () => {
    const r = parseLeaning(
      tools,
      "don't paste it anywhere, just copy 'Flat 3, 9 Mill Lane' to the clipboard",
      {
        _none: 5,
      },
    );
    expect(r).toMatchObject({ kind: "action", tool: "clipboard_write" });
    expect(r.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });
});
