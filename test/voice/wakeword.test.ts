/**
 * "Hey Jarvis" on real audio: espeak-ng voices and speeds, clean and mixed with sox noise, through
 * the openWakeWord pipeline on onnxruntime with the VAD gate, at the configured threshold (0.8).
 * Negatives (other speech, "jarvis" inside sentences, near-misses, noise, silence) run through the
 * whole VoicePipeline and must not wake it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/config/schema.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { FakeStt, FakeTts } from "../../src/testing/voice-fakes.js";
import { ClipSource, RecordingSink } from "../../src/voice/audio/io.js";
import { toFrames } from "../../src/voice/audio/wav.js";
import { VoicePipeline } from "../../src/voice/pipeline.js";
import { createDetector, loadVoiceModels, type VoiceModels, voiceSettings } from "../../src/voice/setup.js";
import { echoTurnHandler, keywordDialogClassifier } from "../../src/voice/turn.js";
import type { VoiceEvent } from "../../src/voice/types.js";
import { mixWithNoise, NEGATIVE_SENTENCES, type NoiseKind, noise, sequence, speak } from "./corpus.js";

const ok = hasPrograms(["espeak-ng", "sox"], "espeak-ng sox");

describe.skipIf(!ok)("wake word on real audio", () => {
  const config = defaultConfig().voice;
  let models: VoiceModels;
  let dir: string;
  beforeAll(async () => {
    models = await loadVoiceModels(config);
    dir = mkdtempSync(join(tmpdir(), "jarvis-wake-"));
  });
  afterAll(async () => {
    await models.release();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Highest score and whether the detector (score ≥ threshold and VAD agreeing) fired. */
  async function detect(samples: Int16Array) {
    const { wake } = createDetector(models, config);
    let best = 0;
    let fired = 0;
    for (const frame of toFrames(sequence([1000, samples, 1200]).samples)) {
      const decision = await wake.process(frame);
      best = Math.max(best, decision.score);
      if (decision.detected) {
        fired += 1;
        wake.reset();
      }
    }
    return { best, fired };
  }

  it.each([
    ["hey jarvis", "en-us", 150, undefined],
    ["hey jarvis", "en-gb", 130, undefined],
    ["hey jarvis", "en-us+f3", 170, undefined],
    ["hey jarvis", "en-gb-scotland", 150, "pinknoise"],
    ["hey jarvis, set a timer for five minutes", "en-us", 150, "pinknoise"],
    ["hey jarvis, set a timer for five minutes", "en-gb-x-rp", 130, "brownnoise"],
    ["hey jarvis, what time is it", "en-us-nyc", 150, undefined],
    ["hey jarvis, what time is it", "en-us+f3", 130, "whitenoise"],
  ] as const)("%j (%s, %i wpm, noise: %s) wakes it exactly once", async (text, voice, speed, kind) => {
    const clean = speak(dir, text, { voice, speed });
    const samples = kind
      ? mixWithNoise(dir, clean, kind as NoiseKind, kind === "whitenoise" ? 0.02 : 0.05)
      : clean;
    const result = await detect(samples);
    expect(result.best).toBeGreaterThanOrEqual(config.threshold);
    expect(result.fired).toBe(1);
  });

  type Negative = { what: string; make(): Int16Array };
  const negatives: Negative[] = [
    ...["en-us", "en-gb"].flatMap((voice) =>
      NEGATIVE_SENTENCES.map((sentence) => ({
        what: `${voice}: ${sentence}`,
        make: () => speak(dir, sentence, { voice, speed: 150 }),
      })),
    ),
    ...(["whitenoise", "pinknoise", "brownnoise"] as const).flatMap((kind) =>
      [0.03, 0.3].map((volume) => ({
        what: `${kind} at ${volume}`,
        make: () => noise(dir, kind, 3000, volume),
      })),
    ),
    { what: "silence", make: () => new Int16Array(48_000) },
    {
      what: "'jarvis' mid-sentence over pink noise",
      make: () =>
        mixWithNoise(
          dir,
          speak(dir, "my friend jarvis lives in london", { voice: "en-us+f3", speed: 150 }),
          "pinknoise",
          0.05,
        ),
    },
  ];

  it("the negative set has at least 30 clips", () => {
    expect(negatives.length).toBeGreaterThanOrEqual(30);
  });

  it.each(negatives)("negative: $what — wakes nothing", async ({ make }) => {
    const events: VoiceEvent[] = [];
    const { wake, vad } = createDetector(models, config);
    const pipeline = new VoicePipeline({
      wake,
      vad,
      stt: new FakeStt({ command: [], dialog: [] }),
      tts: new FakeTts(),
      sink: new RecordingSink(false),
      turns: echoTurnHandler,
      dialog: keywordDialogClassifier,
      settings: voiceSettings(config),
      onEvent: (event) => events.push(event),
    });
    await pipeline.run(new ClipSource(sequence([500, make(), 1000]).samples), new AbortController().signal);
    expect(events.filter((e) => e.type === "wake")).toEqual([]);
  });
});
