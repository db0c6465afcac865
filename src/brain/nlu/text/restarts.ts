import type { Token } from "./normalize.js";
import { isNumberWord } from "./numbers.js";

/**
 * A false start said again, the way speech is transcribed ("set a... set a timer", "call call
 * mum", "for for 20 minutes minutes"): a run of one to three words repeated at once is kept once
 * (the later copy, whose span runs on into the rest). Only words: a number said twice is a value
 * ("at ten ten" is 10:10), and so is a run that holds one.
 */
export function saidOnce(tokens: readonly Token[]): Token[] {
  const word = (t: Token | undefined) => t !== undefined && /^[a-z]+$/.test(t.w) && !isNumberWord(t.w);
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const run = [1, 2, 3].find(
      (n) =>
        i + 2 * n <= tokens.length &&
        tokens.slice(i, i + n).every((t, k) => word(t) && t.w === tokens[i + n + k]!.w),
    );
    if (run) i += run - 1;
    else out.push(tokens[i]!);
  }
  return out.length > 0 ? out : [...tokens];
}
