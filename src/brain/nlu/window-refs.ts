import type { Catalog } from "./catalog.js";
import type { NluContext } from "./types.js";

/**
 * "put Jones in e7" after a window was listed: a window's element refs are written "@e7" and a
 * page's "e7", so a bare ref said after an area whose templates take window refs is that
 * area's. The text with the refs marked, or undefined when nothing changes.
 */
export function markWindowRefs(input: string, context: NluContext, catalog: Catalog): string | undefined {
  const last = context.lastCall && catalog.groupOf.get(context.lastCall.tool);
  if (!last || input.includes("@") || !/\be\d{1,5}\b/i.test(input)) return undefined;
  const windowRefs = catalog.templates.some(
    (t) => catalog.groupOf.get(t.tool) === last && t.template.source.includes(":uiref}"),
  );
  return windowRefs ? input.replace(/\b(e\d{1,5})\b/gi, "@$1") : undefined;
}
