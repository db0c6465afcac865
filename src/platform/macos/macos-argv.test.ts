import { describe, expect, it } from "vitest";
import { FakeRunner, fakeProbe } from "../fake.js";
import { parseChord } from "../keys.js";
import { AX_ACT, AX_SNAPSHOT, createMacPlatform, osascript, parsePmset, SCRIPTS } from "./index.js";

/** Not run on a Mac: these pin the exact argv and prove user data never enters script text. */
const HOSTILE = '"; do shell script "rm -rf ~"';

function mac(
  fake: FakeRunner,
  programs = ["osascript", "open", "screencapture", "pbcopy", "pbpaste", "pmset", "tesseract"],
) {
  return createMacPlatform({ run: fake.run, probe: fakeProbe(programs, { HOME: "/Users/me" }), appDirs: [] });
}

function scriptOf(call: { input?: string | undefined }): string {
  return call.input ?? "";
}

describe("osascript contract", () => {
  it("sends the constant script on stdin and the data as arguments after `-`", async () => {
    const fake = new FakeRunner();
    await osascript(fake.run, SCRIPTS.typeText, [HOSTILE]);
    await osascript(fake.run, SCRIPTS.runningApps, ["-e"], { language: "JavaScript" });
    expect(fake.argv()).toEqual([
      ["osascript", "-", HOSTILE],
      ["osascript", "-l", "JavaScript", "-", "-e"],
    ]);
    expect(fake.calls[0]?.input).toBe(SCRIPTS.typeText);
  });

  it("every script takes its data from argv and none contains user text", () => {
    for (const [name, script] of Object.entries({ ...SCRIPTS, AX_SNAPSHOT, AX_ACT })) {
      expect(script, name).not.toContain("rm -rf");
      if (/item \d of argv|argv\[/.test(script))
        expect(script, name).toMatch(/on run argv|function run\(argv\)/);
    }
  });

  it("maps permission errors to the Settings pane that fixes them", async () => {
    const fake = new FakeRunner().on("osascript", [], {
      code: 1,
      stderr:
        "execution error: System Events got an error: osascript is not allowed assistive access. (-1719)",
    });
    await expect(osascript(fake.run, SCRIPTS.lock, [])).rejects.toMatchObject({
      code: "UNAVAILABLE",
      fix: expect.stringContaining("Privacy & Security → Accessibility"),
    });
    const automation = new FakeRunner().on("osascript", [], {
      code: 1,
      stderr: "Not authorized to send Apple events to Music. (-1743)",
    });
    await expect(osascript(automation.run, SCRIPTS.music, ["pause"])).rejects.toMatchObject({
      fix: expect.stringContaining("Automation"),
    });
  });
});

describe("macOS adapter argv", () => {
  it("apps: open -a with the name as one argument; quit through argv", async () => {
    const fake = new FakeRunner();
    const platform = mac(fake);
    const app = { id: HOSTILE, name: HOSTILE, running: true, pids: [] };
    await platform.apps.launch(app);
    await platform.apps.quit(app, { force: false });
    expect(fake.argv()).toEqual([
      ["open", "-a", HOSTILE],
      ["osascript", "-", HOSTILE],
    ]);
    expect(scriptOf(fake.calls[1]!)).toBe(SCRIPTS.quitApp);
  });

  it("input: hostile text typed as data; chords as key code or character plus modifier names", async () => {
    const fake = new FakeRunner();
    const platform = mac(fake);
    await platform.input.type(HOSTILE, { delayMs: 0 });
    await platform.input.hotkey(parseChord("cmd+shift+t"));
    await platform.input.hotkey(parseChord("ctrl+enter"));
    await platform.input.click({ x: 10, y: 20, button: "left", double: false });
    expect(fake.argv()).toEqual([
      ["osascript", "-", HOSTILE],
      ["osascript", "-", "char", "t", "shift", "command"],
      ["osascript", "-", "code", "36", "control"],
      ["osascript", "-", "10", "20"],
    ]);
    await expect(platform.input.click({ x: 1, y: 1, button: "right", double: false })).rejects.toThrow(
      /cliclick/,
    );
  });

  it("windows: JXA with pid:index ids; move passes NaN for unchanged values", async () => {
    const fake = new FakeRunner().on("osascript", ["-l", "JavaScript", "-"], {
      stdout: JSON.stringify([
        {
          pid: 12,
          app: "TextEdit",
          index: 1,
          title: HOSTILE,
          x: 0,
          y: 25,
          width: 500,
          height: 400,
          active: true,
        },
      ]),
    });
    const platform = mac(fake);
    const [window] = await platform.windows.list();
    expect(window).toMatchObject({ id: "12:1", title: HOSTILE, pid: 12, active: true });
    fake.calls.length = 0;
    await platform.windows.move(window!, { x: 5 });
    await platform.windows.close(window!);
    expect(fake.argv()).toEqual([
      ["osascript", "-l", "JavaScript", "-", "12", "1", "move", "5", "NaN", "NaN", "NaN"],
      ["osascript", "-l", "JavaScript", "-", "12", "1", "close"],
    ]);
  });

  it("accessibility: target travels as JSON in argv", async () => {
    const fake = new FakeRunner().on("osascript", ["-l", "JavaScript", "-", "12", "1", "showing"], {
      stdout: JSON.stringify({
        app: "TextEdit",
        nodes: [{ path: [], depth: 0, role: "frame", name: "w", states: [], actions: [], childCount: 0 }],
        truncated: false,
      }),
    });
    const platform = mac(fake);
    const window = {
      id: "12:1",
      title: "w",
      app: "TextEdit",
      pid: 12,
      rect: { x: 0, y: 0, width: 1, height: 1 },
      active: true,
    };
    const snapshot = await platform.accessibility.snapshot(window, { all: false, maxNodes: 50 });
    expect(snapshot.appName).toBe("TextEdit");
    await platform.accessibility.act(
      window,
      { path: [0, 2], role: "text", name: HOSTILE },
      "set_value",
      HOSTILE,
    );
    expect(fake.argv()).toEqual([
      ["osascript", "-l", "JavaScript", "-", "12", "1", "showing", "50"],
      [
        "osascript",
        "-l",
        "JavaScript",
        "-",
        "12",
        "1",
        JSON.stringify({ path: [0, 2], role: "text", name: HOSTILE }),
        "set_value",
        HOSTILE,
      ],
    ]);
    expect(fake.calls[1]?.input).toBe(AX_ACT);
  });

  it("clipboard, screen, volume, battery, notification, media", async () => {
    const fake = new FakeRunner()
      .on("pbpaste", [], { stdout: "héllo ✓" })
      .on("osascript", ["-"], { stdout: "Music" })
      .on("pmset", ["-g", "batt"], {
        stdout:
          "Now drawing from 'Battery Power'\n -InternalBattery-0 (id=4653155)\t85%; discharging; 3:45 remaining present: true\n",
      });
    const platform = mac(fake);
    await platform.clipboard.write(HOSTILE);
    expect(await platform.clipboard.read()).toBe("héllo ✓");
    await platform.screen.capture("/tmp/s.png", { region: { x: 1, y: 2, width: 3, height: 4 } });
    await platform.audio.setLevel(42);
    await platform.notifier.notify(HOSTILE, undefined);
    expect(await platform.power.batteries()).toEqual({
      onAc: false,
      batteries: [{ name: "InternalBattery-0", percent: 85, state: "discharging", minutesRemaining: 225 }],
    });
    await platform.media.play(HOSTILE);
    expect(fake.argv()).toEqual([
      ["pbcopy"],
      ["pbpaste"],
      ["screencapture", "-x", "-R1,2,3,4", "/tmp/s.png"],
      ["osascript", "-", "42"],
      ["osascript", "-", HOSTILE, ""],
      ["pmset", "-g", "batt"],
      ["osascript", "-"],
      ["osascript", "-", "play", HOSTILE],
    ]);
    expect(fake.calls[0]?.input).toBe(HOSTILE);
    expect(fake.calls[0]?.env).toMatchObject({ LANG: "en_US.UTF-8" });
    expect(fake.calls[7]?.input).toBe(SCRIPTS.music);
  });

  it("parses pmset on AC and reports what is missing", () => {
    expect(
      parsePmset(
        "Now drawing from 'AC Power'\n -InternalBattery-0 (id=1)\t100%; charged; 0:00 remaining present: true\n",
      ),
    ).toEqual({
      onAc: true,
      batteries: [{ name: "InternalBattery-0", percent: 100, state: "full", minutesRemaining: 0 }],
    });
    const platform = mac(new FakeRunner(), ["osascript"]);
    expect(platform.unavailable("ocr")).toMatch(/brew install tesseract/);
    expect(platform.unavailable("brightness")).toMatch(/brew install brightness/);
    expect(platform.unavailable("input")).toBeUndefined();
  });
});
