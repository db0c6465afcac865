import { type PcmAudio, SAMPLE_RATE } from "./audio/wav.js";

/** Two rising notes (D5, A5) with soft edges: short, clearly not speech, quiet enough to talk over. */
const NOTES: ReadonlyArray<{ hz: number; ms: number }> = [
  { hz: 587.33, ms: 90 },
  { hz: 880, ms: 130 },
];
const FADE_MS = 10;
const GAP_MS = 20;
/** About −16 dBFS at the peak. */
const AMPLITUDE = 0.16 * 32767;

/**
 * The "I'm listening" chime played after the wake word, synthesised (no sound file to ship). Pure
 * tones with raised-cosine edges: no click at either end, and nothing Silero takes for speech.
 */
export function wakeEarcon(sampleRate = SAMPLE_RATE): PcmAudio {
  const perMs = sampleRate / 1000;
  const total = NOTES.reduce((n, note) => n + Math.round(note.ms * perMs), 0) + Math.round(GAP_MS * perMs);
  const samples = new Int16Array(total);
  const fade = Math.round(FADE_MS * perMs);
  let offset = 0;
  NOTES.forEach((note, index) => {
    const length = Math.round(note.ms * perMs);
    for (let i = 0; i < length; i++) {
      const edge = Math.min(i, length - 1 - i);
      const gain = edge >= fade ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * edge) / fade);
      samples[offset + i] = Math.round(AMPLITUDE * gain * Math.sin((2 * Math.PI * note.hz * i) / sampleRate));
    }
    offset += length + (index === 0 ? Math.round(GAP_MS * perMs) : 0);
  });
  return { sampleRate, samples };
}
