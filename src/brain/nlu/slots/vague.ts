/**
 * Slot quality: a required value that names nothing ("it", "someone", "the file", "an email")
 * is no value. Acting on it would guess; Jarvis asks for it instead ("Which file?", "Who should
 * it go to?"). What the user writes (a title, a body, a note) is theirs to word, so there only a
 * bare pronoun counts as vague: "a meeting" is a fine title, "the file" is not a file.
 */

/** Words that stand for something not named. */
const PRONOUNS = new Set(
  "it its this that these those them they him her he she one ones someone somebody something anything anyone anybody everything stuff thing things whatever".split(
    " ",
  ),
);

/** Words that only point ("the", "that", "my", "new") before a noun. */
const POINTERS = new Set(
  "the a an my this that these those some one your our his her their its new old same other another certain particular latest last recent first next current right correct few".split(
    " ",
  ),
);

/**
 * Nouns that say what kind of thing without saying which: with only pointers before them they
 * refer to something the user has not named yet.
 */
const KINDS = new Set(
  "file files document documents doc docs folder folders directory directories pdf pdfs spreadsheet image images picture pictures photo photos video videos screenshot text txt email emails mail mails message messages note notes event events meeting meetings appointment appointments reminder reminders alarm alarms timer timers app apps application applications program programs contact contacts person people friend friends number address song songs track tracks item items list lists page pages website site link url window windows item thing web internet net online tab tabs word words name".split(
    " ",
  ),
);

/** Words that only place a verb ("shoot an email over to Ana"): read alone, they name no one. */
const PARTICLES = new Set("over across round around along back up out off away down".split(" "));
/** Number words: a title made only of them is a moment or an amount read twice, no title. */
const NUMBER_WORDS = new Set(
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand and".split(
    " ",
  ),
);
/** Words that only join others ("report the email as spam" read "as" as who): never a name. */
const JOINERS = new Set("as if so than like and or but of from by into onto via per".split(" "));

const TRAILING = new Set(["for", "at", "on", "in", "to", "about", "with"]);

/** Titles that only repeat what the thing is ("a reminder" titled "Reminder"). */
const PLACEHOLDER_TITLES = new Set(["reminder", "event", "appointment", "task", "item", "note", "entry"]);

/** Argument names whose value is the user's own wording (titles, bodies, notes). */
const WORDED = /^(?:title|subject|body|content|text|message|note|description|summary|details|notes)$/;

/** Argument names whose value is a key or a chord: "tab", "end" or "delete" there are keys. */
const CHORD = /^(?:keys?|hotkey|chord|shortcut)$/;

function vagueWords(value: string, worded: boolean): boolean {
  const words = value
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  // "something for": a dangling preposition adds nothing
  while (words.length > 0 && TRAILING.has(words.at(-1)!)) words.pop();
  if (words.length === 0) return true;
  // "open my notes" titled "my", "open up my notes" titled "up my", "read the last note" titled
  // "last": words that only point at a thing or place a verb are no title of one
  if (worded)
    return (
      (words.length === 1 && (PRONOUNS.has(words[0]!) || PLACEHOLDER_TITLES.has(words[0]!))) ||
      // "remind me at one thousand three hundred" titled "thousand three hundred": a number
      words.every((w) => NUMBER_WORDS.has(w)) ||
      // (a lone particle may be the message itself: "over")
      (words.some((w) => POINTERS.has(w)) &&
        words.every((w) => POINTERS.has(w) || PARTICLES.has(w) || JOINERS.has(w)))
    );
  let i = 0;
  while (i < words.length - 1 && POINTERS.has(words[i]!)) i++;
  const rest = words.slice(i);
  if (rest.length !== 1) return false;
  const [word] = rest as [string];
  return (
    PRONOUNS.has(word) ||
    PARTICLES.has(word) ||
    JOINERS.has(word) ||
    KINDS.has(word) ||
    (i > 0 && POINTERS.has(word))
  );
}

/** Is this value of `arg` a placeholder rather than a value? Handles ("#f2") never are. */
export function isVague(arg: string, value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => isVague(arg, v));
  if (typeof value !== "string") return false;
  // Handles ("#f2"), paths, file names and numbers name something
  if (/[#./~\d@]/.test(value)) return false;
  // A key said by its name ("press tab", "hit home") is that key, not a thing left unnamed
  if (CHORD.test(arg)) return false;
  return vagueWords(value, WORDED.test(arg));
}

/**
 * The required arguments whose values are placeholders: to be asked for, not acted on. A value
 * from a fixed set the schema names ("track" for a repeat mode) is never one.
 */
export function vagueArgs(
  args: Record<string, unknown>,
  required: readonly string[] | undefined,
  properties?: Record<string, Record<string, unknown>>,
): string[] {
  return (required ?? []).filter(
    (name) => args[name] !== undefined && !properties?.[name]?.enum && isVague(name, args[name]),
  );
}
