import type { LanguageEnv } from "../../../core/language.js";
import { isNumberWord, parseNumber } from "../text/numbers.js";
import { parsePosition } from "./duration.js";
import { FOLDERS, relativePath, tailOfWritten } from "./entities.js";

/** The shape of a slot type (slots/index.ts): kept structural here so the two files stay apart. */
interface SlotTypeShape {
  maxTokens: number;
  free?: boolean;
  parse(words: readonly string[], raw: string, env: LanguageEnv): unknown;
  samples: readonly string[];
}

/** Endings of the files people name by name ("report.pdf"). */
export const FILE_ENDINGS = new Set(
  "txt md markdown pdf doc docx odt rtf csv tsv xls xlsx ods ppt pptx odp json yaml yml xml html htm ics vcf png jpg jpeg gif webp svg bmp mp3 wav flac ogg m4a mp4 mkv mov avi webm zip tar gz tgz 7z log ini conf cfg sh py js ts go rs java c cpp h rb php sql epub".split(
    " ",
  ),
);

/** A file or folder: a path, a handle from a listing, a known folder, or a name with an ending. */
function parseFile(words: readonly string[], raw: string, env: LanguageEnv): string | undefined {
  const text = raw.trim().replace(/^["']|["'.,!?]+$/g, "");
  if (words.length === 1 && /^#[fd]\d{1,6}$/.test(text)) return text;
  if (tailOfWritten(text, env.text)) return undefined;
  const relative = words.length > 1 ? relativePath(raw, FILE_ENDINGS) : undefined;
  if (relative) return relative;
  if (words.length === 1 && /^(?:~|\.{1,2})?\/|^~$/.test(text)) return text;
  const rest = words.filter((w) => w !== "my" && w !== "the" && w !== "folder" && w !== "directory");
  // "Documents" written with its capital is the folder; "documents" alone may be any documents
  const capital = words.length === 1 && /^[A-Z]/.test(text);
  // "summarise the document" names one document, not the Documents folder: a singular names
  // the folder only with "folder" said
  const one = (rest[0] === "document" || rest[0] === "download") && !/\b(?:folder|directory)\b/.test(text);
  if (
    !one &&
    rest.length === 1 &&
    (words.length >= 2 || capital || rest[0] === "downloads" || rest[0] === "desktop")
  ) {
    const folder = FOLDERS[rest[0]!];
    if (folder) return folder;
  }
  const named = /^[\w][\w .()&+-]{0,80}\.([a-z0-9]{1,5})$/i.exec(text);
  // A file of the user's own is named by where it is
  const known = env.user?.files?.get(text.toLowerCase());
  if (known) return known;
  if (named && FILE_ENDINGS.has(named[1]!.toLowerCase()) && words.length <= 6) return text;
  // A written path may hold spaces ("~/Desktop/Screenshot 2026-01-04.png") when it ends in a file's ending
  const spaced = /^(?:~|\.{1,2})?\/[^\n]{1,200}\.([a-z0-9]{1,5})$/i.exec(text);
  if (spaced && FILE_ENDINGS.has(spaced[1]!.toLowerCase()) && words.length <= 9) return text;
  return undefined;
}

/** Programs people run by name; the gate and config decide which are allowed. */
const PROGRAMS = new Set(
  "git ls df du uptime whoami date echo cat pwd ps free uname hostname npm node python python3 pip make docker top ping curl wget tree wc head tail grep find which env id uptime lsblk ip".split(
    " ",
  ),
);

/** Programs whose names are no everyday word: said alone at the start, the line is a command. */
const COMMAND_NAMES = new Set("git df du uptime whoami echo pwd uname hostname lsblk".split(" "));

const KEY_NAMES = new Set(
  "ctrl control alt shift super cmd command meta win windows option enter return escape esc tab space spacebar backspace delete del home end pageup pagedown up down left right insert f1 f2 f3 f4 f5 f6 f7 f8 f9 f10 f11 f12".split(
    " ",
  ),
);

/** Keys said in two words ("page down", "the up arrow", "space bar"), as the key's one name. */
const TWO_WORD_KEYS: Readonly<Record<string, string>> = {
  "page up": "pageup",
  "page down": "pagedown",
  "up arrow": "up",
  "down arrow": "down",
  "left arrow": "left",
  "right arrow": "right",
  "arrow up": "up",
  "arrow down": "down",
  "arrow left": "left",
  "arrow right": "right",
  "space bar": "space",
};

function joinKeyNames(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const two = TWO_WORD_KEYS[`${words[i]} ${words[i + 1]}`];
    if (two) {
      out.push(two);
      i++;
    } else out.push(words[i]!);
  }
  return out;
}

// Each day's short forms and its full name: "wednesday" and "saturday" are no short form + "day"
const WEEKDAY = /^(mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?s?$/;

/**
 * How often something comes back, as the timers and reminders take it: "every day" → daily,
 * "on weekdays" → weekdays, "every monday and thursday" → mon,thu, "on monday wednesday and
 * friday" → mon,wed,fri (one day is a date; a list of days said after "on" is the days it comes back).
 */
export function parseRepeat(words: readonly string[]): string | undefined {
  const w = words.filter((x) => !["on", "the", "a", "at", "in"].includes(x));
  if (w.length === 0 || w.length > 8) return undefined;
  const said = w.join(" ");
  if (
    /^(?:every|each) (?:single )?day$|^daily$|^every (?:morning|evening|night)$|^each (?:morning|evening|night)$|^nightly$/.test(
      said,
    )
  )
    return "daily";
  if (
    /^(?:every |each )?(?:weekday|weekdays|workday|workdays|work day|work days|working day|working days)$|^monday (?:to|through|thru) friday$|^mon (?:to|-) fri$/.test(
      said,
    )
  )
    return "weekdays";
  if (/^(?:every |each )?(?:weekend|weekends)(?: day| days)?$/.test(said)) return "weekends";
  const rest = w[0] === "every" || w[0] === "each" ? w.slice(1) : w;
  const days: string[] = [];
  for (const word of rest) {
    if (word === "and" || word === "," || word === "or") continue;
    const m = WEEKDAY.exec(word);
    if (!m) return undefined;
    days.push(m[1]!.slice(0, 3));
  }
  // "friday" alone is a date; "every friday" or "fridays" is a repeat
  const plural = rest.some((x) => /days$/.test(x));
  const listed = words[0] === "on" && new Set(days).size >= 2;
  if (days.length === 0 || (w[0] !== "every" && w[0] !== "each" && !plural && !listed)) return undefined;
  return [...new Set(days)].join(",");
}

/** The number of a percentage as said: "30 percent", "80%", "twelve per cent". */
export function percentSaid(words: readonly string[]): number | undefined {
  const w = words.at(-1) === "percent" || words.at(-1) === "%" ? words.slice(0, -1) : words;
  return parseNumber(w.at(-1) === "cent" && w.at(-2) === "per" ? w.slice(0, -2) : w);
}

const PIXELS = /^-?\d{1,5}$/;
const FILLER = new Set([
  "x",
  "y",
  "at",
  "and",
  "by",
  "comma",
  ",",
  "position",
  "coordinates",
  "point",
  "pixels",
  "px",
]);

/** Two screen numbers as people write them: "0,0", "200 950", "x 200 y 950", "1020, 88". */
export function parsePoint(words: readonly string[]): { x: number; y: number } | undefined {
  const parts = words.flatMap((w) => (/^-?\d+,-?\d+$/.test(w) ? w.split(",") : [w]));
  const numbers = parts.filter((w) => !FILLER.has(w));
  if (numbers.length !== 2 || !numbers.every((w) => PIXELS.test(w))) return undefined;
  return { x: Number(numbers[0]), y: Number(numbers[1]) };
}

/** A width and a height: "900 by 700", "900x700", "900 wide and 700 tall". */
export function parseSize(words: readonly string[]): { width: number; height: number } | undefined {
  const parts = words.flatMap((w) =>
    /^\d+x\d+$/.test(w) ? w.split("x") : /^x\d+$/.test(w) ? ["x", w.slice(1)] : [w],
  );
  const numbers = parts.filter(
    (w) => !["by", "x", "wide", "tall", "high", "and", "pixels", "px"].includes(w),
  );
  if (numbers.length !== 2 || !numbers.every((w) => /^\d{2,5}$/.test(w))) return undefined;
  return { width: Number(numbers[0]), height: Number(numbers[1]) };
}

export const MORE_SLOT_TYPES: Record<string, SlotTypeShape> = {
  /** A rate as said, fractions kept ("12.5%", "seventeen and a half percent"): a sum's percent. */
  rate: {
    maxTokens: 6,
    samples: ["15", "12.5 percent", "20%", "eighteen"],
    parse(words) {
      const value = percentSaid(words);
      return value !== undefined && value >= 0 && value <= 1000 ? value : undefined;
    },
  },
  /** A point on the screen, spread into x and y by the builder. */
  point: {
    maxTokens: 6,
    samples: ["0,0", "200 950", "x 1920 y 0", "100, 100"],
    parse: (words) => parsePoint(words),
  },
  size: {
    maxTokens: 6,
    samples: ["900 by 700", "800x600", "900 wide and 700 tall"],
    parse: (words) => parseSize(words),
  },
  repeat: {
    maxTokens: 8,
    samples: [
      "every day",
      "every weekday",
      "on weekdays",
      "every monday",
      "on mondays and thursdays",
      "daily",
    ],
    parse: (words) => parseRepeat(words),
  },
  /** A broadcast frequency or channel in words or digits ("ninety four point three fm", "103.7"). */
  station: {
    maxTokens: 8,
    samples: ["ninety four point three", "one oh three point seven fm", "88.5 fm", "channel seventy two"],
    parse(words, raw) {
      const w = words[0] === "channel" ? words.slice(1) : words;
      if (w.length === 0) return undefined;
      const spoken = w.every(
        (x) =>
          x === "point" ||
          x === "oh" ||
          x === "fm" ||
          x === "am" ||
          isNumberWord(x) ||
          /^\d+(?:\.\d+)?$/.test(x),
      );
      // A bare number is a station only with "point" or a band: "turn on five" is not a frequency
      const marked =
        w.includes("point") ||
        w.at(-1) === "fm" ||
        w.at(-1) === "am" ||
        words[0] === "channel" ||
        w.some((x) => x.includes("."));
      return spoken && marked ? raw.replace(/^channel\s+/i, "") : undefined;
    },
  },
  /** A place in a track ("4:12", "minute three"), in seconds. */
  position: {
    maxTokens: 4,
    samples: ["4:12", "minute three", "two minutes", "the beginning"],
    parse: (words) => parsePosition(words),
  },
  file: {
    maxTokens: 9,
    samples: ["report.pdf", "~/Documents/notes.txt", "my downloads folder", "budget.xlsx", "#f2", "todo.md"],
    parse: parseFile,
  },
  program: {
    maxTokens: 1,
    samples: ["git", "ls", "df", "uptime", "whoami"],
    parse: (words) => (words.length === 1 && PROGRAMS.has(words[0]!) ? words[0] : undefined),
  },
  /** A program named at the start of a command line ("df -h", "git status"). */
  cli: {
    maxTokens: 1,
    samples: ["git", "ls", "df", "du", "whoami"],
    parse: (words) => (words.length === 1 && COMMAND_NAMES.has(words[0]!) ? words[0] : undefined),
  },
  /** A key chord as said or written: "ctrl+s", "control shift t", "escape". */
  keys: {
    maxTokens: 5,
    samples: ["ctrl+s", "control shift t", "alt+f4", "escape", "enter"],
    parse(words, raw) {
      const parts = joinKeyNames(words.filter((w) => w !== "+" && w !== "plus" && w !== "and"));
      if (parts.length === 0 || parts.length > 4) return undefined;
      const last = parts.at(-1)!;
      if (!parts.slice(0, -1).every((w) => KEY_NAMES.has(w))) return undefined;
      if (!KEY_NAMES.has(last) && !/^[a-z0-9]$/.test(last)) return undefined;
      if (parts.length === 1 && /^[a-z0-9]$/.test(last) && !raw.includes("+")) return undefined;
      const name = (w: string) =>
        w === "control"
          ? "ctrl"
          : w === "escape"
            ? "esc"
            : w === "return"
              ? "enter"
              : w === "spacebar"
                ? "space"
                : w;
      return parts.map(name).join("+");
    },
  },
  /** Which half of the screen, or all of it. */
  side: {
    maxTokens: 3,
    samples: ["left", "right half", "top", "the bottom", "full screen"],
    parse(words) {
      const w = words.filter(
        (x) => x !== "the" && x !== "half" && x !== "side" && x !== "of" && x !== "screen",
      );
      if (w.length === 1 && ["left", "right", "top", "bottom"].includes(w[0]!)) return w[0];
      if (w.join(" ") === "full" || w[0] === "maximize" || w[0] === "maximise" || w.join(" ") === "whole")
        return "maximize";
      return undefined;
    },
  },
  /** An element ref from a window's listing, written with its "@": "@e14". */
  uiref: {
    maxTokens: 1,
    samples: ["@e4", "@e12"],
    parse: (words, raw, env) => {
      const ref = raw.trim().replace(/^@/, "");
      return words.length === 1 && /^e\d{1,5}$/i.test(ref) && env.text.includes(`@${ref}`)
        ? `@${ref}`
        : undefined;
    },
  },
  /** An element ref from a page's listing: "e12" (a window's are written "@e12"). */
  pageref: {
    maxTokens: 1,
    samples: ["e12", "e7"],
    parse: (words, raw, env) =>
      words.length === 1 && /^e\d{1,5}$/i.test(raw.trim()) && !env.text.includes(`@${raw.trim()}`)
        ? raw.trim()
        : undefined,
  },
  /** An element ref from a page or window listing: "e12", "@e12". */
  element: {
    maxTokens: 1,
    samples: ["e12", "@e3", "e7"],
    parse: (words, raw) => (words.length === 1 && /^@?e\d{1,5}$/i.test(raw.trim()) ? raw.trim() : undefined),
  },
};
