import { afterEach, describe, expect, it } from "vitest";
import { FakeX11Desktop, fakeProbe } from "../../platform/fake.js";
import { createLinuxPlatform } from "../../platform/linux/index.js";
import type { Accessibility, Platform, UiNode, UiTarget } from "../../platform/types.js";
import { desktopHarness } from "../../testing/desktop-harness.js";
import { createInputTools } from "../input/index.js";
import { createWindowsTools } from "../windows/index.js";
import { createUiTools } from "./index.js";

const node = (path: number[], role: string, name: string, states = ["showing"]): UiNode => ({
  path,
  depth: path.length,
  role,
  name,
  states,
  actions: [],
  childCount: 0,
});

/** A scripted accessibility tree: what AT-SPI would return for the mousepad window. */
class ScriptedTree implements Accessibility {
  readonly acted: Array<{ target: UiTarget; action: string; value?: string | undefined }> = [];
  nodes: UiNode[] = [
    node([], "frame", "Untitled 1 - Mousepad"),
    node([0], "push button", "Save"),
    node([1], "menu", "File"),
    node([1, 0], "menu item", "Quit", []),
    node([2], "text", "", ["showing", "editable"]),
  ];
  async snapshot(window: Parameters<Accessibility["snapshot"]>[0], options: { all: boolean }) {
    const nodes = options.all ? this.nodes : this.nodes.filter((n) => n.states.includes("showing"));
    return { window, appName: "mousepad", nodes, truncated: false };
  }
  async act(_w: unknown, target: UiTarget, action: string, value?: string) {
    this.acted.push({ target, action, value });
    return `${action} ${target.role} "${target.name}"`;
  }
  async close() {}
}

function setup() {
  const desktop = new FakeX11Desktop()
    .add("0x00400001", "xterm.XTerm", "shell", 100)
    .add("0x00600003", "mousepad.Mousepad", "Untitled 1 - Mousepad", 200, { x: 640, y: 0, w: 640, h: 480 });
  desktop.activeId = "0x00600003";
  const tree = new ScriptedTree();
  const linux = createLinuxPlatform({
    run: desktop.runner.run,
    launcher: async () => ({ pid: 1 }),
    probe: fakeProbe(
      ["wmctrl", "xdotool"],
      { DISPLAY: ":9", JARVIS_PYTHON: "/usr/bin/python3", JARVIS_NO_X11_HELPER: "1" },
      ["/usr/lib/girepository-1.0/Atspi-2.0.typelib"],
    ),
  });
  const platform: Platform = { ...linux, accessibility: tree };
  return {
    desktop,
    tree,
    harness: desktopHarness(platform, [createUiTools, createWindowsTools, createInputTools]),
  };
}

let current: ReturnType<typeof setup> | undefined;
afterEach(async () => {
  await current?.harness.close();
  current = undefined;
});

describe("ui tools", () => {
  it("ui_state locks the window and hands out refs that ui_action resolves", async () => {
    current = setup();
    const { harness, tree } = current;
    const state = await harness.call("ui_state", {});
    expect(state.observation).toContain('@e1 push button "Save"');
    expect(state.observation).toContain('@e2 menu "File"');
    expect(state.observation).toContain("@e3 text [editable]");
    expect(state.observation).toMatch(/^<untrusted source="ui_state">/);
    const pressed = await harness.call("ui_action", { ref: "@e1", action: "press" });
    expect(pressed.status).toBe("ok");
    const set = await harness.call("ui_action", { ref: "e3", action: "set_value", value: "hi" });
    expect(set.status).toBe("ok");
    expect(tree.acted).toEqual([
      {
        target: { path: [0], role: "push button", name: "Save", label: "Save" },
        action: "press",
        value: undefined,
      },
      { target: { path: [2], role: "text", name: "", label: "" }, action: "set_value", value: "hi" },
    ]);
  });

  it("ui_find reaches hidden menu items; pressing Quit asks first", async () => {
    current = setup();
    const { harness, tree } = current;
    await harness.call("ui_state", {});
    const found = await harness.call("ui_find", { name: "quit" });
    expect(found.observation).toContain('@e4 menu item "Quit" (in File)');
    const denied = await harness.call("ui_action", { ref: "@e4", action: "press" }, "deny");
    expect(denied.status).toBe("denied");
    expect(denied.tier).toBe("dangerous");
    expect(harness.broker.seen[0]?.preview).toBe('press menu item "File › Quit"');
    expect(tree.acted).toEqual([]);
    const none = await harness.call("ui_find", { name: "print" });
    expect(none.observation).toContain('no element "print" found');
  });

  it("refuses unknown refs, missing values, empty searches and lost focus", async () => {
    current = setup();
    const { harness, tree, desktop } = current;
    const early = await harness.call("ui_action", { ref: "@e1", action: "press" });
    expect(early.code).toBe("NOT_FOUND");
    expect(early.observation).toContain("call ui_state or ui_find to get refs");
    await harness.call("ui_state", {});
    const outcomes = await Promise.all([
      harness.call("ui_action", { ref: "@e99", action: "press" }),
      harness.call("ui_action", { ref: "@e3", action: "set_value" }),
      harness.call("ui_action", { ref: "button", action: "press" }),
      harness.call("ui_action", { ref: "@e1", action: "explode" }),
      harness.call("ui_find", {}),
    ]);
    expect(outcomes.map((o) => o.code)).toEqual([
      "NOT_FOUND",
      "ARGS_INVALID",
      "ARGS_INVALID",
      "ARGS_INVALID",
      "ARGS_INVALID",
    ]);
    expect(outcomes[1]?.observation).toContain("set_value needs a value");
    desktop.activeId = "0x00400001";
    const lost = await harness.call("ui_action", { ref: "@e1", action: "press" });
    expect(lost.code).toBe("FOCUS_LOST");
    expect(tree.acted).toEqual([]);
  });

  it("says what is missing when AT-SPI cannot run", async () => {
    const desktop = new FakeX11Desktop().add("0x00600003", "mousepad.Mousepad", "M", 200);
    const platform = createLinuxPlatform({
      run: desktop.runner.run,
      launcher: async () => ({ pid: 1 }),
      probe: fakeProbe(["wmctrl", "xdotool", "python3"], { DISPLAY: ":9" }),
    });
    const harness = desktopHarness(platform, [createUiTools]);
    try {
      const outcome = await harness.call("ui_state", {});
      expect(outcome.code).toBe("UNAVAILABLE");
      expect(outcome.observation).toContain("sudo apt-get install python3-gi gir1.2-atspi-2.0 at-spi2-core");
    } finally {
      await harness.close();
    }
  });
});
