import { clockRange } from "./slots/clock-range.js";

/**
 * Values said as a shape rather than a word: a place and a size on the screen, and the hours of
 * each day a span keeps to. Split from said-values.ts (same job, read by each argument's schema).
 */

type Properties = Record<string, Record<string, unknown>>;

/**
 * A place and a size on the screen, in pixels: "1200 by 800", "1280x720", "at x 100 y 200",
 * "at 100,200", "the top left corner" (0, 0). Read from the raw text (commas and "x" matter).
 */
export function geometryOf(text: string): { x?: number; y?: number; width?: number; height?: number } {
  const out: { x?: number; y?: number; width?: number; height?: number } = {};
  const size =
    /\b(\d{2,5})\s*(?:x|×|by)\s*(\d{2,5})\b/i.exec(text) ??
    /\b(\d{1,5})\s*(?:px\s*|pixels\s*)?wide\b.*?\b(\d{1,5})\s*(?:px\s*|pixels\s*)?(?:tall|high)\b/i.exec(
      text,
    );
  if (size) [out.width, out.height] = [Number(size[1]), Number(size[2])];
  else {
    // One side alone ("make it 800 wide"): the other keeps its size
    const wide = /\b(\d{2,5})\s*(?:px\s*|pixels\s*)?wide\b/i.exec(text);
    const tall = /\b(\d{2,5})\s*(?:px\s*|pixels\s*)?(?:tall|high)\b/i.exec(text);
    if (wide) out.width = Number(wide[1]);
    if (tall) out.height = Number(tall[1]);
  }
  const rest = size ? text.replace(size[0], " ") : text;
  const place =
    /\bx\s*[=:]?\s*(-?\d{1,5})\s*,?\s*(?:and\s+)?y\s*[=:]?\s*(-?\d{1,5})\b/i.exec(rest) ??
    /\b(?:at|to|from)\s*\(?\s*(-?\d{1,5})\s*,\s*(-?\d{1,5})\b/i.exec(rest);
  if (place) [out.x, out.y] = [Number(place[1]), Number(place[2])];
  else if (/\btop[ -]left(?: corner)?\b/i.test(rest)) [out.x, out.y] = [0, 0];
  return out;
}

export const GEOMETRY = ["x", "y", "width", "height"] as const;

/** The geometry a schema asks for: its own x/y/width/height, or an object holding all four. */
export function geometryArgs(properties: Properties, have: Record<string, unknown>, text: string) {
  const out: Record<string, unknown> = {};
  const flat = GEOMETRY.filter((k) => properties[k]?.type === "integer" && have[k] === undefined);
  const boxed = Object.entries(properties).find(([name, p]) => {
    const inner = (p.properties ?? {}) as Properties;
    return p.type === "object" && have[name] === undefined && GEOMETRY.every((k) => inner[k]);
  });
  if (flat.length === 0 && !boxed) return out;
  const found = geometryOf(text);
  for (const k of flat) if (found[k] !== undefined) out[k] = found[k];
  if (boxed && GEOMETRY.every((k) => found[k] !== undefined)) out[boxed[0]] = found;
  return out;
}

/** A clock argument by its schema: an "HH:MM" string (its pattern or its description says so). */
const isClock = (p: Record<string, unknown> | undefined) =>
  p?.type === "string" &&
  (/\[0-5\]\\d|HH:MM/.test(String(p.pattern ?? "")) || /\bHH:MM\b/.test(String(p.description ?? "")));

/**
 * The hours of each day a span keeps to ("between 10 and 4"): for a pair of clock arguments
 * named as a span's start and end ("day_start"/"day_end", "start"/"end").
 */
export function hoursArgs(properties: Properties, have: Record<string, unknown>, text: string) {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const pair = /^(.*)start$/.exec(name);
    if (!pair || !isClock(property)) continue;
    const endName = `${pair[1]}end`;
    if (!isClock(properties[endName]) || have[name] !== undefined || have[endName] !== undefined) continue;
    const range = clockRange(text);
    if (range) [out[name], out[endName]] = [range.start, range.end];
  }
  return out;
}
