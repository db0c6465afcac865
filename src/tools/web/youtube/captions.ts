/** One caption cue: seconds from the start and its text (tags stripped). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** `01:02:03.456`, `02:03.456` or SRT's `01:02:03,456` → seconds. */
export function parseTimestamp(text: string): number | undefined {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/.exec(text.trim());
  if (!match) return undefined;
  const [, h = "0", m = "0", s = "0", ms = "0"] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, "0")) / 1000;
}

function cleanLine(line: string): string {
  // <c>, <v Speaker>, <i>, inline word timings <00:00:01.234>, then entities.
  return decodeEntities(line.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

function parseBlocks(text: string, arrow: RegExp): Cue[] {
  const cues: Cue[] = [];
  const blocks = text.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split("\n");
    const timingIndex = lines.findIndex((line) => arrow.test(line));
    if (timingIndex < 0) continue;
    const [from = "", rest = ""] = lines[timingIndex]!.split(/-->/);
    const start = parseTimestamp(from);
    const end = parseTimestamp(rest.trim().split(/\s+/)[0] ?? "");
    if (start === undefined || end === undefined) continue;
    const body = lines
      .slice(timingIndex + 1)
      .map(cleanLine)
      .filter(Boolean)
      .join("\n");
    if (body) cues.push({ start, end, text: body });
  }
  return cues;
}

/** WebVTT (also YouTube's auto-captions with word timings and rolling lines). */
export function parseVtt(text: string): Cue[] {
  if (!/^\uFEFF?WEBVTT/.test(text)) throw new Error("not a WebVTT file (no WEBVTT header)");
  return parseBlocks(text, /-->/);
}

export function parseSrt(text: string): Cue[] {
  return parseBlocks(text, /\d+:\d{2}:\d{2},\d{1,3}\s*-->/);
}

interface Json3 {
  events?: Array<{ tStartMs?: number; dDurationMs?: number; segs?: Array<{ utf8?: string }> }>;
}

/** YouTube's json3 timed-text format. */
export function parseJson3(text: string): Cue[] {
  const data = JSON.parse(text) as Json3;
  if (!Array.isArray(data.events)) throw new Error("not a json3 caption file (no events)");
  const cues: Cue[] = [];
  for (const event of data.events) {
    if (!Array.isArray(event.segs)) continue;
    const body = cleanLine(event.segs.map((seg) => seg.utf8 ?? "").join(""));
    if (!body) continue;
    const start = (event.tStartMs ?? 0) / 1000;
    cues.push({ start, end: start + (event.dDurationMs ?? 0) / 1000, text: body });
  }
  return cues;
}

export function parseCaptions(text: string, format: "vtt" | "srt" | "json3"): Cue[] {
  switch (format) {
    case "vtt":
      return parseVtt(text);
    case "srt":
      return parseSrt(text);
    case "json3":
      return parseJson3(text);
  }
}

/**
 * Rolling captions repeat the previous line in every cue; keep each line once, in order.
 * Lines are compared to the last few emitted so a genuinely repeated phrase later survives.
 */
export function dedupeLines(cues: Cue[]): Array<{ start: number; text: string }> {
  const out: Array<{ start: number; text: string }> = [];
  const recent: string[] = [];
  for (const cue of cues) {
    for (const line of cue.text.split("\n")) {
      if (!line || recent.includes(line)) continue;
      out.push({ start: cue.start, text: line });
      recent.push(line);
      if (recent.length > 3) recent.shift();
    }
  }
  return out;
}

function clock(seconds: number): string {
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, "0");
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Paragraphs of about `paragraphSeconds`, each led by its start time: `[01:30] text …`. */
export function formatTranscript(cues: Cue[], paragraphSeconds = 30): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let startedAt = -Infinity;
  for (const line of dedupeLines(cues)) {
    if (line.start - startedAt >= paragraphSeconds && current.length > 0) {
      paragraphs.push(`[${clock(startedAt)}] ${current.join(" ")}`);
      current = [];
    }
    if (current.length === 0) startedAt = line.start;
    current.push(line.text);
  }
  if (current.length > 0) paragraphs.push(`[${clock(startedAt)}] ${current.join(" ")}`);
  return paragraphs.join("\n\n");
}
