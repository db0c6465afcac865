/**
 * Barge-in on real audio through the real pipeline, paced in real time as a microphone delivers
 * it (16 ms chunks): how long after a phrase's first voiced sample playback is stopped, and how
 * often sounds that are not speech stop it (false barge-ins) — noise bursts, clicks, music, and
 * the echo of Jarvis's own voice, which a room simulation feeds back into the microphone at a
 * given attenuation and delay. Both for the detector in use and for the one it replaced (Silero
 * alone at 0.6), on the same audio in the same run. Used by voice.bench.ts.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultConfig } from "../src/config/schema.js";
import { decodeWav } from "../src/voice/audio/wav.js";
import type { BargeInInput } from "../src/voice/barge.js";
import { VoicePipeline } from "../src/voice/pipeline.js";
import { createBargeIn, createDetector, type VoiceModels, voiceSettings } from "../src/voice/setup.js";
import { PocketsphinxStt } from "../src/voice/stt/pocketsphinx.js";
import { EspeakTts } from "../src/voice/tts/espeak.js";
import { keywordDialogClassifier, type TurnHandler } from "../src/voice/turn.js";
import type { VoiceEvent } from "../src/voice/types.js";
import { noise, scenario } from "../test/voice/corpus.js";
import { EchoRoom } from "../test/voice/room.js";
import { summarize } from "./util.js";

/** A long answer (≈ 6 s) to talk over. */
const LONG: TurnHandler = {
  async *run() {
    yield { type: "text", text: "Here is a long answer that keeps going for quite a while. " };
    yield { type: "text", text: "It has several sentences, so there is time to interrupt it." };
  },
};

type Detector = "onset-gated" | "silero-only";

