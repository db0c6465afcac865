import { type Args, type BuildInput, splitItems } from "../../brain/nlu/language/index.js";

/**
 * A new list named and filled in one breath ("new list called camping: tent, stove", "a new list
 * named bake sale with flour and eggs", "new list called gym, put towel and lock on it"): the
 * name runs from "called" to the first break (a colon, a comma, "with"), the things after it.
 * Said with no break, it is the empty list created by that name.
 */
const NAMED_AND_FILLED =
  /\b(?:called|named|titled)\s+(.+?)(?:\s*(?::|,|\s-\s)\s*|\s+(?:with|containing)\s+)(?:(?:and\s+)?(?:put|add|stick|pop|write)\s+)?(.+?)(?:\s+(?:on|in|to|into|onto)\s+(?:it|there))?\s*[.!]*$/i;
/** Words after the break that speak of the list, not things to put on it. */
const ASIDE = /\b(?:nothing|empty|blank|yet|for now|later|it|them)\b/i;
const NAMED_ONLY = /\b(?:called|named|titled)\s+(.+?)\s*[.!]*$/i;

/** The name and things of a new list said in one breath, or undefined when they do not read so. */
export function newListArgs(input: BuildInput): Args | undefined {
  const text = input.env.text;
  if (/\?\s*$/.test(text)) return undefined;
  const filled = NAMED_AND_FILLED.exec(text);
  if (filled) {
    const name = (filled[1] ?? "").trim();
    const rest = filled[2] ?? "";
    // An aside after the break says the list starts empty ("…, nothing on it yet")
    if (wordsIn(name) <= 5 && ASIDE.test(rest)) return { list: name, items: [] };
    const items = splitItems(rest);
    if (items && wordsIn(name) <= 5) return { list: name, items };
  }
  const only = NAMED_ONLY.exec(text);
  const name = (only?.[1] ?? "").trim();
  // A name alone is a few words with no break in them
  if (!name || wordsIn(name) > 5 || /[,:;]|\b(?:with|and|then|please)\b/i.test(name)) return undefined;
  return { list: name, items: [] };
}

const wordsIn = (s: string) => s.split(/\s+/).length;

/**
 * Words that open a question or point at what is already there ("what's on", "is milk on",
 * "anything on", "everything on"): said before "on the X list" they ask to see it, they add nothing.
 */
const ASKS_OR_POINTS =
  /^(?:what|whats|what's|which|how|is|are|was|were|do|does|did|have|has|any|anything|something|everything|nothing|all|stuff|things?|items?|it|that|this|them|those|these|whatever|who|where|when|why|still|left|read|show|check|see)\b/i;
/**
 * A subject or a verb of being, having or doing inside the "thing" makes it a statement about the
 * list ("i saw milk on the shopping list", "there are three things on my todo list"), and another
 * tool's thing (a reminder, a note) is that tool's: neither is something to add.
 */
const SAYS_SOMETHING =
  /\b(?:i|i'm|im|we|we're|you|he|she|they|there|is|are|was|were|am|be|been|have|has|had|do|does|did|can|could|will|would|should|saw|seen|see|list|remind|reminder|note)\b/i;
/**
 * A verbless "<thing> on the <list> list" adds only what reads as things: a few words each, no
 * question, no word that asks or points at the list's contents, and no verb of another request.
 */
export function verblessItems(items: unknown, text: string): boolean {
  if (!Array.isArray(items) || items.length === 0 || /\?\s*$/.test(text)) return false;
  return items.every((raw) => {
    const item = String(raw).trim();
    const words = item.split(/\s+/);
    return words.length <= 5 && !ASKS_OR_POINTS.test(item) && !SAYS_SOMETHING.test(item);
  });
}
