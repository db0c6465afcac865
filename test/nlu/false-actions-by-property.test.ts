import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { outOfReach } from "../../src/brain/nlu/common/reach.js";
import { TimeZones } from "../../src/brain/nlu/slots/index.js";
import { configSchema } from "../../src/config/schema.js";
import { builtinToolsForNlu, createTestNlu, NLU_TEST_NOW, parseLeaning } from "../../src/testing/index.js";

/**
 * False actions fixed by the property that let them through (decision 0042), each with
 * sentences of the team's own. Where a classifier reading is needed, it is written by hand
 * (`parseLeaning`), so no training draw decides the outcome.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const tools = await builtinToolsForNlu();
const { parse } = await createTestNlu();
const acts = (r: ReturnType<typeof parse>) =>
  r.kind === "action" && !r.missing?.length && r.confidence >= FAST_PATH;

describe("another device, by any name of its kind", () => {
  it("is out of reach however sure the reading", () => {
    for (const [text, tool] of [
      ["put my work phone on silent", "system_mute"],
      ["set an alarm on my partner's mobile for half six", "alarm_set"],
      ["turn the cartoons up on the children's tablet", "system_volume_set"],
      ["silence the baby monitor", "system_mute"],
    ] as const) {
      const r = parseLeaning(tools, text, { [tool]: 9, _none: 0 });
      expect(acts(r), text).toBe(false);
      expect(r.reply, text).toMatch(/this computer|your own/);
    }
    expect(acts(parseLeaning(tools, "mute the laptop", { system_mute: 9, _none: 0 }))).toBe(true);
  });

  it("and so is sound heard somewhere else", () => {
    const r = parseLeaning(tools, "what's this song playing in the pub", { media_now_playing: 9, _none: 0 });
    expect(acts(r)).toBe(false);
    expect(acts(parseLeaning(tools, "what's this song", { media_now_playing: 9, _none: 0 }))).toBe(true);
    const catalog = compileCatalog(tools);
    const env = {
      text: "",
      now: NLU_TEST_NOW,
      timezone: "UTC",
      zones: new TimeZones(),
      apps: new Set<string>(),
    };
    const reach = (said: string) =>
      outOfReach(said, catalog.intentsOf.get("media_now_playing") ?? [], {}, { ...env, text: said });
    expect(reach("what is this song playing in the café")).toMatch(/plays on this computer/);
    expect(reach("what is this song")).toBeUndefined();
  });
});

describe("a business's public line", () => {
  it("is no contact to call", () => {
    const r = parse("ring the thai takeaway on the high street");
    expect(acts(r)).toBe(false);
    expect(acts(parse("ring Marcus"))).toBe(true);
    const search = parseLeaning(tools, "find me the number of a minicab firm", {
      contacts_search: 9,
      _none: 0,
    });
    expect(acts(search)).toBe(false);
  });
});

describe("a program named as the means", () => {
  it("runs that program on the folder the goal names", () => {
    const r = parse("how much room does ~/Music take up, using du");
    expect(r.tool).toBe("shell_run");
    expect(r.args).toEqual({ command: "du", args: ["-sh", "~/Music"] });
    expect(parse("list ~/Pictures/2024 with ls -lt").args).toEqual({
      command: "ls",
      args: ["-lt", "~/Pictures/2024"],
    });
  });

  it("needs something to work on", () => {
    // The shape takes no program without a place: no command is filled in and nothing runs
    // (the classifier may still ask which command, which is a question, not an action)
    const r = parse("I could use some help with git");
    expect(r.args?.command).toBeUndefined();
    expect(acts(r)).toBe(false);
  });
});

describe("an answer to a pending question", () => {
  it("is read as a new request when it does not fit the value asked for", () => {
    const items = { tool: "lists_add", args: { list: "camping" }, missing: ["items"] };
    const r = parse("remove the tent pegs, we have spares", { pending: items });
    expect(r.tool === "lists_add" && acts(r)).toBe(false);
    expect(parse("tent pegs and a torch", { pending: items }).args).toMatchObject({
      items: ["tent pegs", "a torch"],
    });

    const file = { tool: "docs_summarize", args: {}, missing: ["path"] };
    expect(parse("reply to all: fine by me, see you Monday", { pending: file }).tool).not.toBe(
      "docs_summarize",
    );
    expect(parse("~/Documents/lease.pdf", { pending: file }).args).toMatchObject({
      path: "~/Documents/lease.pdf",
    });
  });
});

describe("what the words rule out for a reading", () => {
  it("keeps a reading off the fast path when the sentence names another tool's kind of thing", () => {
    for (const [text, tool] of [
      ["go through my Home account for anything about the boiler", "knowledge_search"],
      ["I'd like to add a file to the knowledge base", "knowledge_search"],
      ["once I'm up at 7 remind me to phone the garage", "alarm_set"],
    ] as const) {
      // The guessed tool never acts; the words' own tool may ("my Home account" is mail's, and
      // its search of that account acts: decision 0045)
      const result = parseLeaning(tools, text, { [tool]: 9, _none: 0 });
      expect(acts(result) && result.tool === tool, text).toBe(false);
    }
  });

  it("never takes a page's picture as the screen's", () => {
    for (const text of [
      "take a full-page screenshot of this receipt",
      "grab just the browser page of this receipt",
    ]) {
      const r = parseLeaning(tools, text, { screen_capture: 9, _none: 0 });
      expect(r.tool === "screen_capture" && acts(r), text).toBe(false);
    }
  });

  it("reads a small step inside a track as a seek", () => {
    expect(parse("jump ahead a little").tool).toBe("media_seek");
    const r = parseLeaning(tools, "skip it on a few seconds", { media_next: 9, _none: 0 });
    expect(r.tool === "media_next" && acts(r)).toBe(false);
  });
});

describe("a word that only joins others", () => {
  it("names no one to write to", () => {
    const r = parseLeaning(tools, "flag the newsletter as junk", { mail_draft: 9, _none: 0 });
    expect(acts(r)).toBe(false);
  });

  it("and a physical record is another device", () => {
    const r = parseLeaning(tools, "play Blue Train on vinyl", { media_play: 9, _none: 0 });
    expect(acts(r)).toBe(false);
  });
});

describe("a value that only points", () => {
  it("is no title, and a running timer changed is no new timer", () => {
    const n = parseLeaning(tools, "remind me at fourteen hundred", { reminders_create: 9, _none: 0 });
    expect(acts(n)).toBe(false);
    const doc = parse("give me a summary of the document");
    expect(doc.args?.path).not.toBe("~/Documents");
    const r = parse("open up my notes");
    expect(r.tool === "notes_read" && acts(r)).toBe(false);
    const t = parseLeaning(tools, "add ten minutes to the roast timer", { timer_set: 9, _none: 0 });
    expect(acts(t)).toBe(false);
  });
});
