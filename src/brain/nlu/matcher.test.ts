import { describe, expect, it } from "vitest";
import { TemplateIndex } from "./matcher.js";
import { parseTemplate } from "./template.js";

const sources = [
  "(set|start) a timer for {duration}",
  "what time is it in {zone}",
  "[please] (open|launch) {app}",
  "{expression}",
  "(show|list) [my] timers",
  "set an alarm for {when}",
];
const items = sources.map((source, n) => ({ n, template: parseTemplate(source) }));

/** What the index must agree with: every template whose fixed words are all present, in order. */
function everyMatching(present: ReadonlySet<string>) {
  return items.filter(
    ({ template }) =>
      template.mandatory.every((w) => present.has(w)) &&
      template.anyOf.every((group) => group.some((w) => present.has(w))),
  );
}

describe("template index", () => {
  it("finds exactly the templates whose fixed words are present, in catalog order", () => {
    const index = new TemplateIndex(items);
    for (const said of [
      "set a timer for ten minutes",
      "start a timer for 5 min and set an alarm for 7",
      "please launch firefox",
      "list timers",
      "what time is it in tokyo",
      "nothing here at all",
      "",
    ]) {
      const present = new Set(said.split(" ").filter(Boolean));
      expect(
        index.candidates(present).map((c) => c.n),
        said,
      ).toEqual(everyMatching(present).map((c) => c.n));
    }
  });

  it("always tries a template with no fixed word, and gives the same answer when asked again", () => {
    const index = new TemplateIndex(items);
    const present = new Set(["two", "plus", "two"]);
    expect(index.candidates(present).map((c) => c.n)).toEqual([3]);
    expect(index.candidates(present).map((c) => c.n)).toEqual([3]);
  });
});
