/** Paths written relative to here with a slash, which the tokenizer splits at the slash. */

export const NO_ENDINGS: ReadonlySet<string> = new Set();

/** Word pairs written with a slash that are no path ("and/or", "his/her", "yes/no"). */
const SLASHED_WORDS = new Set(
  "and or his her he she him hers yes no on off in out am pm either nor to from".split(" "),
);

/**
 * A path written relative to where one is, with no space in it: "notes/todo.txt",
 * "thesis/ch2.pdf", "Pictures/shoots", "src/app/". The tokenizer splits it at the slash, so it is
 * read from the raw text. A slash between everyday words ("and/or", "his/her"), a fraction or a
 * speed ("1/2", "km/h") is none: each part needs a letter and two characters, and no part is a
 * word people join with a slash.
 */
export function relativePath(raw: string, endings: ReadonlySet<string>): string | undefined {
  const text = raw.trim().replace(/^["']|["'.,!?;:]+$/g, "");
  if (!/^[\w.~-][\w.~()&+-]*(?:\/[\w.()&+-]+)+\/?$/.test(text) || text.startsWith("~")) return undefined;
  const parts = text.split("/").filter(Boolean);
  if (parts.some((part) => part.length < 2 || !/\p{L}/u.test(part))) return undefined;
  if (parts.some((part) => SLASHED_WORDS.has(part.toLowerCase()))) return undefined;
  // "notes/todo.txt" has an ending; "notes/todo.pdfx" or "v2/final.x" has something else
  const ending = /\.([a-z0-9]{1,5})$/i.exec(parts.at(-1)!)?.[1]?.toLowerCase();
  return ending === undefined || endings.size === 0 || endings.has(ending) ? text : undefined;
}

/**
 * The written relative paths of a text, by the tokens they were split into: the first token of
 * each maps to the path, the others to undefined (they are part of it, no value of their own).
 */
export function writtenPaths(
  text: string,
  tokens: ReadonlyArray<{ start: number; end: number }>,
  endings: ReadonlySet<string>,
): Map<number, string | undefined> {
  const covered = new Map<number, string | undefined>();
  for (const chunk of text.matchAll(/\S+/g)) {
    const path = relativePath(chunk[0], endings);
    if (!path) continue;
    const end = chunk.index + chunk[0].length;
    let first = true;
    tokens.forEach((t, i) => {
      if (t.start < chunk.index || t.end > end) return;
      covered.set(i, first ? path : undefined);
      first = false;
    });
  }
  return covered;
}

/**
 * The end of a written path read on its own ("/calendar.ics" of "backup/calendar.ics"): the raw
 * text follows a word with no space between them wherever it is said.
 */
export function tailOfWritten(raw: string, text: string): boolean {
  const value = raw.trim();
  if (!value.startsWith("/")) return false;
  let seen = false;
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    if (at === 0 || /\s/.test(text[at - 1]!)) return false;
    seen = true;
  }
  return seen;
}
