import { describe, expect, it } from "vitest";
import { createNlu, type NluContext } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

const TOOLS = await builtinToolsForNlu();

const NOW = new Date("2025-06-11T10:00:00Z");
const nlu = createNlu(TOOLS, { timezone: "UTC" });
const parse = (text: string, context: NluContext = {}) =>
  nlu.parse(text, { now: NOW, timezone: "UTC", ...context });

describe("embedded NLU: looser readings that stay safe", () => {
  it("runs read-only look-ups the classifier leans to when the domain is named", () => {
    expect(parse("where's my meeting with the architects at ten am")).toMatchObject({
      kind: "action",
      tool: "calendar_list_events",
    });
    expect(parse("has my sister sent me any email this week")).toMatchObject({ tool: "mail_search" });
  });

  it("never turns a remark, a command to store something, or a town's events into a look-up", () => {
    for (const text of [
      "keep this song in my collection",
      "this track is lovely",
      "any street festivals around town this weekend",
    ])
      expect(parse(text).kind, text).not.toBe("action");
  });

  it("answers money, markets, sums and word meanings as questions, never as actions", () => {
    for (const text of [
      "pound sterling against the rupee",
      "quote for nvidia shares",
      "meaning of serendipity",
    ])
      expect(parse(text).kind, text).toBe("question");
  });

  it("reads feedback on the last answer as a dialog act", () => {
    expect(parse("yep you understood that exactly")).toMatchObject({ kind: "dialog", dialog: "yes" });
    expect(parse("let's try that again from the start")).toMatchObject({ kind: "dialog" });
  });

  it("puts a guessed email to the user as the send itself, never acting on it", () => {
    const result = parse("please send that email to priya");
    expect(result.kind).toBe("action");
    expect(result.tool).toBe("mail_send");
    expect(result.args).toMatchObject({ to: ["priya"] });
    expect(result.confidence).toBeLessThan(0.9);
  });

  it("plays named audio after a resume verb", () => {
    expect(parse("resume the hobbit audiobook")).toMatchObject({ kind: "action", tool: "media_play" });
  });
});

describe("embedded NLU: a request to write is not a look-up", () => {
  it("does not search the inbox when asked to write", () => {
    expect(nlu.parse("shoot an email to priya", { now: NOW, timezone: "UTC" }).tool).not.toBe("mail_search");
  });
});

describe("embedded NLU: list items said out of template order", () => {
  it("adds the named item, and refuses a vague one", () => {
    expect(
      nlu.parse("on my hardware list please add sandpaper", { now: NOW, timezone: "UTC" }),
    ).toMatchObject({
      tool: "lists_add",
      args: { list: "hardware", items: ["sandpaper"] },
    });
    // Vague: asked about (an incomplete call never runs), not added
    const vague = nlu.parse("on my list please add something", { now: NOW, timezone: "UTC" });
    expect(vague.kind !== "action" || (vague.missing?.length ?? 0) > 0).toBe(true);
  });
});
