import type { Catalog } from "./catalog.js";
import type { NluCall } from "./types.js";

/** What each handle kind points at, in the words a person uses. */
const KIND_NAMES: Record<string, string> = {
  u: "a link",
  f: "a file",
  d: "a folder",
  m: "a message",
  c: "a contact",
  a: "an email address",
  p: "a phone number",
  e: "an event or reminder",
  t: "a timer or alarm",
};

/** The handle kinds an argument takes: the tool's language says, or its schema (`x-handle`). */
function acceptedKinds(catalog: Catalog, tool: string, arg: string): readonly string[] | undefined {
  const said = catalog.intentsOf.get(tool)?.find((spec) => spec.accepts?.[arg])?.accepts?.[arg];
  if (said) return said;
  const meta = catalog.properties.get(tool)?.[arg]?.["x-handle"];
  return typeof meta === "string" ? [meta] : undefined;
}

/**
 * A handle of the wrong kind for the argument it is in ("delete #f6" read as a calendar event):
 * the sentence to say instead of calling. Undefined when every handle fits.
 */
export function wrongHandle(catalog: Catalog, call: NluCall): string | undefined {
  for (const [arg, value] of Object.entries(call.args)) {
    const m = typeof value === "string" ? /^#([a-z])\d+$/.exec(value) : null;
    if (!m) continue;
    const kinds = acceptedKinds(catalog, call.tool, arg);
    if (!kinds || kinds.includes(m[1]!)) continue;
    const is = KIND_NAMES[m[1]!] ?? "something else";
    const wanted = kinds.map((k) => KIND_NAMES[k] ?? k).join(" or ");
    return `${value} is ${is}, not ${wanted}; say which one you mean.`;
  }
  return undefined;
}
