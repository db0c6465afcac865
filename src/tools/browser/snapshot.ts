/** What a ref pointed at in the latest snapshot (for risk decisions and previews). */
export interface RefInfo {
  role: string;
  name: string;
}

export interface CompactSnapshot {
  text: string;
  refs: Map<string, RefInfo>;
  links: number;
}

/** Roles the model can act on; other elements are shown without a ref to save tokens. */
const INTERACTIVE = new Set([
  "link",
  "button",
  "textbox",
  "searchbox",
  "combobox",
  "listbox",
  "option",
  "checkbox",
  "radio",
  "switch",
  "slider",
  "spinbutton",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "tab",
  "treeitem",
]);

/** Unnamed structural wrappers whose line is dropped (children move up a level). */
const WRAPPERS = new Set([
  "generic",
  "group",
  "rowgroup",
  "list",
  "listitem",
  "none",
  "presentation",
  "region",
]);
const DROPPED_ATTRIBUTES = new Set(["active", "cursor=pointer"]);
const MAX_INLINE = 200;

const LINE = /^(\s*)- (.*)$/;
const KEY = /^([a-z/][a-z0-9/-]*)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)(?:(:)(?: (.*))?)?$/i;

interface Emitted {
  indent: number;
  origIndent: number;
  text: string;
}

function unquoteYaml(text: string): string {
  if (text.startsWith('"') && text.endsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return text.slice(1, -1);
    }
  }
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replaceAll("''", "'");
  return text;
}

function clip(text: string, max = MAX_INLINE): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * Compacts Playwright's AI-mode aria snapshot: refs kept only on elements one can act on,
 * unnamed wrappers removed, long text clipped, and each link's URL replaced by a `#u` handle
 * minted through `mintLink` (so the model opens links by handle, never by retyping them).
 */
export function compactSnapshot(
  raw: string,
  pageUrl: string,
  mintLink: (url: string, label: string) => string | undefined,
): CompactSnapshot {
  const refs = new Map<string, RefInfo>();
  const out: Emitted[] = [];
  const dropped: number[] = [];
  let links = 0;
  for (const line of raw.split("\n")) {
    const match = LINE.exec(line);
    if (!match) continue;
    const origIndent = match[1]!.length;
    while (dropped.length > 0 && dropped[dropped.length - 1]! >= origIndent) dropped.pop();
    const indent = origIndent - 2 * dropped.length;
    let content = match[2]!;
    const quotedKey = /^'(.*)'(:?)$/.exec(content);
    if (quotedKey) content = `${quotedKey[1]!.replaceAll("''", "'")}${quotedKey[2]}`;
    const key = KEY.exec(content);
    if (!key) {
      out.push({ indent, origIndent, text: clip(unquoteYaml(content)) });
      continue;
    }
    const [, role = "", name, attributeText = "", colon, rawValue] = key;
    const value = rawValue === undefined ? undefined : unquoteYaml(rawValue);
    if (role === "/url" || role === "/placeholder") {
      const parent = [...out].reverse().find((entry) => entry.origIndent < origIndent);
      if (!parent || value === undefined) continue;
      if (role === "/placeholder") {
        parent.text += ` placeholder="${clip(value, 60)}"`;
        continue;
      }
      let absolute: string | undefined;
      try {
        absolute = new URL(value, pageUrl).href;
      } catch {
        absolute = undefined;
      }
      if (absolute && /^https?:/i.test(absolute)) {
        const label = /"((?:[^"\\]|\\.)*)"/.exec(parent.text)?.[1] ?? "";
        const handle = mintLink(absolute, label);
        if (handle) {
          parent.text += ` → ${handle}`;
          links += 1;
        }
      }
      continue;
    }
    const attributes = [...attributeText.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
    const ref = attributes.find((a) => a.startsWith("ref="))?.slice(4);
    const clickable = attributes.includes("cursor=pointer");
    const label = name === undefined ? "" : name.replace(/\\"/g, '"');
    if (ref) refs.set(ref, { role, name: label });
    const interactive = INTERACTIVE.has(role) || clickable;
    const hasChildren = colon !== undefined && value === undefined;
    if (role === "text" && value !== undefined) {
      out.push({ indent, origIndent, text: `- ${clip(value)}` });
      continue;
    }
    // An unnamed, empty, inert element tells the model nothing.
    if (!interactive && !label && value === undefined && !hasChildren) continue;
    if (!interactive && !label && WRAPPERS.has(role)) {
      if (value !== undefined) out.push({ indent, origIndent, text: `- ${clip(value)}` });
      else if (hasChildren) dropped.push(origIndent);
      continue;
    }
    const kept = attributes.filter((a) => !a.startsWith("ref=") && !DROPPED_ATTRIBUTES.has(a));
    const parts = [role === "generic" && clickable ? "clickable" : role];
    if (name !== undefined) parts.push(`"${clip(name, 120)}"`);
    for (const attribute of kept) parts.push(`[${attribute}]`);
    if (ref && interactive) parts.push(`[${ref}]`);
    const text = `- ${parts.join(" ")}${value !== undefined && value !== "" ? `: ${clip(value)}` : ""}`;
    out.push({ indent, origIndent, text });
  }
  return {
    text: out.map((entry) => `${" ".repeat(Math.max(0, entry.indent))}${entry.text}`).join("\n"),
    refs,
    links,
  };
}
