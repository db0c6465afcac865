import type { Catalog } from "./catalog.js";
import { openings } from "./template.js";
import type { NluCall } from "./types.js";

/**
 * "add: Thursday, scales in G major" after a note was opened, "add buttonholes x12 to it" after
 * it was read, "and put in there that she prefers WhatsApp" after it was written to (issue 16,
 * follow-ups; dev19, dev23, dev25): words written into the thing the last call named. The tool
 * is read from the schemas alone: of the last call's group, the one tool that writes (not
 * read-only), needs one free text, and takes the value that named the thing under the same
 * name (a note's title). The words must point at the thing — "to it", "in there", or a colon
 * right after the verb — so "add milk" alone stays whatever else it reads as.
 */

const LEAD = /^(?:(?:and|also|oh|ok|okay|now|then|please|can you|could you)[\s,]+)*/i;
const VERB = "(?:add|put|write|append|stick|jot(?: down)?|pop)";
const POINTED = "(?:in|into|on|onto|to)\\s+(?:it|there|that|this)";
const SHAPES = [
  new RegExp(`^${VERB}\\s*:\\s*(.+?)$`, "i"),
  new RegExp(`^${VERB}\\s+${POINTED}\\s*[:,]?\\s*(?:that\\s+)?(.+?)$`, "i"),
  new RegExp(`^${VERB}\\s+(?:that\\s+)?(.+?)\\s+${POINTED}$`, "i"),
];
const CLOSING = /[\s,]+(?:too|as well|please)\s*$|[.!\s]+$/i;

const HANDLE = /^#[a-z]\d+$/;
const WRITES = new RegExp(`^${VERB}\\b`, "i");

/** The tool's own requests open with a verb of writing in (not "take off", "remove"). */
function opensWriting(tool: string, catalog: Catalog): boolean {
  return [...catalog.templates, ...catalog.shapes].some(
    (t) => t.tool === tool && openings(t.template.nodes).some((o) => WRITES.test(o.phrase)),
  );
}

export function writtenInto(raw: string, last: NluCall, catalog: Catalog): NluCall | undefined {
  const said = raw.trim().replace(LEAD, "").replace(CLOSING, "");
  let words: string | undefined;
  for (const shape of SHAPES) {
    words = shape.exec(said)?.[1]?.trim();
    if (words) break;
  }
  if (!words || /^(?:it|that|this|them)$/i.test(words)) return undefined;
  const group = catalog.groupOf.get(last.tool);
  const found: NluCall[] = [];
  for (const [tool, properties] of catalog.properties) {
    if (catalog.groupOf.get(tool) !== group || catalog.readsOnly.has(tool)) continue;
    if (!opensWriting(tool, catalog)) continue;
    const free = (name: string) => {
      const p = properties[name];
      return p?.type === "string" && !Array.isArray(p.enum) && p["x-handle"] === undefined;
    };
    const required = (catalog.required.get(tool) ?? []).filter(free);
    if (required.length !== 1 || (catalog.required.get(tool) ?? []).length !== 1) continue;
    const text = required[0]!;
    // The value that named the thing, carried under the same name
    const named = Object.entries(last.args).filter(
      ([name, v]) => name !== text && free(name) && typeof v === "string" && !HANDLE.test(v),
    );
    if (named.length !== 1) continue;
    found.push({ tool, args: { [named[0]![0]]: named[0]![1], [text]: words } });
  }
  return found.length === 1 ? found[0] : undefined;
}
