/**
 * One word in its other forms: clipped or in full ("telephone" and "phone", "vid" and "video"),
 * or the everyday name of the same thing ("telly" for "tv"). Not synonyms: each pair names one
 * thing, so reading one as the other changes no request. A form is read as its partner only when
 * the catalog says the partner far more often (`formOf`): the catalog's own word is the one its
 * sentences were trained on, whichever of the two that is.
 */
const FORMS: ReadonlyArray<readonly [string, string]> = [
  ["telephone", "phone"],
  ["telephoned", "phoned"],
  ["television", "tv"],
  ["telly", "tv"],
  ["photograph", "photo"],
  ["photographs", "photos"],
  ["microphone", "mic"],
  ["video", "vid"],
  ["videos", "vids"],
  ["picture", "pic"],
  ["pictures", "pics"],
  ["refrigerator", "fridge"],
  ["application", "app"],
  ["applications", "apps"],
  ["information", "info"],
  // Not "doc": as often the doctor as a document
];
const PARTNER = new Map<string, string>(FORMS.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]));

/** How many times more often the catalog must say the other form. */
const FAR_MORE = 10;
/** The least the catalog must say the other form at all. */
const SAID_AT_LEAST = 3;

/** The form of `word` the catalog says far more often, or undefined: the word as typed stands. */
export function formOf(word: string, seen: (word: string) => number): string | undefined {
  const other = PARTNER.get(word);
  if (!other) return undefined;
  const often = seen(other);
  return often >= SAID_AT_LEAST && often > FAR_MORE * seen(word) ? other : undefined;
}
