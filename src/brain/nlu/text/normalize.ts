import { saidOnce } from "./restarts.js";
/**
 * Turns raw text into tokens the templates and the classifier read. Every token keeps the
 * character span it came from, so free-text slots return the user's own words and casing.
 */
export interface Token {
  /** Normalized word: lowercase, contractions expanded, possessive split off. */
  w: string;
  start: number;
  end: number;
}

export const MAX_INPUT_CHARS = 400;
const MAX_TOKENS = 60;

export type ScreenVerdict =
  | { ok: true }
  | { ok: false; reason: "empty" | "too_long" | "binary" | "language" | "no_words"; reply: string };

/** Bad input is refused before any parsing: it must come out as `unknown`, never as an action. */
export function screen(text: string): ScreenVerdict {
  const trimmed = text.trim();
  if (trimmed.length === 0)
    return { ok: false, reason: "empty", reply: "I didn't catch anything; say a command." };
  if (trimmed.length > MAX_INPUT_CHARS) {
    return {
      ok: false,
      reason: "too_long",
      reply: `That is too long for a command (over ${MAX_INPUT_CHARS} characters); say it in fewer words.`,
    };
  }
  if (/[\u0000-\u0008\u000e-\u001f\u007f\ufffd]/.test(trimmed)) {
    return { ok: false, reason: "binary", reply: "That looks like binary data, not a command." };
  }
  const letters = trimmed.match(/\p{L}/gu) ?? [];
  // A sum written out ("365*24", "(12 + 8) / 4") is a request without a single letter
  const sum = /^[\d\s.,()]*\d[\d\s.,()]*[-+*/×÷^%][\d\s.,()+\-*/×÷^%]*$/.test(trimmed);
  if (letters.length === 0 && !sum)
    return { ok: false, reason: "no_words", reply: "I need words to work with." };
  if (letters.length === 0) return { ok: true };
  const latin = letters.filter((c) => /[A-Za-z\u00c0-\u024f]/.test(c)).length;
  const accented = letters.filter((c) => /[\u00c0-\u024f]/.test(c)).length;
  if (latin / letters.length < 0.8 || /[¿¡]/.test(trimmed) || accented / letters.length > 0.2) {
    return { ok: false, reason: "language", reply: "I only understand English for now." };
  }
  return { ok: true };
}

const CONTRACTIONS: Record<string, string> = {
  "what's": "what is",
  whats: "what is",
  // The same question in text-speak
  wats: "what is",
  wots: "what is",
  wat: "what",
  wot: "what",
  "that's": "that is",
  thats: "that is",
  "it's": "it is",
  "there's": "there is",
  "here's": "here is",
  "who's": "who is",
  whos: "who is",
  "where's": "where is",
  wheres: "where is",
  "how's": "how is",
  hows: "how is",
  "when's": "when is",
  "i'm": "i am",
  im: "i am",
  "you're": "you are",
  "we're": "we are",
  "they're": "they are",
  "i've": "i have",
  "you've": "you have",
  "we've": "we have",
  "i'll": "i will",
  "you'll": "you will",
  "we'll": "we will",
  "i'd": "i would",
  "you'd": "you would",
  "can't": "can not",
  cant: "can not",
  cannot: "can not",
  "won't": "will not",
  "don't": "do not",
  dont: "do not",
  "doesn't": "does not",
  doesnt: "does not",
  "didn't": "did not",
  didnt: "did not",
  "isn't": "is not",
  isnt: "is not",
  "aren't": "are not",
  "wasn't": "was not",
  "haven't": "have not",
  "let's": "let us",
  gonna: "going to",
  wanna: "want to",
  gimme: "give me",
  pls: "please",
  plz: "please",
  thx: "thanks",
  // Text-speak for days: a place slot must not take "paris tmr" for a city
  tmrw: "tomorrow",
  tmrow: "tomorrow",
  tmoro: "tomorrow",
  "2moro": "tomorrow",
  tmr: "tomorrow",
  tmw: "tomorrow",
  tomoz: "tomorrow",
  tonite: "tonight",
  "2day": "today",
  "to-do": "todo",
  "e-mail": "email",
  "e-mails": "emails",
  "wi-fi": "wifi",
  "today's": "today",
  "tomorrow's": "tomorrow",
  "tonight's": "tonight",
  "o'clock": "o'clock",
};

