/** Lines that introduce a quoted reply, in the languages mail clients write them. */
const ATTRIBUTION = [
  /^on .{3,200}wrote:?\s*$/i,
  /^am .{3,200}schrieb .{0,200}:?\s*$/i,
  /^le .{3,200}a écrit\s*:?\s*$/i,
  /^el .{3,200}escribió:?\s*$/i,
  /^il .{3,200}ha scritto:?\s*$/i,
  /^op .{3,200}schreef .{0,200}:?\s*$/i,
];
const FORWARD_OR_ORIGINAL =
  /^-{2,}\s*(original message|forwarded message|ursprüngliche nachricht|message d'origine)\s*-{2,}\s*$/i;
const OUTLOOK_HEADER = /^from:\s.+$/i;

function isAttribution(line: string, next: string | undefined): boolean {
  const trimmed = line.trim();
  if (ATTRIBUTION.some((pattern) => pattern.test(trimmed))) return true;
  // Gmail wraps long attributions: "On Mon, 1 Jan 2024 at 10:00, Alice <a@x>" + "wrote:"
  return /^on\s/i.test(trimmed) && next?.trim().toLowerCase() === "wrote:";
}

/**
 * Folds what a reply quotes (`> …` blocks, "On … wrote:" lines, Outlook's "Original Message"
 * tail) and the signature into one short marker each, so a thread reads as what each person
 * actually wrote.
 */
export function foldQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let folded = 0;
  const flush = () => {
    if (folded > 0) out.push(`[… ${folded} quoted line${folded === 1 ? "" : "s"} folded]`);
    folded = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (
      FORWARD_OR_ORIGINAL.test(line.trim()) ||
      (OUTLOOK_HEADER.test(line.trim()) && /^(sent|date):/i.test(next?.trim() ?? ""))
    ) {
      flush();
      const rest = lines.length - i;
      out.push(`[… ${rest} line${rest === 1 ? "" : "s"} of earlier messages folded]`);
      break;
    }
    if (line === "-- " || line === "--") {
      flush();
      const rest = lines.length - i - 1;
      if (rest > 0) out.push(`[signature folded]`);
      break;
    }
    if (/^\s*>/.test(line)) {
      folded += 1;
      continue;
    }
    if (isAttribution(line, next)) {
      // fold the attribution only when quoted text follows it
      let j = i + 1;
      if (next?.trim().toLowerCase() === "wrote:") j += 1;
      while (j < lines.length && lines[j]!.trim() === "") j += 1;
      if (j < lines.length && /^\s*>/.test(lines[j]!)) {
        folded += j - i;
        i = j - 1;
        continue;
      }
    }
    if (folded > 0 && line.trim() === "" && /^\s*>/.test(next ?? "")) {
      folded += 1;
      continue;
    }
    flush();
    out.push(line);
  }
  flush();
  while (out.length > 0 && out.at(-1)!.trim() === "") out.pop();
  return out.join("\n");
}

/** `> ` before every line, for the quote under a reply. */
export function quoteForReply(text: string, maxLines = 200): string {
  const lines = text.replace(/\r\n?/g, "\n").trimEnd().split("\n");
  const kept = lines.slice(0, maxLines).map((line) => (line.startsWith(">") ? `>${line}` : `> ${line}`));
  if (lines.length > maxLines) kept.push(`> […]`);
  return kept.join("\n");
}
