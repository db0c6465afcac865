/** Text that may open a tool call or a reasoning block: held back until the answer ends. */
const OPENERS = ["<tool_call", "<function", "[TOOL_CALLS", "<|python_tag|>", "<｜tool", "```"];
const THINK_OPEN = ["<think>", "<thinking>"];
const THINK_CLOSE: Record<string, string> = { "<think>": "</think>", "<thinking>": "</thinking>" };

/**
 * Sits between a model's streamed text and the person reading it. Ordinary text passes at
 * once; reasoning blocks (`<think>…</think>`) are dropped; from the first sign of a tool call
 * written as text (its markup, a code fence, or JSON opening the answer) everything is held
 * until the turn ends, when the repaired turn decides what of it is prose. A marker split
 * across deltas ("<too" + "l_call>") is held until it is clear.
 */
export class TextCallFilter {
  private pending = "";
  private emittedText = "";
  private raw = "";
  private holding = false;
  private thinkClose: string | undefined;

  constructor(private readonly emit: (text: string) => void) {}

  /** What reached the person so far. */
  get emitted(): string {
    return this.emittedText;
  }

  /** Everything the model wrote except reasoning blocks: what the repair reads. */
  get text(): string {
    return this.raw + this.pending;
  }

  push(delta: string): void {
    this.pending += delta;
    this.drain();
  }

  /** Ends the stream: held text is returned unshown (the caller shows what survives repair). */
  end(): void {
    if (this.thinkClose) this.pending = ""; // an unclosed reasoning block is never shown
    this.thinkClose = undefined;
  }

  /** Shows what the repaired turn kept beyond what was already shown. */
  finish(finalText: string): void {
    if (finalText.startsWith(this.emittedText)) {
      const rest = finalText.slice(this.emittedText.length);
      if (rest) this.out(rest);
    }
  }

  private drain(): void {
    for (;;) {
      if (this.thinkClose) {
        const close = this.pending.indexOf(this.thinkClose);
        if (close < 0) return;
        this.pending = this.pending.slice(close + this.thinkClose.length).replace(/^\s+/, "");
        this.thinkClose = undefined;
        continue;
      }
      if (this.holding) {
        this.raw += this.pending;
        this.pending = "";
        return;
      }
      const think = firstOf(this.pending, THINK_OPEN);
      const opener = firstOf(this.pending, OPENERS);
      const startsJson = this.emittedText.trim() === "" && /^\s*[[{]/.test(this.pending);
      if (think && (!opener || think.index <= opener.index)) {
        this.pass(this.pending.slice(0, think.index));
        this.thinkClose = THINK_CLOSE[think.marker];
        this.pending = this.pending.slice(think.index + think.marker.length);
        continue;
      }
      if (opener || startsJson) {
        const at = startsJson ? 0 : opener!.index;
        this.pass(this.pending.slice(0, at));
        this.raw += this.pending.slice(at);
        this.pending = "";
        this.holding = true;
        return;
      }
      const keep = partialMarker(this.pending);
      this.pass(this.pending.slice(0, this.pending.length - keep));
      this.pending = this.pending.slice(this.pending.length - keep);
      return;
    }
  }

  private pass(text: string): void {
    if (!text) return;
    this.raw += text;
    this.out(text);
  }

  private out(text: string): void {
    this.emittedText += text;
    this.emit(text);
  }
}

const MARKER_LENGTH = Math.max(...[...OPENERS, ...THINK_OPEN].map((m) => m.length));

function firstOf(text: string, markers: readonly string[]): { index: number; marker: string } | undefined {
  let best: { index: number; marker: string } | undefined;
  for (const marker of markers) {
    const index = text.indexOf(marker);
    if (index >= 0 && (!best || index < best.index)) best = { index, marker };
  }
  return best;
}

/** Length of a trailing fragment that could still become a marker. */
function partialMarker(text: string): number {
  // Every marker starts with one of these: most deltas end far from one
  const tail = text.slice(-MARKER_LENGTH);
  if (!/[<[`]/.test(tail)) return 0;
  let longest = 0;
  for (const marker of [...OPENERS, ...THINK_OPEN]) {
    for (let n = Math.min(marker.length - 1, text.length); n > longest; n--) {
      if (text.endsWith(marker.slice(0, n))) {
        longest = n;
        break;
      }
    }
  }
  return longest;
}
