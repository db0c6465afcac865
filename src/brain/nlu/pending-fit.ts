import type { Catalog } from "./catalog.js";
import { kindOf } from "./slot-filling.js";

/**
 * Whether an answer fits the question a pending call put, before it is read as that value.
 * A pending question takes almost any words as its value, so two kinds of reply were read as
 * answers they are not:
 * - a file asked for ("Which document?") answered by a sentence that is no name of a file
 *   ("reply all: thanks, it ships Thursday"): a file is named by a path, a handle, a file name
 *   or a few words, never by a clause set apart by a colon or a long sentence;
 * - items asked for ("What should I add?") answered by the words of another tool of the same
 *   area ("take the towels off, we have enough"): that tool's own verb opens the reply, and
 *   an item of a list never does.
 * A reply that does not fit is read as a new request; nothing is lost, since the question is
 * put again by whatever that reading asks. A call of a tool no longer registered fits nothing.
 * A text asked for is never answered by a verb on the pending thing ("send it" after a draft),
 * and a place or a name asked for never by a request of its own ("tell me a joke about it"),
 * and no text ever by one of a listing picked by its place ("how big is the first one").
 */
export function fitsPending(
  pending: { tool: string; missing: readonly string[] },
  words: readonly string[],
  raw: string,
  catalog: Catalog,
): boolean {
  // A pending call of a tool no longer registered is no question to answer
  if (!catalog.groupOf.has(pending.tool)) return false;
  const arg = pending.missing[0];
  if (!arg) return true;
  const properties = catalog.properties.get(pending.tool);
  const kind = kindOf(arg, properties);
  if (kind === "text" && namesAFile(arg, properties?.[arg])) return looksLikeAFile(raw, words);
  // "send it", "cancel that": a verb on the pending thing itself is what to do with it, no value
  if (kind === "text" && ONLY_A_POINTER.test(words.join(" "))) return false;
  // "What should I search for?" answered "how big is the first one": one of what was shown,
  // picked by its place, is never the wording of a value
  if (kind === "text" && (PICKS_ONE.test(words.join(" ")) || PICKS_BY_LABEL.test(words.join(" "))))
    return false;
  // "Which city?" answered "tell me a joke about it": a thing named is never a request of its own
  if (kind === "text" && !OWN_WORDING.test(arg) && OPENS_A_REQUEST.test(words.join(" "))) return false;
  if (kind === "list") return !opensAnotherTool(pending.tool, words, catalog);
  return true;
}

/** Arguments whose value may be any sentence of the user's (a title, a query, a message). */
const OWN_WORDING =
  /^(?:title|subject|body|content|text|message|note|notes|description|summary|details|query|question|prompt|expression|command|script|code|topic|reason)$/;

/** Words that open a request or a question to Jarvis, never the name of a place or a person. */
const OPENS_A_REQUEST =
  /^(?:(?:ok|okay|now|and|so|please|actually|no|wait) )*(?:(?:tell|show|give|read|find|get|send) me\b|(?:can|could|would|will) you\b|do you\b|what (?:is|are|was)\b|what s\b|whats\b|how (?:do|does|is|are|much|many|long)\b|why\b|who (?:is|are)\b|where (?:is|are)\b)/;

/** "the first one", "the second of them", "number 3": one of a listing, by its place. */
const PICKS_ONE =
  /\b(?:the|that) (?:first|second|third|fourth|fifth|sixth|last|top|bottom|\d{1,2}(?:st|nd|rd|th)) (?:one|ones|of (?:them|those|these))\b|\bnumber \d{1,2}\b/;

/** "open the helm one", "read me that gym one": a verb on one of a listing, picked by a label. */
const PICKS_BY_LABEL = /^(?:\w+ ){0,2}(?:the|that) [\w'-]+ one$/;

/** A verb or two and a pointer, nothing else: the words do something to what is pending. */
const ONLY_A_POINTER =
  /^(?:just |ok |okay |now |then )?\w+(?: \w+)? (?:it|that|this|them)(?: now| then| please| off| out)?$/;

function namesAFile(arg: string, property: Record<string, unknown> | undefined): boolean {
  if (/^(?:path|file|document)$/.test(arg)) return true;
  return /\bfile ?path\b|\bpath (?:to|of) (?:a|the) file\b/i.test(String(property?.description ?? ""));
}

/** A path, a handle, a file name with its extension, or a short name with no clause in it. */
function looksLikeAFile(raw: string, words: readonly string[]): boolean {
  if (/[~/]|#[a-z]\d|\.\w{1,5}\b/i.test(raw)) return true;
  return words.length <= 6 && !/[:;]/.test(raw);
}

/** The reply's first words are another tool's of the pending tool's area, and not its own. */
function opensAnotherTool(tool: string, words: readonly string[], catalog: Catalog): boolean {
  const opening = words.slice(0, 3).join(" ");
  const own = (name: string) => (catalog.intentsOf.get(name) ?? []).some((s) => s.anchors?.test(opening));
  if (own(tool)) return false;
  const group = catalog.groupOf.get(tool);
  for (const [other, otherGroup] of catalog.groupOf) {
    if (other === tool || otherGroup !== group) continue;
    const specs = catalog.intentsOf.get(other) ?? [];
    const said = words.join(" ");
    if (specs.some((s) => s.anchors?.test(opening) && !s.vetoes?.test(said))) return true;
  }
  return false;
}
