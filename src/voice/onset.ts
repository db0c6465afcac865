/**
 * A cheap speech-onset detector for barge-in. Silero needs a vowel to be sure, so a word that
 * starts with a fricative ("stop", "set", "shut up") scores low for its first 50–100 ms. The
 * hiss of a fricative is, though, a sharp rise of high-frequency energy above the microphone's
 * floor (room noise plus what is left of Jarvis's own voice): this detector watches for that
 * rise, and while an onset is open the barge-in decision takes a lower Silero score.
 *
 * The level is the RMS of the first difference (a +6 dB/octave tilt: fricatives live at
 * 4–8 kHz, rumble and hum do not count), in dB, per 16 ms block. The floor follows the level
 * down quickly and up slowly, so steady noise and echo raise it while a word does not.
 */
export interface OnsetOptions {
  /** How far above the floor the level must rise, in dB. */
  riseDb?: number;
  /** Consecutive blocks above it (16 ms each): a click or a tap is shorter. */
  sustainBlocks?: number;
  /** How long an onset stays open after the last block above the rise, in ms. */
  holdMs?: number;
  /** How fast the floor climbs while the level is above it, in dB per second. */
  floorRiseDbPerS?: number;
  /** How fast it falls: slowly enough to hold over the gaps between echoed words. */
  floorFallDbPerS?: number;
  /** Level of the first difference (fricatives; the default) or of the samples themselves. */
  tilt?: boolean;
}

export const ONSET_BLOCK = 256;
/** How far below the rise the level must fall before another onset may open, in dB. */
const REARM_DB = 4;
const BLOCK_MS = (ONSET_BLOCK / 16_000) * 1000;

export class OnsetDetector {
  private readonly riseDb: number;
  private readonly sustainBlocks: number;
  private readonly holdBlocks: number;
  private readonly floorUp: number;
  private readonly floorDown: number;
  private readonly tilt: boolean;
  private readonly block = new Int16Array(ONSET_BLOCK);
  private filled = 0;
  private previous = 0;
  private floorDb: number | undefined;
  private last = 0;
  private above = 0;
  /** A new onset may open: the level fell back near the floor since the last one. */
  private armed = true;
  /** Blocks the current onset stays open; 0 when none is. */
  private open = 0;

  constructor(options: OnsetOptions = {}) {
    this.riseDb = options.riseDb ?? 12;
    this.sustainBlocks = options.sustainBlocks ?? 2;
    this.holdBlocks = Math.max(1, Math.round((options.holdMs ?? 320) / BLOCK_MS));
    this.floorUp = ((options.floorRiseDbPerS ?? 3) * BLOCK_MS) / 1000;
    this.floorDown = ((options.floorFallDbPerS ?? 20) * BLOCK_MS) / 1000;
    this.tilt = options.tilt ?? true;
  }

  /** True while an onset is open (after the samples given so far). */
  get active(): boolean {
    return this.open > 0;
  }

  /** The level of the last whole block, in dB. */
  get level(): number {
    return this.last;
  }

  /** The floor in dB (undefined before the first block), for tests and tuning. */
  get floor(): number | undefined {
    return this.floorDb;
  }

  /** Feeds samples (any chunk size); returns whether an onset is open after them. */
  push(samples: Int16Array): boolean {
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(ONSET_BLOCK - this.filled, samples.length - offset);
      this.block.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === ONSET_BLOCK) {
        this.filled = 0;
        this.onBlock(levelDb(this.block, this.tilt ? this.previous : undefined));
        this.previous = this.block[ONSET_BLOCK - 1] ?? 0;
      }
    }
    return this.active;
  }

  private onBlock(level: number): void {
    this.last = level;
    const floor = this.floorDb ?? level;
    const rising = level - floor >= this.riseDb;
    this.above = rising ? this.above + 1 : 0;
    // Re-armed only once the level fell back well below the rise (hysteresis).
    if (level - floor < this.riseDb - REARM_DB) this.armed = true;
    // Opened once per rise: a steady sound (a kettle, a fan starting) gets one short window.
    if (this.armed && this.above >= this.sustainBlocks) {
      this.open = this.holdBlocks;
      this.armed = false;
    } else if (this.open > 0) this.open -= 1;
    // Up slowly (a word is over before the floor catches up with it), down faster.
    const step = level - floor;
    this.floorDb = floor + (step > 0 ? Math.min(this.floorUp, step) : Math.max(-this.floorDown, step));
  }

  /** Forgets any open onset (a new stretch of playback); the floor is kept. */
  reset(): void {
    this.above = 0;
    this.open = 0;
    this.armed = true;
  }
}

/** RMS of a block (of its first difference given the sample before it), in dB (0 dB = one LSB). */
function levelDb(block: Int16Array, previous: number | undefined): number {
  let sum = 0;
  let last = previous ?? 0;
  for (const x of block) {
    const d = previous === undefined ? x : x - last;
    sum += d * d;
    last = x;
  }
  return 10 * Math.log10(sum / block.length + 1);
}
