/**
 * Whether the user's own words carry a statement: every content word of it (names, values,
 * addresses, relations) is among the words they said this session. A paraphrase such as "The
 * user's boss is Sarah Chen" of "my boss is sarah chen" counts; an address, a name or a number
 * they never said does not.
 */
export function statedBy(text: string, said: readonly string[]): boolean {
  const spoken = new Set(said.flatMap(contentWords));
  const words = contentWords(text);
  return words.length > 0 && words.every((word) => spoken.has(word));
}

/** Words that carry no fact of their own (how a statement is phrased, not what it says). */
const FUNCTION_WORDS = new Set(
  "a an the is are was were be been am i me my mine you your user user's users their they he she his her it its of to in on at for and or that this these those with as by please remember note don't do not forget keep mind".split(
    " ",
  ),
);

/** Lower-case words without sentence punctuation or a trailing possessive; addresses stay whole. */
function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s,;:!?"“”()]+/)
    .map((word) => word.replace(/^[.'’]+|[.'’]+$/g, "").replace(/['’]s$/, ""))
    .filter((word) => word.length > 0 && !FUNCTION_WORDS.has(word));
}
