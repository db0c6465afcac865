import { describe, expect, it } from "vitest";
import { beyondReach } from "../../src/brain/nlu/beyond.js";
import { createNlu } from "../../src/brain/nlu/index.js";
import { stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * The out-of-scope detector reads *why* a request is beyond Jarvis's tools from its structure:
 * the thing the verb works on, the owner of a device, what money is paid for, what is to be made
 * up. A class word mentioned in a tool's request ("remind me to lock the shed") is not a reason.
 * Sentences are the team's own.
 */
const tools = await builtinToolsForNlu();
const nlu = createNlu(tools, { timezone: "UTC" });
const kind = (text: string) => beyondReach(stripFillers(tokenize(text)).map((t) => t.w))?.kind;

describe("the reason a request is out of scope", () => {
  it("another person's device or account, or another person to remind", () => {
    expect(kind("put an alarm on my brother's tablet for seven")).toBe("someone-else");
    expect(kind("what is in my flatmate's inbox")).toBe("someone-else");
    expect(kind("message the plumber from my husband's mobile")).toBe("someone-else");
    expect(kind("remind my nephew to bring the ladder back")).toBe("someone-else");
  });

  it("a device that is not this computer", () => {
    expect(kind("start a countdown on my smart watch")).toBe("other-device");
    expect(kind("set the timer on the microwave to three minutes")).toBe("other-device");
    expect(kind("forward all calls to the office line")).toBe("other-device");
    expect(kind("grab a screen shot from my ipad")).toBe("other-device");
    expect(kind("how low is the battery on my tablet")).toBe("other-device");
  });

  it("a physical thing as what the verb works on", () => {
    expect(kind("switch the boiler off")).toBe("physical");
    expect(kind("shut the conservatory window please")).toBe("physical");
    expect(kind("feed the hens")).toBe("physical");
    expect(kind("pause the dishwasher")).toBe("physical");
    expect(kind("pour me a glass of water")).toBeUndefined();
    expect(kind("make me a mug of cocoa")).toBe("physical");
    expect(kind("open the window, it's stuffy in here")).toBe("physical");
  });

  it("a connection setting, printing, or a person to be quietened", () => {
    expect(kind("join the library wifi")).toBe("connection");
    expect(kind("switch bluetooth off")).toBe("connection");
    expect(kind("print the minutes, three copies")).toBe("physical");
    expect(kind("shush the lads next door")).toBe("physical");
    expect(kind("silence the visitors in the lobby")).toBe("physical");
  });

  it("an errand with other people, or getting into what is not the person's", () => {
    expect(kind("haggle with the landlord about the rent for me")).toBe("errand");
    expect(kind("apply for that warehouse job for me")).toBe("errand");
    expect(kind("hack into my old school's website")).toBe("breaking-in");
  });

  it("paying, buying or booking", () => {
    expect(kind("pay the water bill")).toBe("paying");
    expect(kind("book us a cruise for august")).toBe("paying");
    expect(kind("buy me a new kettle")).toBe("paying");
    expect(kind("send fifty quid to my cousin")).toBe("paying");
  });

  it("writing or making something up", () => {
    expect(kind("compose a limerick about my cat")).toBe("making-up");
    expect(kind("tell us a riddle")).toBe("making-up");
    expect(kind("draw a dragon")).toBe("making-up");
  });

  it("advice and facts about the world", () => {
    expect(kind("my ankle is swollen, should I see a doctor")).toBe("advice");
    expect(kind("which shares should i put my savings in")).toBe("advice");
    expect(kind("who invented the telephone")).toBe("world");
    expect(kind("what is the capital of peru")).toBe("world");
    expect(kind("explain how the tides work")).toBe("world");
    expect(kind("teach me to knit")).toBe("world");
    expect(kind("explain this error message")).toBeUndefined();
  });

  it("the same words as what a tool's request carries are no reason", () => {
    for (const text of [
      "remind me to lock the shed at nine",
      "add dog food to the shopping list",
      "set a timer for the oven, 25 minutes",
      "put walk the dog on my to do list",
      "note that the boiler needs a service",
      "call my sister on her mobile",
      "what's my boss's phone number",
      "close the browser window",
      "turn the volume down",
      "mute the sound",
      "take a screenshot",
      "screenshot of my browser window",
      "how much battery is left",
      "search my documents for the car insurance",
      "write a note saying buy bread",
      "who sang this song",
      "how big is report.pdf",
      "remind me to take my pills at eight",
      "should i take an umbrella tomorrow",
      "order the list by date",
      "copy the wifi password so i can paste it",
      "run this in the sandbox: print(40 + 2)",
      "mute the sound for an hour",
      "print the contents of ~/todo.md",
      "print it with ctrl p",
    ])
      expect(kind(text), text).toBeUndefined();
  });
});

describe("in the parser", () => {
  const read = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });

  it("a request beyond reach is declined with its reason, never acted on or asked", () => {
    const r = read("silence the smoke alarm in the hallway");
    expect(r.kind).toBe("unknown");
    expect(r.reply).toMatch(/this computer/);
  });

  it("a fact about the world is a question, with what would answer it", () => {
    const r = read("how tall is the eiffel tower");
    expect(r.kind).toBe("question");
    expect(r.reply).toMatch(/web search/);
  });

  it("a tool's request mentioning the same things still reads", () => {
    const r = read("remind me to feed the cat at six");
    expect(r).toMatchObject({ kind: "action", tool: "reminders_create" });
  });
});
