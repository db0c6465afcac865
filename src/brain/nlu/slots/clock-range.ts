import { parseNumber } from "../text/numbers.js";

/**
 * The hours of a day a request keeps to, said as a range ("between 10 and 4", "from 9 to
 * 12.30", "between 8am and 10am"): for a pair of clock arguments (HH:MM) that open and close a
 * span of each day, as a search for free time takes them. An hour said without its half is read
 * as the working day reads it: one to seven o'clock is the afternoon, and an end before its
 * start is the afternoon's ("10 and 4" is 10:00 to 16:00).
 */
const HOUR = String.raw`(\d{1,2}(?:[:.]\d{2})?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midday)\s*(am|pm|a\.m\.?|p\.m\.?)?`;
const RANGE = new RegExp(String.raw`\b(?:between|from)\s+${HOUR}\s*(?:and|to|till|until|-)\s*${HOUR}`, "i");

interface Said {
  hour: number;
  minute: number;
  half?: "am" | "pm";
}

function said(word: string, half: string | undefined): Said | undefined {
  const w = word.toLowerCase();
  if (w === "noon" || w === "midday") return { hour: 12, minute: 0, half: "pm" };
  const [h, m] = /^\d/.test(w) ? w.split(/[:.]/) : [String(parseNumber([w]) ?? ""), "0"];
  const hour = Number(h);
  const minute = Number(m ?? 0);
  if (!h || !Number.isInteger(hour) || hour > 23 || minute > 59) return undefined;
  const side = half?.toLowerCase().startsWith("a")
    ? "am"
    : half?.toLowerCase().startsWith("p")
      ? "pm"
      : undefined;
  return { hour, minute, ...(side ? { half: side } : {}) };
}

function on24(t: Said, working: boolean): number {
  if (t.half === "pm") return t.hour < 12 ? t.hour + 12 : t.hour;
  if (t.half === "am") return t.hour === 12 ? 0 : t.hour;
  return working && t.hour >= 1 && t.hour <= 7 ? t.hour + 12 : t.hour;
}

const clock = (hour: number, minute: number) =>
  `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

export function clockRange(text: string): { start: string; end: string } | undefined {
  const found = RANGE.exec(text);
  if (!found) return undefined;
  const from = said(found[1]!, found[2]);
  const to = said(found[3]!, found[4]);
  if (!from || !to) return undefined;
  // A half said once after the end holds for both when it fits ("between 8 and 10am")
  if (!from.half && to.half === "am" && from.hour <= to.hour) from.half = "am";
  const start = on24(from, true);
  let end = on24(to, !to.half);
  if (end <= start && end < 12 && !to.half) end += 12;
  if (end <= start || end > 24) return undefined;
  return {
    start: clock(start, from.minute),
    end: clock(end % 24 === 0 ? 23 : end, end === 24 ? 59 : to.minute),
  };
}
