/**
 * Plays Jarvis's spoken clips (WAV bytes from the server) back to back with Web Audio. `stop()`
 * cuts everything at once — pressing the button while Jarvis speaks (barge-in) calls it before
 * the server even hears about it.
 */
export class ClipPlayer {
  private context: AudioContext | undefined;
  private queueEnd = 0;
  private readonly sources = new Set<AudioBufferSourceNode>();
  /** Clips decoded and scheduled / clips that played to their end (tests read these). */
  received = 0;
  played = 0;
  /** Chimes started (tests read this too). */
  chimes = 0;

  constructor(private readonly onChange: () => void) {}

  /** Creates or resumes the output from a user gesture (browsers' autoplay rule). */
  unlock(): void {
    this.context ??= new AudioContext();
    if (this.context.state === "suspended") void this.context.resume().catch(() => undefined);
  }

  async play(wav: ArrayBuffer): Promise<void> {
    this.context ??= new AudioContext();
    const context = this.context;
    const buffer = await context.decodeAudioData(wav.slice(0));
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    const at = Math.max(context.currentTime, this.queueEnd);
    source.start(at);
    this.queueEnd = at + buffer.duration;
    this.sources.add(source);
    this.received += 1;
    source.onended = () => {
      // Stopped clips were removed already: only clips that played out count.
      if (this.sources.delete(source)) this.played += 1;
      this.onChange();
    };
    this.onChange();
  }

  /**
   * The "I'm listening" chime (as `jarvis listen` plays after the wake word): two rising notes,
   * D5 then A5, with soft edges. Not a clip: it is not counted, and a press cuts nothing of it.
   */
  chime(): void {
    this.chimes += 1;
    this.context ??= new AudioContext();
    const context = this.context;
    const start = context.currentTime;
    for (const [hz, at, length] of [
      [587.33, 0, 0.09],
      [880, 0.11, 0.13],
    ] as const) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0, start + at);
      gain.gain.linearRampToValueAtTime(0.16, start + at + 0.01);
      gain.gain.setValueAtTime(0.16, start + at + length - 0.01);
      gain.gain.linearRampToValueAtTime(0, start + at + length);
      tone.connect(gain).connect(context.destination);
      tone.start(start + at);
      tone.stop(start + at + length);
    }
  }

  get playing(): boolean {
    return this.sources.size > 0;
  }

  stop(): void {
    const cut = [...this.sources];
    this.sources.clear();
    for (const source of cut) {
      try {
        source.stop();
      } catch {
        // never started
      }
    }
    this.queueEnd = 0;
    if (cut.length > 0) this.onChange();
  }

  close(): void {
    this.stop();
    void this.context?.close().catch(() => undefined);
    this.context = undefined;
  }
}