const URLISH = /^(?:https?:\/\/\S+|www\.\S+)$/i;
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const PATHISH = /^(?:~|\.{1,2})?\/[^\s]*$|^~$/;
const HANDLE = /^#[a-z]\d{1,6}$/;
const DOTTED = /^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)+(?:\/\S*)?$/i;
const PIECES =
  /\p{L}[\p{L}\p{N}]*(?:['’-][\p{L}\p{N}]+)*|\d+h\d{1,2}m?\b|\d+(?:[.,:]\d+)*(?:[a-z]{1,3}\b)?|[%+\-*/^()=$€£°×÷<>]/gu;

/** Splits text into tokens. Whole URLs, emails, paths, domains and handles stay one token. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const chunk = /\S+/g;
  for (let m = chunk.exec(text); m !== null && out.length < MAX_TOKENS; m = chunk.exec(text)) {
    const start = m.index;
    if (m[0] === "'s" || m[0] === "’s") {
      out.push({ w: "'s", start, end: start + 2 });
      continue;
    }
    const core = m[0].replace(/[.,!?;:"')\]]+$/, "").replace(/^["'([]+/, "");
    const offset = start + m[0].indexOf(core);
    if (core && (URLISH.test(core) || EMAIL.test(core) || PATHISH.test(core) || HANDLE.test(core))) {
      out.push({ w: core, start: offset, end: offset + core.length });
      continue;
    }
    if (core && DOTTED.test(core) && /[a-z]/i.test(core.split(".").at(-1) ?? "") && !/^\d/.test(core)) {
      out.push({ w: core.toLowerCase(), start: offset, end: offset + core.length });
      continue;
    }
    PIECES.lastIndex = 0;
    const piece = m[0];
    for (let p = PIECES.exec(piece); p !== null; p = PIECES.exec(piece)) {
      pushWord(out, p[0].toLowerCase().replaceAll("’", "'"), start + p.index, start + p.index + p[0].length);
    }
  }
  return out;
}

/** "twenty-five": a number written with a hyphen is two number words. */
const HYPHENATED_NUMBER =
  /^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(one|two|three|four|five|six|seven|eight|nine|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)$/;

function pushWord(out: Token[], word: string, start: number, end: number): void {
  const expanded = CONTRACTIONS[word];
  if (expanded) {
    for (const w of expanded.split(" ")) out.push({ w, start, end });
    return;
  }
  const tens = HYPHENATED_NUMBER.exec(word);
  if (tens) {
    const cut = start + tens[1]!.length;
    out.push({ w: tens[1]!, start, end: cut });
    out.push({ w: tens[2]!, start: cut + 1, end });
    return;
  }
  if (word.endsWith("'s") && word.length > 2) {
    out.push({ w: word.slice(0, -2), start, end: end - 2 });
    out.push({ w: "'s", start: end - 2, end });
    return;
  }
  if (word.endsWith("s'") && word.length > 2) {
    out.push({ w: word.slice(0, -1), start, end: end - 1 });
    return;
  }
  out.push({ w: word.replace(/'$/, ""), start, end });
}

/** Words around a command that carry no meaning for it ("hey jarvis, could you ... please"). */
const LEADING_FILLERS: readonly string[][] = [
  ["hey", "jarvis"],
  ["ok", "jarvis"],
  ["okay", "jarvis"],
  ["hi", "jarvis"],
  ["jarvis"],
  ["please"],
  ["kindly"],
  ["hey"],
  ["so"],
  ["and", "now"],
  ["now"],
  ["can", "you", "please"],
  ["could", "you", "please"],
  ["would", "you", "please"],
  ["can", "you"],
  ["could", "you"],
  ["would", "you"],
  ["will", "you"],
  ["can", "u"],
  ["i", "want", "you", "to"],
  ["i", "need", "you", "to"],
  ["i", "would", "like", "you", "to"],
  ["i", "would", "like", "to"],
  // The same wish said more warmly: an intensifier between "would" and "like"
  ["i", "would", "very", "much", "like", "to"],
  ["i", "would", "really", "like", "to"],
  ["i", "would", "love", "to"],
  ["i", "would", "love", "you", "to"],
  ["i", "want", "to"],
  ["i", "need", "to"],
  // A wish said in another language's order ("I want that you remind me …")
  ["i", "want", "that", "you"],
  ["i", "would", "like", "that", "you"],
  ["go", "ahead", "and"],
  ["quickly"],
  ["just"],
  // Hesitations and asides before a command ("actually cancel that", "um so add milk")
  ["actually"],
  ["um"],
  ["uh"],
  ["erm"],
  ["oh"],
  ["fyi"],
  ["no", "wait"],
  // Announcing a short request ("quick one, …"): "one" is no number there
  ["quick", "one"],
  ["quick", "question"],
  // Politeness said as to a stranger ("would you be so kind as to …", "excuse me, could you …")
  ["would", "you", "be", "so", "kind", "as", "to"],
  ["would", "you", "be", "kind", "enough", "to"],
  ["i", "was", "wondering", "if", "you", "could"],
  ["do", "me", "a", "favour", "and"],
  ["sorry", "to", "bother", "you"],
  ["excuse", "me"],
];

const TRAILING_FILLERS: readonly string[][] = [
  ["please"],
  ["for", "me", "please"],
  ["for", "me"],
  ["thanks"],
  ["thank", "you"],
  // A courtesy after the command ("… if it is not too much trouble")
  ["if", "that", "is", "not", "too", "much", "trouble"],
  ["if", "it", "is", "not", "too", "much", "trouble"],
  ["jarvis"],
  ["now", "please"],
  // When is at once: "… on my list right now" asks no more than "… on my list"
  ["right", "now"],
  // How thoroughly, said after a command that can only be done whole ("quit it altogether")
  ["altogether"],
  ["completely"],
  ["entirely"],
  // Said at the end of asking whether something happened ("did Sam answer yet"): the asker's
  // impatience, not what is asked
  ["yet"],
];

/** Sounds of thinking aloud, dictated or typed: no word of any request. */
const HESITATIONS = new Set(["um", "umm", "ummm", "uh", "uhh", "uhhh", "uhm", "erm", "ehm", "hmm", "hmmm"]);

/** Strips polite and vocative wrappers, hesitations and restarts; never strips the whole utterance. */
export function stripFillers(said: Token[]): Token[] {
  const thought = saidOnce(said.filter((t) => !HESITATIONS.has(t.w)));
  const tokens = thought.length > 0 ? thought : said;
  let start = 0;
  let end = tokens.length;
  let changed = true;
  while (changed) {
    changed = false;
    for (const filler of LEADING_FILLERS) {
      if (end - start > filler.length && filler.every((w, i) => tokens[start + i]?.w === w)) {
        start += filler.length;
        changed = true;
        break;
      }
    }
    for (const filler of TRAILING_FILLERS) {
      if (end - start > filler.length && filler.every((w, i) => tokens[end - filler.length + i]?.w === w)) {
        end -= filler.length;
        changed = true;
        break;
      }
    }
  }
  return tokens.slice(start, end);
}

/** Words that open a turn without adding to it: a joint to what was said before, or a nod. */
const OPENERS = new Set([
  "and",
  "also",
  "then",
  "ok",
  "okay",
  "alright",
  "right",
  "so",
  "well",
  "oh",
  "yeah",
  "fine",
]);

/** How many opening words ("and", "ok ok") come before the rest of the turn (never all of it). */
export function openerLength(tokens: readonly Token[]): number {
  let from = 0;
  while (from < tokens.length - 1 && OPENERS.has(tokens[from]!.w)) from++;
  return from;
}

/** Light suffix stripping so "alarms", "playing" and "played" share a feature with their stem. */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4) return word.slice(0, -2);
  if (word.endsWith("es") && /(?:ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

const QUESTION_STARTS = new Set([
  "what",
  "who",
  "whom",
  "whose",
  "where",
  "when",
  "why",
  "how",
  "which",
  "is",
  "are",
  "was",
  "were",
  "do",
  "does",
  "did",
  "can",
  "could",
  "should",
  "would",
  "will",
  "has",
  "have",
  "define",
  "explain",
  "describe",
  "summarize",
  "summarise",
  "tell",
  "whats",
]);

/** Is this phrased as a question (so "I'm not sure" can still answer it as one)? */
export function looksLikeQuestion(text: string, tokens: readonly Token[]): boolean {
  if (/\?\s*$/.test(text)) return true;
  const first = tokens[0]?.w;
  if (!first) return false;
  if (first === "tell")
    return (
      tokens[1]?.w === "me" &&
      ["about", "what", "who", "how", "why", "when", "where"].includes(tokens[2]?.w ?? "")
    );
  return QUESTION_STARTS.has(first) || (first === "i" && tokens[1]?.w === "wonder");
}

/** Starts with an English question word (not just a trailing "?", which any language has). */
export function startsLikeQuestion(tokens: readonly Token[]): boolean {
  return looksLikeQuestion("", tokens);
}

/** Sound-alike numbers put back (`heard.ts`), offered here beside the other readers of tokens. */
export { heardAs } from "./heard.js";
