/**
 * How a word sounds, roughly, for the spelling corrector's last tier: words spelt by ear
 * ("musik", "screan", "volumn", "wheather"), spelt as another language spells the same sound
 * ("kalender", "foto", "kontakt", "programm") and shortened to their consonants ("nxt", "rmnd")
 * share the key of the word that was meant. The key is the first sound, then the consonants
 * with the letters that spell one sound made one (c/k/q, ph/f, z/s, a doubled letter), silent
 * letters dropped (an h after a consonant, the n of a final "mn").
 */
export function soundKey(word: string): string {
  const spelt = spelling(word);
  const first = spelt[0] ?? "";
  const rest = spelt.slice(1).replace(/[aeiouyhw]/g, "");
  // The first letter stands for its sound: a word may start with a vowel or an h
  return (first + rest).replace(/(.)\1+/g, "$1");
}

/** The word with the letters that spell one sound written one way ("photo" → "foto", "music" → "musik"). */
export function spelling(word: string): string {
  return word
    .replace(/^kn/, "n")
    .replace(/^wr/, "r")
    .replace(/mn$/, "m")
    .replace(/ph/g, "f")
    .replace(/ck/g, "k")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/[cq]/g, "k")
    .replace(/x/g, "ks")
    .replace(/z/g, "s")
    .replace(/(.)\1+/g, "$1");
}

/**
 * The vowel sounds of a word in order: a short word whose vowels differ is another word ("mike",
 * "make"), but one long vowel spelt two ways is the same sound ("male" and "mail", "weak" and
 * "week"): a silent final e lengthens the vowel before it, and ai/ay, ee/ea, oa are one each.
 */
export function vowelsOf(word: string): string {
  return word
    .replace(/([aeiou])([^aeiouwy])e$/, "$1$1$2")
    .replace(/ai|ay/g, "aa")
    .replace(/ea/g, "ee")
    .replace(/oa/g, "oo")
    .replace(/[^aeiou]/g, "");
}

/** Optimal string alignment distance (a swap of neighbours is one edit), stopping past `most`. */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(best);
    }
  }
  return rows[a.length]![b.length]!;
}
