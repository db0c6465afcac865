import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallOutcome } from "../../src/gate/gate.js";
import { createPlatform } from "../../src/platform/factory.js";
import type { Platform, WindowInfo } from "../../src/platform/types.js";
import { runJarvis } from "../../src/testing/cli.js";
import { desktopHarness } from "../../src/testing/desktop-harness.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { createAppsTools } from "../../src/tools/apps/index.js";
import { createClipboardTools } from "../../src/tools/clipboard/index.js";
import { createInputTools } from "../../src/tools/input/index.js";
import { createScreenTools } from "../../src/tools/screen/index.js";
import { createUiTools } from "../../src/tools/ui/index.js";
import { createWindowsTools } from "../../src/tools/windows/index.js";
import { type DesktopSession, eventually, startDesktopSession } from "./session.js";

const ready = hasPrograms(
  [
    "Xvfb",
    "openbox",
    "dbus-daemon",
    "xdotool",
    "wmctrl",
    "xclip",
    "xterm",
    "tesseract",
    "import",
    "mousepad",
  ],
  "xvfb openbox dbus-x11 xdotool wmctrl xclip xterm tesseract-ocr imagemagick mousepad at-spi2-core gir1.2-atspi-2.0 python3-gi",
);

describe.skipIf(!ready)("desktop control on a real X11 session (Xvfb + openbox + AT-SPI)", () => {
  let session: DesktopSession;
  let platform: Platform;
  let harness: ReturnType<typeof desktopHarness>;
  let terminal: WindowInfo;
  let editor: WindowInfo;

  const call = async (
    tool: string,
    args: Record<string, unknown> = {},
    answer: "approve" | "deny" = "approve",
  ) => {
    const outcome = await harness.call(tool, args, answer);
    const data = outcome.result?.data as { pid?: number } | undefined;
    session.track(data?.pid);
    return outcome;
  };
  const okCall = async (tool: string, args: Record<string, unknown> = {}) => {
    const outcome = await call(tool, args);
    if (outcome.status !== "ok") throw new Error(`${tool} ${outcome.status}: ${outcome.observation}`);
    return outcome;
  };
  const windows = () => platform.windows.list();
  const editorText = async () => {
    const state = await okCall("ui_state", { window: editor.id });
    const quoted = /@e\d+ text value=("(?:[^"\\]|\\.)*")/.exec(state.observation)?.[1];
    return quoted ? (JSON.parse(quoted) as string) : "";
  };

  beforeAll(async () => {
    session = await startDesktopSession();
    platform = createPlatform({ env: session.env });
    harness = desktopHarness(
      platform,
      [
        createAppsTools,
        createWindowsTools,
        createInputTools,
        createUiTools,
        createScreenTools,
        createClipboardTools,
      ],
      session.env,
    );
  });

  afterAll(async () => {
    await harness?.close();
    if (session) {
      for (const w of await windows().catch(() => [])) session.track(w.pid);
      await session.stop();
    }
  });

  it("launches apps from .desktop files, focuses them and lists them", async () => {
    const term = await okCall("apps_launch", { app: "Jarvis Test Terminal" });
    expect(term.observation).toMatch(
      /launched Jarvis Test Terminal \(pid \d+\); window 0x[0-9a-f]{8} "Jarvis Test Terminal" is focused/,
    );
    const pad = await okCall("apps_launch", { app: "mousepad" });
    expect(pad.observation).toContain("is focused and is now the target");
    const all = await windows();
    terminal = all.find((w) => w.title === "Jarvis Test Terminal") as WindowInfo;
    editor = all.find((w) => w.app === "mousepad") as WindowInfo;
    expect(terminal && editor).toBeTruthy();
    expect(editor.active).toBe(true);
    const listed = await okCall("windows_list");
    expect(listed.observation).toContain(`${terminal.id} xterm pid ${terminal.pid}`);
    expect((await okCall("apps_list")).observation).toMatch(/Running \(\d+\):.*Mousepad \(pid [\d, ]+\)/);
    const again = await okCall("apps_launch", { app: "Jarvis Test Terminal" });
    expect(again.observation).toContain("was already running");
  });

  it("types into the focused window and OCR finds the typed text there", async () => {
    await okCall("windows_focus", { window: "Jarvis Test Terminal" });
    // xterm has no accessibility tree: ui_state says so and names the fallback, and the
    // window stays the target, so typing still goes there.
    const noTree = await call("ui_state");
    expect(noTree.code).toBe("UNAVAILABLE");
    expect(noTree.observation).toContain("exposes no accessibility tree");
    expect(noTree.observation).toContain("use input_type/input_hotkey, or screen_ocr");
    await okCall("input_type", { text: "hello jarvis 4711\n" });
    const found = await eventually(
      async () => {
        const outcome = await call("screen_find_text", { text: "hello jarvis 4711" });
        return outcome.status === "ok" ? outcome : undefined;
      },
      20,
      200,
    );
    const match = (found.result?.data as { matches: Array<{ box: { x: number; y: number } }> } | undefined)
      ?.matches[0];
    const r = terminal.rect;
    expect(match?.box.x).toBeGreaterThanOrEqual(r.x);
    expect(match?.box.y).toBeLessThan(r.y + r.height);
    expect((await okCall("screen_ocr")).observation).toMatch(/hello jarvis 4711/);
    expect(await editorText()).toBe("");
  });

  it("reads the AT-SPI tree of mousepad and acts on elements by ref", async () => {
    await okCall("windows_focus", { window: editor.id });
    await okCall("input_type", { text: "typed into mousepad" });
    const state = await eventually(async () => {
      const outcome = await okCall("ui_state");
      return outcome.observation.includes("typed into mousepad") ? outcome : undefined;
    }, 30);
    expect(state.observation).toMatch(/^window 0x[0-9a-f]{8} ".*Mousepad" — mousepad, pid \d+$/m);
    expect(state.observation).toMatch(/@e\d+ menu "File" \(\d+ items, closed/);
    expect(state.observation).toMatch(/@e\d+ text value="typed into mousepad" \[focused, editable/);

    // View › Statusbar is a hidden menu item; pressing it shows the status bar in the tree.
    expect(state.observation).not.toContain("status bar");
    const toggle = await okCall("ui_find", { name: "statusbar", role: "menu item" });
    expect(toggle.observation).toMatch(/@e\d+ [a-z ]*menu item "Statusbar" .*\(in View\)/);
    const toggleRef = /@e\d+/.exec(toggle.observation)?.[0] as string;
    expect((await okCall("ui_action", { ref: toggleRef, action: "press" })).observation).toMatch(
      /pressed [a-z ]*menu item "Statusbar"/,
    );
    await eventually(
      async () => ((await okCall("ui_state")).observation.includes("status bar") ? true : undefined),
      20,
    );

    const text = /(@e\d+) text/.exec((await okCall("ui_state")).observation)?.[1] as string;
    await okCall("ui_action", { ref: text, action: "set_value", value: "set by ref ✓" });
    expect(
      await eventually(async () => ((await editorText()) === "set by ref ✓" ? true : undefined), 20),
    ).toBe(true);
  });

  it("presses a dialog button by ref", async () => {
    await okCall("windows_focus", { window: editor.id });
    const about = await okCall("ui_find", { name: "About", role: "menu item" });
    await okCall("ui_action", { ref: /@e\d+/.exec(about.observation)?.[0], action: "press" });
    const dialog = await eventually(async () =>
      (await windows()).find((w) => /About/i.test(w.title) && w.active),
    );
    const state = await okCall("ui_state");
    expect(state.observation).toContain(dialog.id);
    const close = /(@e\d+) push button "Close"/.exec(state.observation)?.[1];
    expect(close).toBeDefined();
    await okCall("ui_action", { ref: close, action: "press" });
    await eventually(async () => ((await windows()).some((w) => w.id === dialog.id) ? undefined : true), 30);
  });

  it("round-trips UTF-8 through the clipboard and pastes it into the right window", async () => {
    const text = 'héllo ✓ 日本語 🚀 "; rm -rf ~';
    await okCall("clipboard_write", { text });
    expect((await okCall("clipboard_read")).observation).toContain(text);
    expect(session.x("xclip", ["-selection", "clipboard", "-o"])).toBe(text);
    await okCall("windows_focus", { window: editor.id });
    await okCall("input_hotkey", { keys: "ctrl+a" });
    await okCall("input_hotkey", { keys: "ctrl+v" });
    expect(await eventually(async () => ((await editorText()) === text ? true : undefined), 20)).toBe(true);
  });

  it("refuses to type when focus moved away from the target window", async () => {
    await okCall("windows_focus", { window: editor.id });
    const before = await editorText();
    // The user clicks into the terminal behind Jarvis's back.
    session.x("wmctrl", ["-i", "-a", terminal.id]);
    await eventually(async () => ((await platform.windows.active())?.id === terminal.id ? true : undefined));
    await okCall("ui_state", { window: editor.id });
    const refused: CallOutcome = await call("input_type", { text: "SHOULD NOT APPEAR" });
    expect(refused.code).toBe("FOCUS_LOST");
    expect(refused.observation).toContain(`target window lost focus: expected ${editor.id}`);
    expect(refused.observation).toContain(`but ${terminal.id} "Jarvis Test Terminal" (xterm) is focused`);
    expect((await call("input_hotkey", { keys: "ctrl+a" })).code).toBe("FOCUS_LOST");
    expect(await editorText()).toBe(before);
    expect((await okCall("screen_ocr")).observation).not.toMatch(/SHOULD NOT/);
  });

  it("works from the built jarvis CLI, with refs and the lock kept across processes", async () => {
    const env = { ...harness.temp.env, ...session.env };
    await okCall("windows_focus", { window: editor.id });
    const state = await runJarvis(["tools", "call", "ui_state", "--json"], { env, timeoutMs: 60_000 });
    expect(state.code).toBe(0);
    const output = (JSON.parse(state.stdout) as { output: string }).output;
    const ref = /(@e\d+) text/.exec(output)?.[1];
    expect(ref).toBeDefined();
    const args = JSON.stringify({ ref, action: "set_value", value: "from the cli" });
    const action = await runJarvis(["tools", "call", "ui_action", "--args", args], {
      env,
      timeoutMs: 60_000,
    });
    expect(action.stdout).toContain('set text "" to 12 characters');
    expect(
      await eventually(async () => ((await editorText()) === "from the cli" ? true : undefined), 20),
    ).toBe(true);
    session.x("wmctrl", ["-i", "-a", terminal.id]);
    await eventually(async () => ((await platform.windows.active())?.id === terminal.id ? true : undefined));
    const refused = await runJarvis(["tools", "call", "input_type", "--args", '{"text":"nope"}'], {
      env,
      timeoutMs: 60_000,
    });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^FOCUS_LOST: .*target window lost focus/m);
  }, 90_000);

  it("tiles windows and force-quits an app only after confirmation", async () => {
    await okCall("windows_tile", { window: terminal.id, side: "left" });
    const tiled = await eventually(async () => {
      const w = (await windows()).find((x) => x.id === terminal.id);
      return w && w.rect.width <= 660 && w.rect.x <= 10 ? w : undefined;
    }, 30);
    expect(tiled.rect.height).toBeGreaterThan(600);

    const denied = await call("apps_quit", { app: "mousepad", force: true }, "deny");
    expect(denied.status).toBe("denied");
    expect(harness.broker.seen[0]?.tier).toBe("destructive");
    expect(harness.broker.seen[0]?.preview).toContain("unsaved work in these windows is lost");
    expect((await windows()).some((w) => w.id === editor.id)).toBe(true);
    await okCall("apps_quit", { app: "mousepad", force: true });
    await eventually(async () => ((await windows()).some((w) => w.id === editor.id) ? undefined : true), 50);
  });
});
