import { describe, expect, it } from "vitest";
import { createNlu, type NluContext, type NluResult } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

const TOOLS = await builtinToolsForNlu();

const NOW = new Date("2025-06-11T10:00:00Z");
const base: NluContext = { now: NOW, timezone: "UTC" };
const nlu = createNlu(TOOLS, { timezone: "UTC" });
const parse = (text: string, context: NluContext = {}) => nlu.parse(text, { ...base, ...context });
const calls = (result: NluResult) =>
  result.calls ?? (result.tool ? [{ tool: result.tool, args: result.args ?? {} }] : []);

describe("embedded NLU: actions", () => {
  it("turns everyday commands into contract calls with confident, template-level confidence", () => {
    const timer = parse("set a timer for 5 minutes");
    expect(timer).toMatchObject({ kind: "action", tool: "timer_set", args: { duration_s: 300 } });
    expect(timer.confidence).toBeGreaterThanOrEqual(0.9);
    expect(parse("remind me tomorrow at 9 to call mom")).toMatchObject({
      tool: "reminders_create",
      args: { title: "call mom", due: "2025-06-12T09:00:00+00:00" },
    });
    expect(parse("what's 15% of 240")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "15 / 100 * 240" },
    });
    expect(parse("turn the volume down")).toMatchObject({ tool: "system_volume_set", args: { change: -10 } });
    expect(parse("add milk to my shopping list")).toMatchObject({
      tool: "lists_add",
      args: { list: "shopping", items: ["milk"] },
    });
    expect(parse("what time is it in Tokyo")).toMatchObject({ tool: "time_now", args: { city: "Tokyo" } });
  });

  it("reads dates in the context's time zone", () => {
    const paris = parse("wake me up at 7 tomorrow", { timezone: "Europe/Paris" });
    expect(paris.args).toEqual({ at: "2025-06-12T07:00:00+02:00" });
  });

  it("splits several commands and keeps one command with 'and' whole", () => {
    expect(calls(parse("open firefox and search for AI news"))).toEqual([
      { tool: "apps_launch", args: { app: "firefox" } },
      { tool: "web_search", args: { query: "AI news" } },
    ]);
    expect(calls(parse("mute the sound, then lock the screen"))).toEqual([
      { tool: "system_mute", args: { mute: true } },
      { tool: "system_lock", args: {} },
    ]);
    expect(parse("add milk and eggs to my shopping list")).toMatchObject({
      tool: "lists_add",
      args: { items: ["milk", "eggs"] },
    });
    expect(parse("search for cats and dogs")).toMatchObject({
      tool: "web_search",
      args: { query: "cats and dogs" },
    });
    expect(calls(parse("what's the weather in Oslo and what time is it there"))).toEqual([
      { tool: "weather_current", args: { city: "Oslo" } },
      { tool: "time_now", args: { city: "Oslo" } },
    ]);
  });

  it("only uses intents whose tool is registered", () => {
    const timersOnly = createNlu(
      TOOLS.filter((t) => t.group === "timers"),
      { timezone: "UTC" },
    );
    expect(timersOnly.parse("set a timer for 2 minutes", base)).toMatchObject({ tool: "timer_set" });
    const weather = timersOnly.parse("what's the weather in Paris", base);
    expect(weather.kind).not.toBe("action");
  });

  it("merges a tool's own examples, acting on typed slots and never on loose free text", () => {
    const tools = [
      ...TOOLS,
      {
        name: "fan_speed",
        group: "home",
        examples: ["set the fan speed to {speed}"],
        parameters: { type: "object", properties: { speed: { type: "integer" } }, required: ["speed"] },
      },
      {
        name: "shell_run",
        group: "shell",
        examples: ["run {command}"],
        parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
      },
    ];
    const extended = createNlu(tools, { timezone: "UTC" });
    expect(extended.parse("set the fan speed to 3", base)).toMatchObject({
      tool: "fan_speed",
      args: { speed: 3 },
    });
    expect(extended.parse("run a marathon", base).kind).not.toBe("action");
    expect(extended.parse("run gimp", base)).toMatchObject({ tool: "apps_launch", args: { app: "gimp" } });
  });
});

