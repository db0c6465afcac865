import { afterEach, describe, expect, it } from "vitest";
import { FakeX11Desktop, fakeProbe } from "../../platform/fake.js";
import { createLinuxPlatform } from "../../platform/linux/index.js";
import { desktopHarness } from "../../testing/desktop-harness.js";
import { createAppsTools } from "../apps/index.js";
import { createWindowsTools } from "../windows/index.js";
import { createInputTools, hotkeyRisk } from "./index.js";

const X11 = ["wmctrl", "xdotool", "xclip", "tesseract", "import", "notify-send", "playerctl", "amixer"];

function setup(programs = X11, env: NodeJS.ProcessEnv = { DISPLAY: ":9" }) {
  const desktop = new FakeX11Desktop()
    .add("0x00400001", "xterm.XTerm", "shell", 100, { x: 0, y: 0, w: 600, h: 400 })
    .add("0x00600003", "mousepad.Mousepad", "Untitled 1 - Mousepad", 200, { x: 640, y: 0, w: 640, h: 480 });
  desktop.activeId = "0x00400001";
  const platform = createLinuxPlatform({
    run: desktop.runner.run,
    launcher: async () => ({ pid: 1 }),
    probe: fakeProbe(programs, env),
  });
  const harness = desktopHarness(platform, [createWindowsTools, createInputTools, createAppsTools]);
  return { desktop, harness };
}

let current: ReturnType<typeof setup> | undefined;
afterEach(async () => {
  await current?.harness.close();
  current = undefined;
});

describe("context lock", () => {
  it("types only into the window chosen with windows_focus", async () => {
    current = setup();
    const { desktop, harness } = current;
    const focus = await harness.call("windows_focus", { window: "mousepad" });
    expect(focus.status).toBe("ok");
    expect(focus.observation).toContain("0x00600003");
    const typed = await harness.call("input_type", { text: "hello ✓" });
    expect(typed.status).toBe("ok");
    expect(desktop.typedInto("0x00600003")).toBe("hello ✓");
  });

  it("refuses with FOCUS_LOST when another window took focus, and types nothing", async () => {
    current = setup();
    const { desktop, harness } = current;
    await harness.call("windows_focus", { window: "0x00600003" });
    desktop.activeId = "0x00400001";
    const typed = await harness.call("input_type", { text: "rm -rf ~\n" });
    expect(typed.status).toBe("failed");
    expect(typed.code).toBe("FOCUS_LOST");
    expect(typed.observation).toMatch(
      /target window lost focus: expected 0x00600003 "Untitled 1 - Mousepad" \(mousepad\), but 0x00400001 "shell" \(xterm\) is focused/,
    );
    const keys = await harness.call("input_hotkey", { keys: "enter" });
    const click = await harness.call("input_click", { x: 700, y: 100 });
    expect([keys.code, click.code]).toEqual(["FOCUS_LOST", "FOCUS_LOST"]);
    expect(desktop.typed).toEqual([]);
    expect(desktop.runner.argv().some((a) => a[1] === "key" || a[1] === "mousemove")).toBe(false);
  });

  it("stops mid-text when focus moves and says how much was typed", async () => {
    current = setup();
    const { desktop, harness } = current;
    await harness.call("windows_focus", { window: "mousepad" });
    desktop.afterType = () => {
      desktop.activeId = "0x00400001";
    };
    const typed = await harness.call("input_type", { text: "x".repeat(100) });
    expect(typed.code).toBe("FOCUS_LOST");
    expect(typed.observation).toContain("stopped after 64 of 100 characters");
    expect(desktop.typedInto("0x00600003")).toBe("x".repeat(64));
    expect(desktop.typedInto("0x00400001")).toBe("");
  });

  it("needs a target first, and clicks only inside it", async () => {
    current = setup();
    const { desktop, harness } = current;
    const none = await harness.call("input_type", { text: "a" });
    expect(none.code).toBe("FOCUS_LOST");
    expect(none.observation).toContain("no target window chosen yet");
    await harness.call("windows_focus", { window: "mousepad" });
    const outside = await harness.call("input_click", { x: 10, y: 10 });
    expect(outside.code).toBe("ARGS_INVALID");
    expect(outside.observation).toContain("outside the target window");
    const inside = await harness.call("input_click", { x: 700, y: 100, button: "right" });
    expect(inside.status).toBe("ok");
    expect(desktop.runner.argv().at(-1)).toEqual([
      "xdotool",
      "mousemove",
      "--sync",
      "700",
      "100",
      "click",
      "3",
    ]);
  });
});

describe("input arguments and tiers", () => {
  it("refuses bad arguments with one line and touches nothing", async () => {
    current = setup();
    const { desktop, harness } = current;
    await harness.call("windows_focus", { window: "mousepad" });
    const before = desktop.runner.calls.length;
    const outcomes = await Promise.all([
      harness.call("input_type", { text: "" }),
      harness.call("input_type", { text: "a", delay_ms: 5000 }),
      harness.call("input_type", { text: "a", extra: true }),
      harness.call("input_click", { x: -1, y: 5 }),
      harness.call("input_hotkey", { keys: "ctrl+banana" }),
    ]);
    expect(outcomes.map((o) => o.code)).toEqual([
      "ARGS_INVALID",
      "ARGS_INVALID",
      "ARGS_INVALID",
      "ARGS_INVALID",
      "ARGS_INVALID",
    ]);
    expect(outcomes[4]?.observation).toContain('"banana" in "ctrl+banana" is not a key');
    for (const o of outcomes) expect(o.observation.split("\n")).toHaveLength(1);
    expect(
      desktop.runner.calls
        .slice(before)
        .filter((c) => c.args[0] !== "getactivewindow" && c.args[0] !== "-lpGx"),
    ).toEqual([]);
    expect(desktop.typed).toEqual([]);
  });

  it("asks before chords that close or quit; a denial presses nothing", async () => {
    expect([
      hotkeyRisk("alt+F4"),
      hotkeyRisk("Ctrl+Q"),
      hotkeyRisk("ctrl+s"),
      hotkeyRisk("nonsense+"),
    ]).toEqual(["dangerous", "dangerous", "caution", "caution"]);
    current = setup();
    const { desktop, harness } = current;
    await harness.call("windows_focus", { window: "mousepad" });
    const denied = await harness.call("input_hotkey", { keys: "alt+f4" }, "deny");
    expect(denied.status).toBe("denied");
    expect(harness.broker.seen[0]?.preview).toContain('press alt+f4 in 0x00600003 "Untitled 1 - Mousepad"');
    expect(desktop.runner.argv().some((a) => a[1] === "key")).toBe(false);
    const saved = await harness.call("input_hotkey", { keys: "ctrl+s", repeat: 2 });
    expect(saved.observation).toContain("pressed ctrl+s ×2");
  });

  it("reports a missing program or display instead of failing obscurely", async () => {
    current = setup(["wmctrl"], { DISPLAY: ":9" });
    const outcome = await current.harness.call("input_type", { text: "a" });
    expect(outcome.code).toBe("UNAVAILABLE");
    expect(outcome.observation).toContain("xdotool not found; install with `sudo apt-get install xdotool`");
    const tool = current.harness.runtime.registry.get("input_type")?.definition;
    expect(await tool?.available?.()).toContain("xdotool not found");
    await current.harness.close();
    current = setup(X11, { WAYLAND_DISPLAY: "wayland-0" });
    const wayland = await current.harness.call("windows_list", {});
    expect(wayland.observation).toContain("Wayland session without an X11 DISPLAY");
  });
});
