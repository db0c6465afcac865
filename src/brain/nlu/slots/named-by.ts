/**
 * Things named by what they are for or what they show, said in passing (nlu44): a timer or an
 * alarm "for the eggs", "the timer which is for the rice" (its label), and a window "with the
 * invoice in it", "titled Budget" (the window to act on). Read from the raw text for arguments
 * that hold such a name; a length, a moment or a count after "for" is no name.
 */

/** What follows "for" that is a moment, a length, a count or a person, never what it is for. */
const NOT_A_LABEL =
  /^(?:\d|a |an |one |two |three |four |five |six |seven |eight |nine |ten |half |quarter |me\b|you\b|us\b|it\b|him\b|her\b|them\b|now\b|later\b|today\b|tomorrow\b|tonight\b|(?:the )?(?:morning|afternoon|evening|night|weekend|next|rest)\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|every\b|each\b|ever\b|good\b|real\b|a while\b)/i;
/** Words that end a label and open another part of the request. */
const LABEL_ENDS =
  /\s+(?:at|on|in|to|from|by|till|until|tomorrow|today|tonight|every|and|please|pls|would|could|will|can|thanks|cancel|stop|delete|set|start)\b.*$/i;
const FOR_THE = /\bfor\s+(?:the|my|our|his|her|their)\s+([^,.;:!?]+)/gi;
const NAMED_LABEL = /\b(?:(?:label|name|call)\s+it|called|named|labell?ed)\s+["']?([^,.;:!?"']+)/i;

/** What a timer or an alarm is for: "for the eggs" (the last such phrase), "label it tea". */
export function labelSaid(text: string): string | undefined {
  const named = NAMED_LABEL.exec(text)?.[1]?.replace(LABEL_ENDS, "").trim();
  if (named && named.split(/\s+/).length <= 4 && !NOT_A_LABEL.test(named)) return named;
  let label: string | undefined;
  for (const found of text.matchAll(FOR_THE)) {
    const phrase = found[1]!.replace(LABEL_ENDS, "").trim();
    if (phrase && phrase.split(/\s+/).length <= 3 && !NOT_A_LABEL.test(phrase)) label = phrase;
  }
  return label;
}

const WINDOW_BY =
  /\b(?:window|one)\s+(?:with|showing|that (?:has|shows)|which (?:has|shows)|titled|called|named|labelled)\s+(?:the\s+|a\s+|my\s+)?["']?([^,.;:!?"']+?)["']?(?:\s+(?:in|on)\s+(?:the|its)\s+(?:title|name)(?:\s+bar)?)?(?=\s+(?:to|in|on|at|and|please|up|down|back)\b|[,.;:!?]|$)/i;

/** The window named by what it shows or its title: "the window with the invoice", "titled Notes". */
export function windowSaid(text: string): string | undefined {
  const found = WINDOW_BY.exec(text)?.[1]?.trim();
  return found && found.split(/\s+/).length <= 5 ? found : undefined;
}
