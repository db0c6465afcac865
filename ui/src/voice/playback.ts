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
