import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { parsePoint, parseSize } from "../../src/brain/nlu/slots/more.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * The weak groups' language (windows, input, ui, browser, clipboard, shell): what people say at a
 * desktop, with the values written the way they write them (points, sizes, refs, command lines).
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};

describe("screen points and sizes", () => {
  it("reads a point however it is written, and refuses anything else", () => {
    expect(parsePoint(["12,340"])).toEqual({ x: 12, y: 340 });
    expect(parsePoint(["x", "5", "y", "77"])).toEqual({ x: 5, y: 77 });
    expect(parsePoint(["300", "and", "20"])).toEqual({ x: 300, y: 20 });
    expect(parsePoint(["300"])).toBeUndefined();
    expect(parsePoint(["the", "corner"])).toBeUndefined();
    expect(parseSize(["640x480"])).toEqual({ width: 640, height: 480 });
    expect(parseSize(["1200", "wide", "and", "800", "tall"])).toEqual({ width: 1200, height: 800 });
  });

  it("moves, resizes and clicks at the numbers said", () => {
    expect(acted("drag the gimp window to 40,60")).toMatchObject({
      tool: "windows_move",
      args: { app: "gimp", x: 40, y: 60 },
    });
    expect(acted("resize the firefox window to 1024 by 700")).toMatchObject({
      tool: "windows_move",
      args: { width: 1024, height: 700 },
    });
    expect(acted("right click at 15,900")).toMatchObject({
      tool: "input_click",
      args: { x: 15, y: 900, button: "right" },
    });
  });
});

describe("windows named by title or id", () => {
  it("acts on the window the words name", () => {
    expect(acted("minimise the window titled Invoices 2024")).toMatchObject({
      tool: "windows_minimize",
      args: { window: "Invoices 2024" },
    });
    expect(acted("close window 0x01e00004")).toMatchObject({
      tool: "windows_close",
      args: { window: "0x01e00004" },
    });
    expect(acted("shut the vlc window and keep the music going")).toMatchObject({
      tool: "windows_close",
      args: { app: "vlc" },
    });
  });

  it("asks which side when a window is snapped without one", () => {
    const r = parse("tile the firefox window");
    expect(r.tool).toBe("windows_tile");
    expect(r.missing).toEqual(["side"]);
  });
});

describe("page refs and window refs are told apart", () => {
  it("sends e12 to the page and @e12 to the window", () => {
    expect(acted("set @e9 to 17")).toMatchObject({
      tool: "ui_action",
      args: { ref: "@e9", action: "set_value", value: "17" },
    });
    expect(acted("press e31")).toMatchObject({ tool: "browser_click", args: { ref: "e31" } });
  });

  it("asks what to type when only the field is named", () => {
    const r = parse("fill in box e4 on the page");
    expect(r.tool).toBe("browser_type");
    expect(r.missing).toEqual(["text"]);
  });
});

describe("key chords with a reason, and the clipboard", () => {
  it("presses the chord and drops the reason", () => {
    expect(acted("press ctrl shift n so a private window opens")).toMatchObject({
      tool: "input_hotkey",
      args: { keys: "ctrl+shift+n" },
    });
    expect(acted("print it with ctrl p")).toMatchObject({ tool: "input_hotkey", args: { keys: "ctrl+p" } });
  });

  it("copies the thing named, not the reason or the place it came from", () => {
    expect(acted("copy the booking code XK42QZ so I can use it later")).toMatchObject({
      tool: "clipboard_write",
      args: { text: "XK42QZ" },
    });
    expect(acted("copy the text from the last page")).toBeUndefined();
  });
});

describe("command lines typed as they are", () => {
  it("runs a line that starts with a program's name", () => {
    expect(acted("du -h ~/Pictures")).toMatchObject({
      tool: "shell_run",
      args: { command: "du", args: ["-h", "~/Pictures"] },
    });
    expect(acted("git log in ~/src/tools")).toMatchObject({
      tool: "shell_run",
      args: { command: "git", args: ["log"], cwd: "~/src/tools" },
    });
    expect(acted("show me the git status of ~/src/tools")).toMatchObject({
      tool: "shell_run",
      args: { command: "git", args: ["status"], cwd: "~/src/tools" },
    });
  });

  it("does not run a sentence that merely starts with a program's name", () => {
    expect(acted("git is hard to learn")).toBeUndefined();
    expect(acted("echo is my favourite band")).toBeUndefined();
  });
});

describe("sums written without words", () => {
  it("works out a bare expression and keeps a rate's fraction", () => {
    expect(acted("48*7")).toMatchObject({ tool: "calc_evaluate", args: { expression: "48 * 7" } });
    expect(acted("knock 7.5% off 200")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "200 * (1 - 7.5 / 100)" },
    });
    expect(acted("the mean of 4, 9 and 11")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "(4 + 9 + 11) / 3" },
    });
  });

  it("still says it needs words for symbols alone", () => {
    expect(parse("?!").kind).toBe("unknown");
    expect(parse("42").kind).toBe("unknown");
  });
});

describe("files, screen parts and timers said plainly", () => {
  it("takes a written path with a space, and places a bare name in the folder said after it", () => {
    expect(acted("trash ~/Pictures/Holiday 2023-08-01.jpg")).toMatchObject({
      tool: "files_trash",
      args: { path: "~/Pictures/Holiday 2023-08-01.jpg" },
    });
    expect(acted("save 'ring the vet' into chores.txt on my desktop")).toMatchObject({
      tool: "files_write",
      args: { path: "~/Desktop/chores.txt", content: "ring the vet" },
    });
  });

  it("captures the part of the screen named by a size and a corner", () => {
    expect(acted("grab a 640x360 area starting at 20,40")).toMatchObject({
      tool: "screen_capture",
      args: { region: { x: 20, y: 40, width: 640, height: 360 } },
    });
  });

  it("asks how long when a timer is wanted without a length", () => {
    const r = parse("start a timer please");
    expect(r.tool).toBe("timer_set");
    expect(r.missing).toEqual(["duration_s"]);
  });
});

describe("other people's devices", () => {
  it("declines what would happen on a device named by its owner", () => {
    const r = parse("set an alarm on Theo's tablet for six");
    expect(r.kind).toBe("unknown");
    expect(r.reply).toMatch(/your own accounts and devices/);
  });
});
