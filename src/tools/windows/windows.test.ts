import { afterEach, describe, expect, it } from "vitest";
import { FakeX11Desktop, fakeProbe } from "../../platform/fake.js";
import { createLinuxPlatform } from "../../platform/linux/index.js";
import { pickWindow } from "../../platform/match.js";
import { KeyValueRepository } from "../../store/kv.js";
import { desktopHarness } from "../../testing/desktop-harness.js";
import { createAppsTools } from "../apps/index.js";
import { createWindowsTools, tileRect } from "./index.js";

function setup() {
  const desktop = new FakeX11Desktop()
    .add("0x00400001", "xterm.XTerm", "shell one", 100)
    .add("0x00400002", "xterm.XTerm", "shell two", 101)
    .add("0x00600003", "mousepad.Mousepad", "notes.txt - Mousepad", 200);
  desktop.activeId = "0x00400001";
  const platform = createLinuxPlatform({
    run: desktop.runner.run,
    launcher: async () => ({ pid: 1 }),
    probe: fakeProbe(["wmctrl", "xdotool"]),
  });
  return { desktop, harness: desktopHarness(platform, [createWindowsTools, createAppsTools]) };
}

let current: ReturnType<typeof setup> | undefined;
afterEach(async () => {
  await current?.harness.close();
  current = undefined;
});

describe("window tools", () => {
  it("picks windows by id, title words or app, and refuses ambiguity", async () => {
    current = setup();
    const windows = await createLinuxPlatform({
      run: current.desktop.runner.run,
      launcher: async () => ({ pid: undefined }),
      probe: fakeProbe(["wmctrl", "xdotool"]),
    }).windows.list();
    expect(pickWindow(windows, { window: "0x600003" }).title).toBe("notes.txt - Mousepad");
    expect(pickWindow(windows, { window: "NOTES" }).id).toBe("0x00600003");
    expect(pickWindow(windows, {}).id).toBe("0x00400001");
    expect(pickWindow(windows, { app: "xterm" }).id).toBe("0x00400001");
    current.desktop.activeId = "0x00600003";
    const later = await createLinuxPlatform({
      run: current.desktop.runner.run,
      launcher: async () => ({ pid: undefined }),
      probe: fakeProbe([]),
    }).windows.list();
    expect(() => pickWindow(later, { app: "xterm" })).toThrow(
      /2 windows match: 0x00400001 "shell one", 0x00400002 "shell two"; say which by id/,
    );
    expect(() => pickWindow(later, { window: "0x00000bad" })).toThrow(/no window with id/);
    expect(() => pickWindow(later, { window: "budget" })).toThrow(/no window matches title "budget"/);
  });

  it("tiles into halves of the work area and closes only after confirmation", async () => {
    expect(tileRect({ x: 0, y: 24, width: 1281, height: 776 }, "right")).toEqual({
      x: 640,
      y: 24,
      width: 641,
      height: 776,
    });
    current = setup();
    const { harness, desktop } = current;
    const tiled = await harness.call("windows_tile", { window: "notes", side: "left" });
    expect(tiled.observation).toContain("tiled 0x00600003");
    expect(desktop.runner.argv()).toContainEqual(["wmctrl", "-i", "-r", "0x00600003", "-e", "0,0,0,640,800"]);
    const denied = await harness.call("windows_close", { window: "notes" }, "deny");
    expect(denied.status).toBe("denied");
    expect(harness.broker.seen[0]?.preview).toContain(
      'close window 0x00600003 mousepad pid 200 640x480+0+0 "notes.txt - Mousepad"',
    );
    expect(desktop.runner.argv().some((a) => a.includes("-c"))).toBe(false);
    const moved = await harness.call("windows_move", { window: "notes" });
    expect(moved.code).toBe("ARGS_INVALID");
  });

  it("apps_quit asks first, at destructive tier when forced", async () => {
    current = setup();
    const { harness } = current;
    const outcome = await harness.call("apps_quit", { app: "definitely-not-installed-app" }, "deny");
    expect(outcome.tier).toBe("dangerous");
    const forced = await harness.call(
      "apps_quit",
      { app: "definitely-not-installed-app", force: true },
      "deny",
    );
    expect(forced.tier).toBe("destructive");
    expect(forced.status).toBe("denied");
  });

  it("refuses bad arguments of every desktop group with one line, running nothing and keeping the lock", async () => {
    current = setup();
    const { harness, desktop } = current;
    await harness.call("windows_focus", { window: "notes" });
    const before = desktop.runner.calls.length;
    const outcomes = await Promise.all([
      harness.call("apps_launch", { app: "" }),
      harness.call("apps_launch", {}),
      harness.call("apps_quit", { app: "x", force: "yes" }),
      harness.call("windows_tile", { side: "diagonal" }),
      harness.call("windows_move", { x: 1.5 }),
      harness.call("windows_focus", { window: "x".repeat(301) }),
      harness.call("windows_list", { all: true }),
    ]);
    expect(outcomes.map((o) => o.code)).toEqual(Array(7).fill("ARGS_INVALID"));
    for (const o of outcomes) expect(o.observation.split("\n")).toHaveLength(1);
    expect(desktop.runner.calls.length).toBe(before);
    const kv = new KeyValueRepository(harness.runtime.db, harness.runtime.clock);
    expect(kv.get<{ windowId: string }>("desktop.target")?.windowId).toBe("0x00600003");
    const lock = await harness.call("windows_focus", { window: "0x00400002" });
    expect(lock.status).toBe("ok");
    expect(desktop.activeId).toBe("0x00400002");
  });
});
