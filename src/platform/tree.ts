import type { UiNode, UiSnapshot, UiTarget, WindowInfo } from "./types.js";

/** Refs (`@e1`…) handed out for one window; the tools persist it so later calls can act on them. */
export interface RefTable {
  windowId: string;
  next: number;
  refs: Record<string, UiTarget & { label: string }>;
}

/** Roles that get a ref: things a user presses, edits, selects or focuses. */
const ACTIONABLE = new Set([
  "push button",
  "toggle button",
  "check box",
  "radio button",
  "menu",
  "menu item",
  "check menu item",
  "radio menu item",
  "tearoff menu item",
  "link",
  "page tab",
  "combo box",
  "text",
  "entry",
  "password text",
  "spin button",
  "slider",
  "list item",
  "tree item",
  "table cell",
  "icon",
  "button",
  "checkbox",
  "radio",
  "textfield",
  "text field",
  "text area",
  "menu button",
  "pop up button",
  "popup button",
  "search field",
  "tab",
  "cell",
  "row",
]);

/** Shown even without a name: they give the model its bearings. */
const LANDMARKS = new Set([
  "menu bar",
  "tool bar",
  "toolbar",
  "status bar",
  "page tab list",
  "tab group",
  "dialog",
  "alert",
  "list",
  "table",
  "tree",
]);

export function cleanText(text: string | undefined, max = 80): string {
  if (!text) return "";
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function isActionable(node: UiNode): boolean {
  if (node.states.includes("editable")) return true;
  return ACTIONABLE.has(node.role);
}

function describe(node: UiNode): string {
  const parts = [node.role];
  const name = cleanText(node.name);
  if (name) parts.push(JSON.stringify(name));
  const value = cleanText(node.value, 120);
  if (value && value !== name) parts.push(`value=${JSON.stringify(value)}`);
  const states = node.states.filter((s) => s !== "showing" && s !== "focusable" && s !== "enabled");
  if (states.length > 0) parts.push(`[${states.join(", ")}]`);
  return parts.join(" ");
}

export function newRefTable(windowId: string): RefTable {
  return { windowId, next: 1, refs: {} };
}

function addRef(table: RefTable, node: UiNode, label: string): string {
  const ref = `e${table.next}`;
  table.next += 1;
  table.refs[ref] = { path: node.path, role: node.role, name: cleanText(node.name), label };
  return `@${ref}`;
}

export function windowHeader(window: WindowInfo, appName: string): string {
  const pid = window.pid === undefined ? "" : `, pid ${window.pid}`;
  return `window ${window.id} ${JSON.stringify(window.title)} — ${appName}${pid}`;
}

/**
 * The compact text the model reads: one line per element that matters, indented under the
 * elements shown above it; unnamed layout containers vanish and their children move up.
 */
export function renderSnapshot(
  snapshot: UiSnapshot,
  table: RefTable,
  maxLines = 300,
): { text: string; lines: number; omitted: number } {
  const lines: string[] = [windowHeader(snapshot.window, snapshot.appName)];
  const parents = new Set(snapshot.nodes.map((n) => n.path.slice(0, -1).join(".")));
  const stack: Array<{ depth: number; shown: boolean; name: string }> = [];
  let omitted = 0;
  for (const node of snapshot.nodes) {
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= node.depth) stack.pop();
    if (node.path.length === 0) continue;
    const actionable = isActionable(node);
    const hasText = cleanText(node.name) !== "" || cleanText(node.value) !== "";
    const shown = actionable || hasText || LANDMARKS.has(node.role);
    const indent = stack.filter((s) => s.shown).length;
    const label = [...stack.map((s) => s.name), cleanText(node.name, 40)].filter(Boolean).join(" › ");
    stack.push({ depth: node.depth, shown, name: cleanText(node.name, 40) });
    if (!shown) continue;
    if (lines.length - 1 >= maxLines) {
      omitted += 1;
      continue;
    }
    const ref = actionable ? `${addRef(table, node, label)} ` : "";
    const hiddenChildren =
      node.childCount > 0 && !parents.has(node.path.join("."))
        ? ` (${node.childCount} items, closed — ui_find reaches them)`
        : "";
    lines.push(`${"  ".repeat(indent)}${ref}${describe(node)}${hiddenChildren}`);
  }
  if (omitted > 0) lines.push(`… ${omitted} more elements (use ui_find to search them)`);
  if (snapshot.truncated) lines.push("… the tree is larger than the node limit (use ui_find)");
  return { text: lines.join("\n"), lines: lines.length - 1, omitted };
}

export interface UiQuery {
  name?: string | undefined;
  role?: string | undefined;
  value?: string | undefined;
}

const ROLE_ALIASES: Record<string, string[]> = {
  field: [
    "text",
    "entry",
    "password text",
    "textfield",
    "text field",
    "text area",
    "search field",
    "combo box",
  ],
  input: ["text", "entry", "password text", "textfield", "text field", "text area", "search field"],
  textbox: ["text", "entry", "password text", "textfield", "text field", "text area"],
  checkbox: ["check box", "checkbox", "check menu item"],
  tab: ["page tab", "tab"],
};

function roleMatches(role: string, query: string): boolean {
  const q = query.toLowerCase().trim();
  const aliases = ROLE_ALIASES[q.replaceAll(" ", "")];
  if (aliases?.includes(role)) return true;
  return role.replaceAll(" ", "").includes(q.replaceAll(" ", ""));
}

/** Elements matching every given criterion, best first: exact name, then prefix, then substring. */
export function findNodes(
  nodes: UiNode[],
  query: UiQuery,
  limit: number,
): Array<{ node: UiNode; label: string }> {
  const name = query.name?.toLowerCase().trim();
  const value = query.value?.toLowerCase().trim();
  const scored: Array<{ node: UiNode; label: string; score: number; order: number }> = [];
  const stack: Array<{ depth: number; name: string }> = [];
  nodes.forEach((node, order) => {
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= node.depth) stack.pop();
    const label = [...stack.map((s) => s.name), cleanText(node.name, 40)].filter(Boolean).join(" › ");
    if (node.path.length === 0) return;
    stack.push({ depth: node.depth, name: cleanText(node.name, 40) });
    let score = 0;
    if (name) {
      const own = cleanText(node.name, 1000).toLowerCase();
      if (own === name) score += 3;
      else if (own.startsWith(name)) score += 2;
      else if (own.includes(name)) score += 1;
      else return;
    }
    if (query.role && !roleMatches(node.role, query.role)) return;
    if (value && !cleanText(node.value, 10_000).toLowerCase().includes(value)) return;
    if (node.states.includes("showing")) score += 0.5;
    if (isActionable(node)) score += 0.25;
    scored.push({ node, label, score, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ node, label }) => ({ node, label }));
}

/** Renders find results, adding each to the ref table. */
export function renderMatches(matches: Array<{ node: UiNode; label: string }>, table: RefTable): string[] {
  return matches.map(({ node, label }) => {
    const ref = addRef(table, node, label);
    const where = label.includes(" › ") ? ` (in ${label.split(" › ").slice(0, -1).join(" › ")})` : "";
    return `${ref} ${describe(node)}${where}`;
  });
}
