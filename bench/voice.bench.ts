/**
 * Voice benchmark (`npm run bench -- voice` → bench/results/voice.json), all on real audio made
 * by espeak-ng and mixed with sox noise (test/voice/corpus.ts):
 * 1. per-80 ms-frame cost of wake word + VAD (real-time factor);
 * 2. wake-word hit rate and false accepts on the team's set, at the configured threshold;
 * 3. STT (pocketsphinx + grammar) latency and word error rate on the command set;
 * 4. end of speech → first audio byte of the answer on the embedded path;
 * 5. barge-in: speech onset → decision per phrase, and false barge-ins (noise, clicks, music, echo);
 * 6. a pause after the wake word: commands transcribed right after 0–2.5 s, before and after.
 *
 * `VOICE_BENCH_SECTIONS=wake_pause npm run bench -- voice` measures only the named sections
 * (frame_cost, wake, stt, end_to_end, barge_in, wake_pause) and keeps the others from the last
 * run; `measured_at` says when each section was measured.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultConfig } from "../src/config/schema.js";
import { FRAME_MS, toFrames } from "../src/voice/audio/wav.js";
import { loadVoiceModels } from "../src/voice/setup.js";
import { PocketsphinxStt } from "../src/voice/stt/pocketsphinx.js";
import { vadGate, wakeDetected } from "../src/voice/wakeword.js";
import {
  mixWithNoise,
  NEGATIVE_SENTENCES,
  noise,
  SPEEDS,
  scenario,
  sequence,
  speak,
  VOICES,
} from "../test/voice/corpus.js";
import { summarize, writeResult } from "./util.js";
import { runBargeIn } from "./voice-barge.js";
import { runLatency } from "./voice-latency.js";
import { runWakePause } from "./voice-pause.js";

const dir = mkdtempSync(join(tmpdir(), "jarvis-voice-bench-"));
const config = defaultConfig().voice;
const models = await loadVoiceModels(config);
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

// 1. Frame cost: wake word (mel + embedding + classifier) and VAD on every frame.
async function measureFrameCost() {
  const costAudio = sequence([
    500,
    speak(dir, "hey jarvis, what is the weather like in paris tomorrow", { voice: "en-us", speed: 150 }),
    500,
  ]);
  const costFrames = toFrames(mixWithNoise(dir, costAudio.samples, "pinknoise", 0.03));
  const wakeStream = models.wake.createStream();
  const vadStream = models.vad.createStream();
  const wakeMs: number[] = [];
  const vadMs: number[] = [];
  for (let pass = 0; pass < 4; pass++) {
    for (const frame of costFrames) {
      const a = performance.now();
      await wakeStream.process(frame);
      const b = performance.now();
      await vadStream.process(frame);
      vadMs.push(performance.now() - b);
      wakeMs.push(b - a);
    }
  }
  const totalMs = wakeMs.map((w, i) => w + (vadMs[i] ?? 0));
  const frameCost = {
    frames: totalMs.length,
    wake_ms: summarize(wakeMs),
    vad_ms: summarize(vadMs),
    total_ms: summarize(totalMs),
    real_time_factor: round(summarize(totalMs).mean / FRAME_MS, 4),
  };
  console.log("frame cost", frameCost);
  return frameCost;
}

// 2. Wake-word hit rate / false accepts.
type Trace = { scores: number[]; vads: number[] };
async function trace(samples: Int16Array): Promise<Trace> {
  const wake = models.wake.createStream();
  const vad = models.vad.createStream();
  const scores: number[] = [];
  const vads: number[] = [];
  for (const frame of toFrames(sequence([1000, samples, 1500]).samples)) {
    scores.push(await wake.process(frame));
    vads.push(await vad.process(frame));
  }
  return { scores, vads };
}
/** The same rule WakeWordDetector applies, on recorded traces. */
function detects(t: Trace, threshold: number, gate: boolean): boolean {
  const options = { threshold, vadThreshold: gate ? config.vad_threshold : 0 };
  return t.scores.some((score, i) => wakeDetected(score, vadGate(t.vads, i), options));
}
async function measureWake() {
  const phrases = ["hey jarvis", "hey jarvis, set a timer for five minutes", "hey jarvis, what time is it"];
  const positives: Array<{ voice: string; speed: number; noise: string; t: Trace }> = [];
  for (const voice of VOICES) {
    for (const speed of SPEEDS) {
      for (const phrase of phrases) {
        const clean = speak(dir, phrase, { voice, speed });
        positives.push({ voice, speed, noise: "none", t: await trace(clean) });
        positives.push({
          voice,
          speed,
          noise: "pink 0.05",
          t: await trace(mixWithNoise(dir, clean, "pinknoise", 0.05)),
        });
      }
    }
  }
  const negatives: Array<{ what: string; t: Trace }> = [];
  for (const voice of ["en-us", "en-gb", "en-us+f3", "en-029"]) {
    for (const sentence of NEGATIVE_SENTENCES)
      negatives.push({
        what: `${voice}: ${sentence}`,
        t: await trace(speak(dir, sentence, { voice, speed: 150 })),
      });
  }
  for (const kind of ["whitenoise", "pinknoise", "brownnoise"] as const) {
    for (const volume of [0.02, 0.1, 0.3])
      negatives.push({ what: `${kind} ${volume}`, t: await trace(noise(dir, kind, 4000, volume)) });
  }
  negatives.push({ what: "silence", t: await trace(new Int16Array(64_000)) });
  const wakeAt = (threshold: number, gate: boolean) => {
    const hits = positives.filter((p) => detects(p.t, threshold, gate));
    const accepts = negatives.filter((n) => detects(n.t, threshold, gate));
    return {
      threshold,
      vad_gate: gate,
      hit_rate: round(hits.length / positives.length),
      hits: `${hits.length}/${positives.length}`,
      false_accepts: `${accepts.length}/${negatives.length}`,
      false_accepted: accepts.map((a) => a.what),
      hit_rate_by_voice: Object.fromEntries(
        VOICES.map((v) => [
          v,
          round(hits.filter((h) => h.voice === v).length / positives.filter((p) => p.voice === v).length),
        ]),
      ),
      hit_rate_noisy: round(
        hits.filter((h) => h.noise !== "none").length / positives.filter((p) => p.noise !== "none").length,
      ),
    };
  };
  const wake = {
    positives: positives.length,
    negatives: negatives.length,
    configured: wakeAt(config.threshold, true),
    sweep: [0.3, 0.5, 0.6, 0.7, 0.9].map((t) => wakeAt(t, true)),
    without_vad_gate: wakeAt(config.threshold, false),
    max_negative_score: round(Math.max(...negatives.map((n) => Math.max(...n.t.scores)))),
    min_positive_score_by_voice: Object.fromEntries(
      VOICES.map((v) => [
        v,
        round(Math.min(...positives.filter((p) => p.voice === v).map((p) => Math.max(...p.t.scores)))),
      ]),
    ),
  };
  console.log("wake", { ...wake.configured, sweep: undefined });
  return wake;
}

