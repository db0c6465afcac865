import { describe, expect, it } from "vitest";
import type { NluResult } from "../../src/brain/nlu/index.js";
import { NOT_A_LOOKUP } from "../../src/brain/nlu/parse-rules.js";
import { geometryOf } from "../../src/brain/nlu/said-shapes.js";
import { saidValues } from "../../src/brain/nlu/said-values.js";
import { stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * The middle band rescues what "I'm not sure" used to drop (decision 0034): a very sure first
 * reading whose tool's language has no words for the phrasing is asked — as the action on the
 * tool's defaults, or as the question for the value it needs — and an asked reading carries the
 * values said in passing, so "yes" runs what was said. Nothing here makes a reading act.
 */
const { parse } = await createTestNlu();
const ACT = 0.9;
const ASK = 0.6;

const middle = (r: NluResult) =>
  r.kind === "action" && !r.missing?.length && r.confidence >= ASK && r.confidence < ACT;

describe("a very sure reading with no words of its tool's language", () => {
  it("is asked as the action on the tool's defaults when the tool needs no value", () => {
    // (a window read said with a verb of reading is the ui group's shape now, nlu28)
    const r = parse("what can be pressed in this window");
    expect(middle(r)).toBe(true);
    expect(r.tool).toBe("ui_state");
    expect(r.evidence).toMatchObject({ via: "near", anchored: "loose" });
  });

  it("asks for the value its tool needs instead of giving up, keeping what was said", () => {
    const r = parse("the whole thread please, read it out");
    expect(r.kind).toBe("action");
    expect(r.tool).toBe("mail_read");
    expect(r.missing).toContain("id");
    expect(r.confidence).toBeLessThan(ACT);
    expect(r.args).toMatchObject({ thread: true });
  });

  it("shows a switch said in other words on the question ('the entire page' is the full page)", () => {
    const r = parse("grab a shot of the entire web page, not just what's visible");
    expect(middle(r)).toBe(true);
    expect(r.tool).toBe("browser_screenshot");
    expect(r.args).toMatchObject({ full_page: true });
  });

  it("does not ask about a request of a kind no tool serves", () => {
    const r = parse("summarise what everybody said on the video call last night");
    expect(r.kind === "action" && r.confidence >= ASK).toBe(false);
  });
});

describe("values said in passing, read by each argument's schema", () => {
  const props = {
    limit: { type: "integer", description: "most messages to list" },
    repeat: { type: "integer", description: "press it this many times" },
    overwrite: { type: "boolean" },
    new_window: { type: "boolean" },
    calendar: { type: "string" },
    query: { type: "string" },
  };
  const read = (text: string, have: Record<string, unknown> = {}) =>
    saidValues(props, have, stripFillers(tokenize(text)), text);

  it("reads how many from a bound word or the counted noun, never a length or an amount", () => {
    expect(read("only the top 4, please").limit).toBe(4);
    expect(read("no more than twelve messages").limit).toBe(12);
    expect(read("anything in the next 5 minutes").limit).toBeUndefined();
    expect(read("the one that cost £20").limit).toBeUndefined();
  });

  it("reads how often", () => {
    expect(read("do it twice").repeat).toBe(2);
    expect(read("hit it 3 times").repeat).toBe(3);
  });

  it("turns on a switch said by its words, and leaves a negated one alone", () => {
    expect(read("save it there and overwrite the old one").overwrite).toBe(true);
    expect(read("save it there but don't overwrite anything").overwrite).toBeUndefined();
    expect(read("in another window").new_window).toBe(true);
  });

  it("reads a thing named by its kind, not the kind alone, keeping the name as typed", () => {
    expect(read("put it in the Allotment calendar").calendar).toBe("Allotment");
    expect(read("put it in my calendar").calendar).toBeUndefined();
    // A query is no kind of thing a person names
    expect(read("change my search query").query).toBeUndefined();
  });

  it("keeps what the reading already has", () => {
    expect(read("only the top 4", { limit: 9 }).limit).toBeUndefined();
  });
});

describe("a place and a size on the screen", () => {
  it("reads a size said either way and a place by its coordinates or its corner", () => {
    expect(geometryOf("make it 1024 by 640")).toEqual({ width: 1024, height: 640 });
    expect(geometryOf("shrink it to 900x500 at 40,60")).toEqual({ width: 900, height: 500, x: 40, y: 60 });
    expect(geometryOf("the part at x 12 y 34, 250 wide and 90 tall")).toEqual({
      x: 12,
      y: 34,
      width: 250,
      height: 90,
    });
    expect(geometryOf("park it in the top left corner")).toEqual({ x: 0, y: 0 });
    expect(geometryOf("wait 5 minutes")).toEqual({});
  });

  it("fills a schema's box only when all four values were said", () => {
    const box = {
      region: {
        type: "object",
        properties: { x: {}, y: {}, width: {}, height: {} },
      },
    };
    const read = (text: string) => saidValues(box, {}, stripFillers(tokenize(text)), text);
    expect(read("read the bit at 10,20 that is 300 by 200")).toEqual({
      region: { x: 10, y: 20, width: 300, height: 200 },
    });
    expect(read("read the bit that is 300 by 200")).toEqual({});
  });

  it("shows the size and place on the question to move a window", () => {
    const r = parse("shove the terminal into the top left corner and make it 1100 by 700");
    expect(r.kind).toBe("action");
    expect(r.confidence).toBeLessThan(ACT);
    expect(r.args).toMatchObject({ x: 0, y: 0, width: 1100, height: 700 });
  });
});

describe("the weak groups' language, by kind of phrasing", () => {
  it("adds what 'them' points back to, with an informal verb", () => {
    const r = parse("we've run out of bin bags, pop them on the shopping list");
    expect(r.tool).toBe("lists_add");
    expect(r.args).toMatchObject({ list: "shopping", items: ["bin bags"] });
  });

  it("never reads an informal verb with no items as making an empty list", () => {
    const r = parse("stick it on the shopping list");
    expect(
      r.kind === "action" && r.confidence >= ACT && Array.isArray(r.args?.items) && r.args.items.length === 0,
    ).toBe(false);
  });

  it("copies the quoted words, or what sits before 'on the clipboard', as typed", () => {
    expect(parse("copy 'Flat 3, 9 Quay Street' to the clipboard")).toMatchObject({
      tool: "clipboard_write",
      args: { text: "Flat 3, 9 Quay Street" },
    });
    // Not acted on at once (numbers are words no training sentence has), but asked as said
    expect(parse("put 4410 2290 on my clipboard, it's the meeting code")).toMatchObject({
      tool: "clipboard_write",
      args: { text: "4410 2290" },
    });
    expect(parse("what's on the clipboard").tool).toBe("clipboard_read");
  });

  it("asks to call a whole phone number said in digits, never a short code", () => {
    const r = parse("ring 07700 900461 please");
    expect(r).toMatchObject({ tool: "contacts_call", args: { query: "07700 900461" } });
    expect(r.confidence).toBeLessThan(ACT);
    const short = parse("dial 999");
    expect(short.kind === "action" && short.tool === "contacts_call").toBe(false);
  });

  it("finds a window's control by its label and kind, and asks which element to work", () => {
    expect(parse("is there a Night light toggle in this window?")).toMatchObject({
      tool: "ui_find",
      args: { name: "Night light", role: "toggle" },
    });
    const tick = parse("tick the Stay signed in checkbox");
    if (tick.kind === "action" && tick.tool === "ui_action") expect(tick.missing).toContain("ref");
  });
});

describe("making something or looking it up", () => {
  it("takes holding time for a request to make something, and a look or a past save for a look-up", () => {
    expect(NOT_A_LOOKUP.test("block off friday afternoon for the move")).toBe(true);
    expect(NOT_A_LOOKUP.test("pencil in a call with the bank")).toBe(true);
    expect(NOT_A_LOOKUP.test("what does thursday look like")).toBe(false);
    expect(NOT_A_LOOKUP.test("where did i save the invoice")).toBe(false);
    expect(NOT_A_LOOKUP.test("save the invoice to my desktop")).toBe(true);
    expect(NOT_A_LOOKUP.test("i like this song")).toBe(true);
  });
});