export async function runBargeIn(dir: string, models: VoiceModels) {
  const config = defaultConfig().voice;
  const settings = voiceSettings(config);
  const stt = new PocketsphinxStt({ workDir: join(dir, "barge-stt") });
  const tts = new EspeakTts();

  const run = async (samples: Int16Array, detector: Detector, echoDb?: number) => {
    const events: VoiceEvent[] = [];
    const room = new EchoRoom(echoDb === undefined ? 0 : 10 ** (echoDb / 20), 30 * 16);
    const { wake, vad } = createDetector(models, config);
    const windowed = models.vad.createWindowedStream();
    const barge: BargeInInput =
      detector === "onset-gated"
        ? createBargeIn(models.vad, settings)
        : {
            // The detector before this change: Silero alone, any window ≥ 0.6.
            push: async (s) => (await windowed.push(s)).some((p) => p >= settings.bargeInThreshold),
            reset: () => windowed.reset(),
          };
    const pipeline = new VoicePipeline({
      wake,
      vad,
      barge,
      stt,
      tts,
      sink: room.sink,
      turns: LONG,
      dialog: keywordDialogClassifier,
      settings,
      onEvent: (e) => events.push(e),
    });
    await pipeline.run(
      room.source(samples, () => pipeline.busy),
      new AbortController().signal,
    );
    return { events, sink: room.sink, arrivals: room.arrivals };
  };
  const wake = { text: "hey jarvis, what time is it" };
  const bed = { noise: { kind: "pinknoise" as const, volume: 0.02 } };

  // 1. Delay: a phrase spoken over the answer, 3.4–4 s after the command (the answer lasts ≈ 6 s).
  const phrases = ["set a timer for five minutes", "what time is it", "stop", "no wait, cancel that"];
  type Delays = { all: number[]; byPhrase: Record<string, number[]>; missed: number; killMs: number[] };
  const delay: Record<Detector, Delays> = {
    "onset-gated": { all: [], byPhrase: {}, missed: 0, killMs: [] },
    "silero-only": { all: [], byPhrase: {}, missed: 0, killMs: [] },
  };
  for (const phrase of phrases) {
    for (let i = 0; i < 3; i++) {
      const clip = scenario(dir, [800, wake, 3400 + i * 300, { text: phrase }, 2500], bed);
      const onset = clip.voiced[3]?.start ?? 0;
      for (const detector of ["onset-gated", "silero-only"] as const) {
        const { events, sink, arrivals } = await run(clip.samples, detector);
        const barge = events.find((e) => e.type === "barge_in");
        const stopped = sink.played.find((p) => p.stoppedEarly);
        const d = delay[detector];
        if (barge?.type !== "barge_in" || !stopped) {
          d.missed += 1;
          continue;
        }
        const arrived = arrivals.get(barge.t);
        if (arrived !== undefined && stopped.stoppedAt !== undefined)
          d.killMs.push(stopped.stoppedAt - arrived);
        d.all.push(barge.t - onset);
        d.byPhrase[phrase] = [...(d.byPhrase[phrase] ?? []), barge.t - onset];
      }
    }
  }

  // 2. False barge-ins: nothing but these sounds (over the pink-noise bed) during the answer.
  const sox = (name: string, args: string[]) => {
    const file = join(dir, `${name}.wav`);
    execFileSync("sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", file, ...args]);
    return decodeWav(readFileSync(file)).samples;
  };
  const repeat = (sound: Int16Array, times: number, everyMs: number) => {
    const out = new Int16Array(times * everyMs * 16);
    for (let i = 0; i < times; i++) out.set(sound.subarray(0, everyMs * 16), i * everyMs * 16);
    return out;
  };
  const sounds: Array<{ what: string; sound?: Int16Array; echoDb?: number }> = [
    { what: "pink noise bed only (0.02)" },
    { what: "white noise burst 0.05", sound: noise(dir, "whitenoise", 2000, 0.05) },
    { what: "pink noise burst 0.1", sound: noise(dir, "pinknoise", 2000, 0.1) },
    { what: "brown noise burst 0.3", sound: noise(dir, "brownnoise", 2000, 0.3) },
    {
      what: "four claps",
      sound: repeat(
        sox("clap", ["synth", "0.03", "whitenoise", "fade", "q", "0", "0.03", "0.03", "vol", "0.6"]),
        4,
        400,
      ),
    },
    {
      what: "typing (25 clicks)",
      sound: repeat(sox("click", ["synth", "0.008", "whitenoise", "vol", "0.3"]), 25, 110),
    },
    {
      what: "three knocks",
      sound: repeat(
        sox("knock", ["synth", "0.06", "brownnoise", "fade", "q", "0", "0.06", "0.05", "vol", "0.9"]),
        3,
        300,
      ),
    },
    {
      what: "plucked chord",
      sound: sox("chord", ["synth", "2", "pluck", "C4", "pluck", "E4", "pluck", "G4", "vol", "0.3"]),
    },
    {
      what: "chime 880 Hz",
      sound: sox("chime", ["synth", "1", "sine", "880", "fade", "0", "1", "0.8", "vol", "0.4"]),
    },
    { what: "echo of Jarvis at -40 dB", echoDb: -40 },
    { what: "echo of Jarvis at -30 dB", echoDb: -30 },
    { what: "echo of Jarvis at -25 dB", echoDb: -25 },
    { what: "echo of Jarvis at -20 dB", echoDb: -20 },
  ];
  const falseBarge: Record<Detector, string[]> = { "onset-gated": [], "silero-only": [] };
  /** Runs where the long answer never played (the command was misheard): they prove nothing. */
  const unanswered: string[] = [];
  for (const { what, sound, echoDb } of sounds) {
    const silent = scenario(dir, [800, wake, 8000], bed);
    const samples = Int16Array.from(silent.samples);
    // The sound starts 3.5 s after the command ends (the answer is playing by then).
    const at = Math.round(((silent.ends[1] ?? 0) + 3500) * 16);
    if (sound)
      for (let i = 0; i < sound.length && at + i < samples.length; i++)
        samples[at + i] = Math.max(-32768, Math.min(32767, (samples[at + i] ?? 0) + (sound[i] ?? 0)));
    for (const detector of ["onset-gated", "silero-only"] as const) {
      const { events } = await run(samples, detector, echoDb);
      if (events.some((e) => e.type === "barge_in")) falseBarge[detector].push(what);
    }
  }

  const report = (detector: Detector) => ({
    barge_in_delay_media_ms: summarize(delay[detector].all),
    by_phrase: Object.fromEntries(
      Object.entries(delay[detector].byPhrase).map(([phrase, delays]) => [phrase, summarize(delays)]),
    ),
    barge_in_decision_to_stop_wall_ms: summarize(delay[detector].killMs),
    interrupted: `${delay[detector].all.length}/${delay[detector].all.length + delay[detector].missed}`,
    false_barge_ins: `${falseBarge[detector].length}/${sounds.length}`,
    false_barge_in_on: falseBarge[detector],
  });
  return {
    method:
      "onset = first sample louder than 500 (a fricative's start: 'set', 'stop'); media time to the barge_in event, 16 ms chunks paced in real time. Echo: the played answer fed back into the microphone 30 ms later at the given level.",
    onset_gated: {
      detector: `Silero ≥ ${settings.bargeInOnsetThreshold} during a high-frequency onset, ≥ ${settings.bargeInThreshold} during a rise of level; nothing without a rise (src/voice/barge.ts)`,
      ...report("onset-gated"),
    },
    before_silero_only: {
      detector: `Silero ≥ ${settings.bargeInThreshold} on any 32 ms window (the previous detector)`,
      ...report("silero-only"),
    },
    false_barge_in_sounds: sounds.map((s) => s.what),
    false_barge_in_runs_without_the_answer: unanswered,
  };
}
