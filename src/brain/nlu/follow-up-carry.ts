import type { Catalog } from "./catalog.js";
import { tokenize } from "./text/normalize.js";
import type { NluCall, NluResult } from "./types.js";

/**
 * Values carried into a follow-up that changes the tool (issue 16): "and the forecast" after
 * the weather in Paris, "search the web instead" after searching the notes for fence, "try my
 * documents instead". The words name another tool and leave out what it is about; the last
 * call said it. So a value the new reading lacks, or one that is only the follow-up's own words
 * ("the web instead" as a query), takes the last call's value of the same name and type. Only for
 * words said as a follow-up (a joining lead or a closing "instead"), and only for values of the
 * new tool's own schema; the engine names no tool.
 */

/** How a follow-up is said: a joining lead, or a closing that says it replaces the last. */
const LEADS = new Set(["and", "now", "then", "try", "ok", "okay", "what", "how"]);
const CLOSINGS = new Set(["instead", "too"]);

/** Arguments a request fills in its own words. */
const WORDING =
  /^(?:title|subject|body|content|text|message|note|notes|description|summary|details|query|question|prompt|expression|command|script|code|topic|reason|label|name)$/;
const ORDINAL = /^(?:first|second|third|fourth|fifth|last|top|bottom|next|previous|\d{1,2}(?:st|nd|rd|th))$/;

export function carriedOver(
  read: NluResult,
  last: NluCall,
  catalog: Catalog,
  text: string,
): { call: NluCall; missing: string[] } | undefined {
  if (read.kind !== "action" || !read.tool || (read.calls?.length ?? 1) > 1) return undefined;
  const words = tokenize(text).map((t) => t.w);
  if (!LEADS.has(words[0] ?? "") && !CLOSINGS.has(words.at(-1) ?? "")) return undefined;
  // "how big is the first one": one of what was listed, not the listing's own values
  if (words.some((w) => ORDINAL.test(w))) return undefined;
  const properties = catalog.properties.get(read.tool) ?? {};
  const args: Record<string, unknown> = { ...read.args };
  let changed = false;
  for (const [name, value] of Object.entries(last.args)) {
    const p = properties[name];
    if (!p || value === undefined || typeof value === "boolean" || p.type !== typeof value) continue;
    const now = args[name];
    // The follow-up's own words taken as the value: every word said, a joining one among them
    const own =
      typeof now === "string" &&
      tokenize(now).every((t) => words.includes(t.w)) &&
      tokenize(now).some((t) => LEADS.has(t.w) || CLOSINGS.has(t.w));
    // What a request says in its own words (a query, a sum, a message) the new words say anew:
    // only the follow-up's own words taken as one are replaced, nothing missing is filled
    if (now === undefined ? WORDING.test(name) : !own) continue;
    args[name] = value;
    changed = true;
  }
  if (!changed) return undefined;
  const missing = (read.missing ?? []).filter((name) => args[name] === undefined);
  return { call: { tool: read.tool, args }, missing };
}
