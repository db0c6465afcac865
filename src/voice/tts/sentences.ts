/**
 * Splits streamed text into speakable sentences as soon as each one is complete, so the
 * first sentence is spoken while the rest is still being generated. A sentence ends at
 * `.`, `!`, `?`, `…` or `;` followed by whitespace (so "3.5" and "example.com" stay whole),
 * or at a line break; common abbreviations do not end one.
 */
const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "st", "vs", "etc", "e.g", "i.e", "no", "approx"]);

export class SentenceSplitter {
  private buffer = "";

  /** Adds text; returns the sentences it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const out: string[] = [];
    let start = 0;
    const pattern = /([.!?…;]+)(\s+)|\n+/g;
    for (let match = pattern.exec(this.buffer); match; match = pattern.exec(this.buffer)) {
      const end = match.index + (match[1]?.length ?? 0);
      const candidate = this.buffer.slice(start, end).trim();
      const lastWord =
        candidate
          .split(/\s+/)
          .pop()
          ?.replace(/[.!?…;]+$/, "")
          .toLowerCase() ?? "";
      if (match[1] === "." && ABBREVIATIONS.has(lastWord)) continue;
      if (candidate.length > 0) out.push(candidate);
      start = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** The unterminated rest, at the end of the stream. */
  flush(): string[] {
    const rest = speakable(this.buffer);
    this.buffer = "";
    return rest.length > 0 ? [rest] : [];
  }
}

/** Drops what a voice should not read out: markdown, code fences, bullets, link targets, handles. */
export function speakable(text: string): string {
  return (
    text
      .replace(/```[\s\S]*?```/g, " ")
      .replace(/\[([^\]]+)\]\([^)]+\)/g, "$1")
      // Handles (#t1, #u3) are for the model, not for ears.
      .replace(/\s*#[a-z]\d+\b/g, "")
      .replace(/[*_`#>]+/g, "")
      .replace(/^\s*[-•]\s+/gm, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}
