const SAYS_DAY =
  /\b(?:today|tomorrow|tonight|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|next|\d{1,2}(?:st|nd|rd|th)|january|february|march|april|may|june|july|august|september|october|november|december)\b/;
const SAYS_HALF =
  /\b(?:am|pm|a\.m|p\.m|morning|afternoon|evening|night|noon|midnight|midday)\b|\b(?:1[3-9]|2[0-3]):\d\d\b/;

/**
 * A corrected time ("make that 9", "no wait, 5:15") for a call already set at `before`: with no
 * day said it stays on the day it was set for, and a clock hour said without am or pm is the one
 * nearer the time it corrects (9 after 7pm is 9pm). The corrected ISO time, or `when.iso`.
 */
export function correctedTime(before: unknown, when: { iso: string }, words: readonly string[]): string {
  const said = words.join(" ");
  const old =
    typeof before === "string"
      ? /^(\d{4}-\d\d-\d\d)T(\d\d):(\d\d)(:\d\d(?:\.\d+)?)?(.*)$/.exec(before)
      : null;
  const now = /^(\d{4}-\d\d-\d\d)T(\d\d):(\d\d)/.exec(when.iso);
  if (!old || !now || SAYS_DAY.test(said)) return when.iso;
  let hour = Number(now[2]);
  if (!SAYS_HALF.test(said)) {
    const other = (hour + 12) % 24;
    const distance = (h: number) => Math.min(Math.abs(h - Number(old[2])), 24 - Math.abs(h - Number(old[2])));
    if (distance(other) < distance(hour)) hour = other;
  }
  return `${old[1]}T${String(hour).padStart(2, "0")}:${now[3]}:00${old[5]}`;
}
