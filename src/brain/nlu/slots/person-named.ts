/**
 * A person's name said with their address or number, as typed (capitals kept): "… as Jenny
 * Brown", "… called Tom Reid", "new contact: Priya Shah, priya@…", "add Rosa Diaz rosa@… to
 * contacts". For an argument that holds a person's full name (a card to add): the name is a run
 * of one to four capitalised words, introduced by a word that names it (as, called, named), or
 * standing right after the noun "contact" or right before an address. A capitalised word that
 * opens the sentence, a weekday, a month or "I" is no name.
 */

/** One word of a name as typed: capital first ("O'Neill", "Jean-Luc", "McAdam"). */
const WORD = String.raw`[A-Z][\p{L}'’-]*`;
const NAME = String.raw`(${WORD}(?:\s+${WORD}){0,3})`;
/** A word that introduces the name it is given. */
const INTRODUCED = new RegExp(String.raw`\b(?:as|called|named)\s+${NAME}`, "gu");
/** The name right after the noun for a card ("new contact: X", "add a contact X, …"). */
const AFTER_NOUN = new RegExp(String.raw`\bcontact\s*[:,-]?\s+${NAME}`, "gu");
/** The name right before an address ("Rosa Diaz rosa@…", "Tom Reid, tom@…"). */
const BEFORE_ADDRESS = new RegExp(String.raw`${NAME}\s*[,:]?\s+[\w.+-]+@`, "gu");

/** Capitalised words that are no one's name. */
const NOT_A_NAME =
  /^(?:I|I'm|I'd|Please|Pls|Could|Can|Would|Will|Add|Save|Put|Store|New|Create|Make|My|The|A|An|Email|E-mail|Mail|Contact|Contacts|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Jarvis)$/;

/** The name, its words trimmed of ones that are no name (a capital opening the sentence). */
function named(found: string): string | undefined {
  const words = found.split(/\s+/);
  while (words.length > 0 && NOT_A_NAME.test(words[0]!)) words.shift();
  while (words.length > 0 && NOT_A_NAME.test(words.at(-1)!)) words.pop();
  return words.length > 0 ? words.join(" ") : undefined;
}

export function personNamed(text: string): string | undefined {
  for (const pattern of [INTRODUCED, AFTER_NOUN, BEFORE_ADDRESS])
    for (const found of text.matchAll(pattern)) {
      // A capital that only opens the sentence is no name ("Add rosa@… to contacts")
      if (found.index === 0 && pattern === BEFORE_ADDRESS && !/\s/.test(found[1]!)) continue;
      const name = named(found[1]!);
      if (name) return name;
    }
  return undefined;
}

/** A phone number as typed: digits in groups, an optional leading +, seven digits or more. */
export function phoneSaid(text: string): string | undefined {
  for (const found of text.matchAll(/(?<![\w@.+-])(\+?\d[\d\s-]{5,16}\d)(?![\w@.-])/g)) {
    const digits = found[1]!.replace(/\D/g, "");
    if (digits.length >= 7 && digits.length <= 15) return found[1]!.trim();
  }
  return undefined;
}
