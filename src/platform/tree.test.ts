import { describe, expect, it } from "vitest";
import { findNodes, newRefTable, renderMatches, renderSnapshot } from "./tree.js";
import type { UiNode, UiSnapshot } from "./types.js";

function node(path: number[], role: string, name = "", extra: Partial<UiNode> = {}): UiNode {
  return { path, depth: path.length, role, name, states: ["showing"], actions: [], childCount: 0, ...extra };
}

const window = {
  id: "0x00600003",
  title: "Untitled 1 - Mousepad",
  app: "mousepad",
  pid: 42,
  rect: { x: 0, y: 0, width: 640, height: 480 },
  active: true,
};
const nodes: UiNode[] = [
  node([], "frame", "Untitled 1 - Mousepad", { childCount: 1 }),
  node([0], "filler", "", { childCount: 3 }),
  node([0, 0], "menu bar", "", { childCount: 2 }),
  node([0, 0, 0], "menu", "File", { childCount: 19 }),
  node([0, 0, 1], "menu", "Help", { childCount: 2 }),
  node([0, 1], "panel", "", { childCount: 1 }),
  node([0, 1, 0], "label", "Warning: root"),
  node([0, 2], "text", "", { value: "hello\nworld", states: ["focused", "editable", "showing"] }),
];
const hidden: UiNode[] = [
  ...nodes.slice(0, 4),
  node([0, 0, 0, 0], "menu item", "New      ", { states: [] }),
  node([0, 0, 0, 1], "menu item", "Quit      ", { states: [] }),
  ...nodes.slice(4),
  node([0, 0, 1, 0], "menu item", "About      ", { states: [] }),
];

describe("renderSnapshot", () => {
  it("renders a compact tree with refs on actionable elements and collapses unnamed layout", () => {
    const snapshot: UiSnapshot = { window, appName: "mousepad", nodes, truncated: false };
    const table = newRefTable(window.id);
    const { text } = renderSnapshot(snapshot, table);
    expect(text).toBe(
      [
        'window 0x00600003 "Untitled 1 - Mousepad" — mousepad, pid 42',
        "menu bar",
        '  @e1 menu "File" (19 items, closed — ui_find reaches them)',
        '  @e2 menu "Help" (2 items, closed — ui_find reaches them)',
        'label "Warning: root"',
        '@e3 text value="hello world" [focused, editable]',
      ].join("\n"),
    );
    expect(table.refs.e1).toEqual({ path: [0, 0, 0], role: "menu", name: "File", label: "File" });
    expect(table.refs.e3?.path).toEqual([0, 2]);
    expect(table.next).toBe(4);
  });

  it("stops at max lines and says how many were left out", () => {
    const { text, omitted } = renderSnapshot(
      { window, appName: "m", nodes, truncated: true },
      newRefTable(window.id),
      2,
    );
    expect(omitted).toBe(3);
    expect(text).toContain("… 3 more elements");
    expect(text).toContain("larger than the node limit");
  });
});

describe("findNodes", () => {
  it("finds hidden menu items by trimmed name and role, best match first, with their menu path", () => {
    const matches = findNodes(hidden, { name: "quit", role: "menu item" }, 5);
    expect(matches.map((m) => m.label)).toEqual(["File › Quit"]);
    const table = newRefTable(window.id);
    table.next = 7;
    expect(renderMatches(matches, table)).toEqual(['@e7 menu item "Quit" (in File)']);
    expect(table.refs.e7).toMatchObject({ path: [0, 0, 0, 1], role: "menu item", name: "Quit" });
  });

  it("matches role aliases and values; unmatched criteria return nothing", () => {
    expect(findNodes(hidden, { role: "field" }, 5).map((m) => m.node.role)).toEqual(["text"]);
    expect(findNodes(hidden, { value: "WORLD" }, 5)).toHaveLength(1);
    expect(findNodes(hidden, { name: "a" }, 2)).toHaveLength(2);
    expect(findNodes(hidden, { name: "save" }, 5)).toEqual([]);
    expect(findNodes(hidden, { name: "file", role: "button" }, 5)).toEqual([]);
  });
});
