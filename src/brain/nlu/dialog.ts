import { DIALOG_FILLERS, DIALOG_PHRASES, type DialogAct } from "./common/index.js";

/**
 * Yes / no / cancel / repeat, recognised only when the whole utterance is made of such phrases
 * (plus harmless fillers): "yeah go ahead", "no thanks", "never mind", "say that again".
 * "Cancel my timer" is a command, not a dialog answer, because "my timer" is neither.
 */
export class DialogRecognizer {
  private readonly phrases: Array<{ words: string[]; act: DialogAct }> = [];

  constructor() {
    for (const [act, list] of Object.entries(DIALOG_PHRASES) as Array<[DialogAct, readonly string[]]>) {
      for (const phrase of list) this.phrases.push({ words: phrase.split(" "), act });
    }
    // Longest first so "do not do that" wins over "do not"
    this.phrases.sort((a, b) => b.words.length - a.words.length);
  }

  recognize(words: readonly string[]): DialogAct | undefined {
    if (words.length === 0 || words.length > 10) return undefined;
    const acts = new Set<DialogAct>();
    let i = 0;
    while (i < words.length) {
      const phrase = this.phrases.find((p) => p.words.every((w, k) => words[i + k] === w));
      if (phrase) {
        acts.add(phrase.act);
        i += phrase.words.length;
      } else if (DIALOG_FILLERS.has(words[i]!)) {
        i += 1;
      } else {
        return undefined;
      }
    }
    if (acts.size === 1) return [...acts][0];
    if (acts.size === 2 && acts.has("no") && acts.has("cancel")) return "cancel";
    if (acts.size === 2 && acts.has("repeat") && acts.has("yes")) return undefined;
    return undefined;
  }
}
