import { JarvisError } from "../../core/errors.js";
import type {
  Accessibility,
  CommandRunner,
  UiActionKind,
  UiNode,
  UiSnapshot,
  UiTarget,
  WindowInfo,
} from "../types.js";
import { osascript } from "./osascript.js";

/**
 * The AX tree of one window through System Events (JXA). Roles are mapped to the same neutral
 * names AT-SPI uses so rendering, refs and `ui_find` behave the same on both systems.
 * argv: pid, window index, "all"|"showing", max nodes.
 */
export const AX_SNAPSHOT = `function run(argv) {
  const ROLES = { AXButton: "push button", AXTextField: "text", AXTextArea: "text", AXSecureTextField: "password text",
    AXCheckBox: "check box", AXRadioButton: "radio button", AXMenuButton: "menu button", AXPopUpButton: "combo box",
    AXComboBox: "combo box", AXLink: "link", AXStaticText: "label", AXMenuBar: "menu bar", AXMenuBarItem: "menu",
    AXMenu: "menu", AXMenuItem: "menu item", AXSlider: "slider", AXTabGroup: "page tab list", AXGroup: "panel",
    AXScrollArea: "scroll pane", AXToolbar: "tool bar", AXWindow: "frame", AXSheet: "dialog", AXCell: "table cell",
    AXRow: "row", AXTable: "table", AXOutline: "tree", AXImage: "icon", AXList: "list", AXSplitGroup: "split pane",
    AXIncrementor: "spin button", AXProgressIndicator: "progress bar", AXHeading: "heading", AXWebArea: "document web" };
  const pid = Number(argv[0]), index = Number(argv[1]), all = argv[2] === "all", max = Number(argv[3]);
  const se = Application("System Events");
  const p = se.applicationProcesses.whose({ unixId: pid })()[0];
  if (!p) throw new Error("no such process");
  const win = p.windows[index - 1];
  const nodes = [];
  let truncated = false;
  const get = (f, d) => { try { const v = f(); return v === null || v === undefined ? d : v; } catch (e) { return d; } };
  function walk(el, path, depth) {
    if (nodes.length >= max) { truncated = true; return; }
    const axRole = get(() => el.role(), "");
    const role = ROLES[axRole] || axRole.replace(/^AX/, "").toLowerCase();
    const name = String(get(() => el.name(), "") || get(() => el.title(), "") || "");
    const value = get(() => el.value(), "");
    const states = [];
    if (get(() => el.focused(), false)) states.push("focused");
    if (!get(() => el.enabled(), true)) states.push("disabled");
    if (get(() => el.selected(), false)) states.push("selected");
    const kids = get(() => el.uiElements(), []);
    nodes.push({ path, depth, role, name, value: role === "password text" ? "" : String(value).slice(0, 500),
      description: String(get(() => el.description(), "")), states, childCount: kids.length });
    if (depth >= 40) return;
    if (!all && role === "menu" && depth > 0) return;
    kids.forEach((k, i) => walk(k, path.concat([i]), depth + 1));
  }
  walk(win, [], 0);
  return JSON.stringify({ app: p.name(), nodes, truncated });
}`;

/** argv: pid, window index, target JSON (path, role, name), action, value. */
export const AX_ACT = `function run(argv) {
  const pid = Number(argv[0]), index = Number(argv[1]), target = JSON.parse(argv[2]), action = argv[3], value = argv[4];
  const se = Application("System Events");
  const p = se.applicationProcesses.whose({ unixId: pid })()[0];
  if (!p) throw new Error("no such process");
  let el = p.windows[index - 1];
  for (const i of target.path) el = el.uiElements()[i];
  if (!el) throw new Error("stale ref: the element is gone");
  if (action === "press") el.actions.byName("AXPress").perform();
  else if (action === "set_value") el.value = value;
  else if (action === "focus") el.focused = true;
  else throw new Error("unknown action");
  return action;
}`;

function windowIndex(window: WindowInfo): { pid: string; index: string } {
  const [pid, index] = window.id.split(":");
  if (!pid || !index)
    throw new JarvisError("ARGS_INVALID", `"${window.id}" is not a macOS window id (pid:index)`);
  return { pid, index };
}

export class MacAccessibility implements Accessibility {
  constructor(private readonly run: CommandRunner) {}

  async snapshot(
    window: WindowInfo,
    options: { all: boolean; maxNodes: number },
    signal?: AbortSignal,
  ): Promise<UiSnapshot> {
    const { pid, index } = windowIndex(window);
    const out = await osascript(
      this.run,
      AX_SNAPSHOT,
      [pid, index, options.all ? "all" : "showing", String(options.maxNodes)],
      {
        language: "JavaScript",
        signal,
      },
    );
    const parsed = JSON.parse(out) as { app: string; nodes: UiNode[]; truncated: boolean };
    return { window, appName: parsed.app, nodes: parsed.nodes, truncated: parsed.truncated };
  }

  async act(
    window: WindowInfo,
    target: UiTarget,
    action: UiActionKind,
    value: string | undefined,
    signal?: AbortSignal,
  ): Promise<string> {
    const { pid, index } = windowIndex(window);
    await osascript(this.run, AX_ACT, [pid, index, JSON.stringify(target), action, value ?? ""], {
      language: "JavaScript",
      signal,
    });
    const verb = action === "press" ? "pressed" : action === "focus" ? "focused" : "set";
    return `${verb} ${target.role} ${JSON.stringify(target.name)}`;
  }

  async close(): Promise<void> {}
}
