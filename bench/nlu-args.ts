/**
 * How a development or blind everyday line's expected arguments are compared with what Jarvis
 * did (bench/data/README.md, "How arguments are compared"). Split from nlu-score.ts.
 */
import { evaluateArithmetic } from "../src/tools/calc/arithmetic.js";
import { normalizeExpression } from "../src/tools/calc/evaluate.js";
import { NOW } from "./nlu-data.js";

/** The date part of the first ISO date/time argument of a call. */
function isoOf(args: Record<string, unknown>): string | undefined {
  for (const key of ["at", "due", "start", "from", "date", "time", "to"]) {
    const value = args[key];
    if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  }
  return undefined;
}

/** The same words, ignoring case and a full stop or question mark that closes the sentence. */
const unpunctuated = (v: unknown) =>
  lower(v)
    .replace(/[.!?]+$/, "")
    .trim();
const sameWords = (a: unknown, b: unknown) => unpunctuated(a) === unpunctuated(b);

function sameSum(have: unknown, want: unknown): boolean {
  if (typeof have !== "string" || typeof want !== "string") return false;
  const a = evaluateArithmetic(normalizeExpression(have));
  const b = evaluateArithmetic(normalizeExpression(want));
  return a !== undefined && b !== undefined && Number.isFinite(a) && Math.abs(a - b) < 1e-9;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const lower = (v: unknown) => (Array.isArray(v) ? v.join(" , ") : String(v ?? "")).toLowerCase();

/** bench/data/README.md: numbers equal, strings contained case-insensitively, times and dates by value. */
export function blindArgsMatch(expected: Record<string, unknown>, got: Record<string, unknown>): boolean {
  for (const [key, want] of Object.entries(expected)) {
    // A tool whose own parameter is called "date" (a day to count to, a weekday to name) keeps the
    // value as said or as a calendar date: the writers' "date" convention is for the other tools.
    if (key === "date" && typeof got.date === "string" && sameWords(got.date, want)) continue;
    if (key === "date" && /^\d{4}-\d{2}-\d{2}$/.test(String(want)) && isoOf(got)?.startsWith(String(want)))
      continue;
    // A sum is right when it comes to the same number, however it is written ("15% of 240").
    if (key === "expression" && sameSum(got.expression, want)) continue;
    if (key === "date") {
      const iso = isoOf(got);
      if (!iso) return false;
      const day = iso.slice(0, 10);
      const offset = /^\+(\d+)d$/.exec(String(want));
      if (offset) {
        const target = new Date(NOW.getTime() + Number(offset[1]) * 86_400_000).toISOString().slice(0, 10);
        if (day !== target) return false;
      } else if (WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()] !== String(want).toLowerCase()) {
        return false;
      }
      continue;
    }
    const have = got[key];
    if (have === undefined) return false;
    if (typeof want === "number") {
      if (Number(have) !== want) return false;
    } else if (typeof want === "boolean") {
      if (have !== want) return false;
    } else if (typeof want === "string" && /^\d{1,2}:\d{2}$/.test(want)) {
      const local = typeof have === "string" ? /T(\d{2}:\d{2})/.exec(have)?.[1] : undefined;
      if (local !== want.padStart(5, "0") && have !== want) return false;
    } else if (Array.isArray(want)) {
      if (!want.every((w) => lower(have).includes(lower(w)))) return false;
    } else if (!lower(have).includes(lower(want)) && !lower(have).includes(unpunctuated(want))) {
      return false;
    }
  }
  return true;
}