describe("embedded NLU: conversation", () => {
  it.each([
    ["yes", "yes"],
    ["yeah go ahead", "yes"],
    ["no thanks", "no"],
    ["that's wrong", "no"],
    ["cancel", "cancel"],
    ["never mind", "cancel"],
    ["say that again", "repeat"],
    ["can you say that bit again please", "repeat"],
  ])("%s → dialog %s", (text, dialog) => {
    expect(parse(text)).toMatchObject({ kind: "dialog", dialog });
  });

  it("treats 'cancel my timer' as a command, not a dialog answer", () => {
    expect(parse("cancel my timer")).toMatchObject({ kind: "action", tool: "timer_cancel" });
  });

  it("answers 'what can you do' from the registered tools only", () => {
    const timersAndLists = createNlu(
      TOOLS.filter((t) => t.group === "timers" || t.group === "lists"),
      { timezone: "UTC" },
    );
    const reply = timersAndLists.parse("what can you do", base);
    expect(reply.kind).toBe("chat");
    expect(reply.reply).toMatch(/timers/);
    expect(reply.reply).toMatch(/lists/);
    expect(reply.reply).not.toMatch(/weather|email/);
    expect(parse("hello")).toMatchObject({ kind: "chat" });
    expect(parse("thank you so much")).toMatchObject({ kind: "chat", reply: "You're welcome." });
  });

  it("calls questions questions", () => {
    for (const text of [
      "who wrote pride and prejudice",
      "what is the capital of australia",
      "define serendipity",
    ]) {
      expect(parse(text).kind, text).toBe("question");
    }
  });
});

describe("embedded NLU: context", () => {
  const handles = [
    { handle: "#u1", kind: "u", label: "old result", turn: 1 },
    { handle: "#u2", kind: "u", label: "first", turn: 2 },
    { handle: "#u3", kind: "u", label: "second", turn: 2 },
    { handle: "#m1", kind: "m", label: "Invoice from ACME", turn: 2 },
  ];

  it("resolves ordinals and pronouns to the session's handles", () => {
    expect(parse("open the second one", { handles: handles.slice(0, 3) })).toMatchObject({
      tool: "browser_navigate",
      args: { url: "#u3" },
    });
    expect(parse("open the first link", { handles })).toMatchObject({ args: { url: "#u2" } });
    expect(parse("read me that email", { handles })).toMatchObject({
      tool: "mail_read",
      args: { id: "#m1" },
    });
    expect(parse("open it", { handles: handles.slice(0, 3) })).toMatchObject({ args: { url: "#u3" } });
  });

  it("says so when there is nothing to point at", () => {
    const dangling = parse("open the second one");
    expect(dangling.kind).toBe("unknown");
    expect(dangling.reply).toMatch(/nothing to refer to/);
    expect(parse("open the fifth one", { handles }).kind).toBe("unknown");
  });

  it("reuses the last intent for 'and tomorrow?'", () => {
    const weather = { tool: "weather_current", args: { city: "Paris" } };
    expect(parse("and tomorrow?", { lastCall: weather })).toMatchObject({
      tool: "weather_forecast",
      args: { city: "Paris", date: "2025-06-12" },
    });
    expect(parse("what about in London?", { lastCall: weather })).toMatchObject({
      tool: "weather_current",
      args: { city: "London" },
    });
    expect(parse("and on friday?", { lastCall: { tool: "calendar_list_events", args: {} } })).toMatchObject({
      tool: "calendar_list_events",
      args: { from: "2025-06-13T00:00:00+00:00", to: "2025-06-13T23:59:59+00:00" },
    });
    expect(parse("and tomorrow?").kind).not.toBe("action");
  });
});

describe("embedded NLU: bad input and caution", () => {
  it.each([
    ["empty", ""],
    ["blank", "    "],
    ["10 kB", "x".repeat(10_000)],
    ["binary", "\u0000\u0001\u0002garbage\u0003"],
    ["Spanish", "¿qué hora es?"],
    ["German", "wie wird das wetter morgen"],
    ["Chinese", "今天天气怎么样"],
    ["emoji", "🙂🙂🙂"],
    ["gibberish", "asdkjh qwpeoiru zxmcnv"],
  ])("%s input is unknown, with one line to say so", (_label, text) => {
    const result = parse(text);
    expect(result.kind).toBe("unknown");
    expect(result.reply).toMatch(/^[^\n]+$/);
  });

  it("does not act on requests it has no tool for", () => {
    for (const text of [
      "turn on the living room lights",
      "order a large pepperoni pizza",
      "let's play a game",
      "play chess with me",
      "book a taxi to the airport",
      "cancel my credit card",
      "what time does the next train leave",
    ]) {
      expect(parse(text).kind, text).not.toBe("action");
    }
  });

  it("keeps classifier guesses below the fast-path threshold", () => {
    const guess = parse("tell me my alarms");
    expect(guess).toMatchObject({ kind: "action", tool: "alarm_list" });
    expect(guess.confidence).toBeLessThan(0.9);
  });
});