// 3. STT: word error rate and latency on the command set.
async function measureStt() {
  const commands = [
    "set a timer for five minutes",
    "what time is it",
    "add milk to my shopping list",
    "turn the volume up",
    "what's the weather in london",
    "open firefox",
    "pause the music",
    "set an alarm for seven a.m.",
    "cancel the timer",
    "what's on my calendar tomorrow",
    "next song",
    "set the volume to fifty percent",
  ];
  const stt = new PocketsphinxStt({ workDir: join(dir, "stt") });
  function wordErrors(reference: string, hypothesis: string): number {
    const r = reference.split(" ");
    const h = hypothesis.split(" ").filter(Boolean);
    const d = Array.from({ length: r.length + 1 }, (_, i) =>
      Array.from({ length: h.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= r.length; i++) {
      for (let j = 1; j <= h.length; j++) {
        const row = d[i] as number[];
        const prev = d[i - 1] as number[];
        row[j] = Math.min(
          (prev[j] ?? 0) + 1,
          (row[j - 1] ?? 0) + 1,
          (prev[j - 1] ?? 0) + (r[i - 1] === h[j - 1] ? 0 : 1),
        );
      }
    }
    return (d[r.length] as number[])[h.length] ?? r.length;
  }
  const sttRows: Array<{
    voice: string;
    noise: string;
    text: string;
    heard: string;
    errors: number;
    words: number;
    finishMs: number;
  }> = [];
  for (const voice of ["en-us", "en-gb", "en-us+f3", "en-gb-scotland"]) {
    for (const volume of [0, 0.02]) {
      for (const text of commands) {
        const clip = scenario(
          dir,
          [300, { text, voice: { voice, speed: 150 } }, 500],
          volume ? { noise: { kind: "pinknoise", volume } } : {},
        );
        const session = stt.start({ mode: "command", signal: new AbortController().signal });
        const frames = toFrames(clip.samples);
        const paced = sttRows.length % 8 === 0;
        // Every 8th clip is fed in real time (as from a microphone) for the latency figure.
        for (const frame of frames) {
          session.write(frame);
          if (paced) await new Promise((r) => setTimeout(r, FRAME_MS));
        }
        const started = performance.now();
        const heard = (await session.finish()).text;
        sttRows.push({
          voice,
          noise: volume ? `pink ${volume}` : "none",
          text,
          heard,
          errors: wordErrors(text, heard),
          words: text.split(" ").length,
          finishMs: paced ? performance.now() - started : Number.NaN,
        });
      }
    }
  }
  const werOf = (rows: typeof sttRows) =>
    round(rows.reduce((n, r) => n + r.errors, 0) / rows.reduce((n, r) => n + r.words, 0));
  const sttResult = {
    backend: "pocketsphinx (JSGF grammar from the command templates)",
    utterances: sttRows.length,
    wer: werOf(sttRows),
    sentence_accuracy: round(sttRows.filter((r) => r.errors === 0).length / sttRows.length),
    wer_by_voice: Object.fromEntries(
      ["en-us", "en-gb", "en-us+f3", "en-gb-scotland"].map((v) => [
        v,
        werOf(sttRows.filter((r) => r.voice === v)),
      ]),
    ),
    wer_clean: werOf(sttRows.filter((r) => r.noise === "none")),
    wer_pink_0_02: werOf(sttRows.filter((r) => r.noise !== "none")),
    finish_latency_ms_realtime_fed: summarize(sttRows.map((r) => r.finishMs).filter((x) => !Number.isNaN(x))),
    errors: sttRows
      .filter((r) => r.errors > 0)
      .map((r) => `${r.voice}/${r.noise}: "${r.text}" → "${r.heard}"`),
  };
  console.log("stt", { ...sttResult, errors: undefined });
  return sttResult;
}

const sections: Record<string, () => Promise<unknown>> = {
  frame_cost: measureFrameCost,
  wake: measureWake,
  stt: measureStt,
  // 4. End to end on the embedded path (real-time source, as a microphone).
  end_to_end: () => runLatency(dir, models),
  // 5. Barge-in delay and false barge-ins.
  barge_in: () => runBargeIn(dir, models),
  // 6. A pause between the wake word and the command.
  wake_pause: () => runWakePause(dir, models),
};
const wanted = process.env.VOICE_BENCH_SECTIONS?.split(",").map((s) => s.trim());
const unknown = wanted?.filter((name) => !(name in sections)) ?? [];
if (unknown.length > 0)
  throw new Error(
    `unknown voice bench section ${unknown.join(", ")}; one of ${Object.keys(sections).join(", ")}`,
  );
const resultFile = join(dirname(fileURLToPath(import.meta.url)), "results", "voice.json");
const previous: Record<string, unknown> =
  wanted && existsSync(resultFile)
    ? (JSON.parse(readFileSync(resultFile, "utf8")) as Record<string, unknown>)
    : {};
const measuredAt: Record<string, string> = { ...((previous.measured_at as Record<string, string>) ?? {}) };
const measured: Record<string, unknown> = {};
for (const [name, measure] of Object.entries(sections)) {
  if (wanted && !wanted.includes(name)) {
    if (name in previous) measured[name] = previous[name];
    if (name in previous && typeof previous.date === "string") measuredAt[name] ??= previous.date;
    continue;
  }
  measured[name] = await measure();
  console.log(name, JSON.stringify(measured[name], null, 2));
  measuredAt[name] = new Date().toISOString();
}

writeResult("voice", {
  // Other work shares the 2 CPUs here; per-frame costs rise with it.
  load_average_1m_at_end: round(loadavg()[0] ?? 0, 2),
  note: "Synthetic speech (espeak-ng voices) mixed with sox noise; pocketsphinx's acoustic model is trained on human speech, so STT figures on espeak voices are a lower bound for en-us/en-gb speakers and do not transfer to other accents.",
  measured_at: measuredAt,
  ...measured,
});
await models.release();
rmSync(dir, { recursive: true, force: true });
