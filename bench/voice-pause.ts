/**
 * A pause between "hey Jarvis" and the command: how many commands are transcribed right when
 * they follow at once (one breath) or after 0.3–2.5 s of quiet, through the real pipeline
 * (openWakeWord → Silero → pocketsphinx with the grammar `jarvis listen` builds from the whole
 * catalog). "before": the recogniser hears everything from the wake decision on (as it did);
 * "after": what ships — the command's lead-in from before the decision, a 320 ms pre-roll, and
 * the chime, whose echo comes back into the microphone 10 dB down. Used by voice.bench.ts.
 */
import { join } from "node:path";
import { defaultConfig } from "../src/config/schema.js";
import { silentLogger } from "../src/core/logger.js";
import { createRuntime } from "../src/runtime/runtime.js";
import { createTempHome } from "../src/testing/home.js";
import { wakeEarcon } from "../src/voice/earcon.js";
import { VoicePipeline } from "../src/voice/pipeline.js";
import { catalogTemplates, createDetector, type VoiceModels, voiceSettings } from "../src/voice/setup.js";
import { PocketsphinxStt } from "../src/voice/stt/pocketsphinx.js";
import { EspeakTts } from "../src/voice/tts/espeak.js";
import { keywordDialogClassifier } from "../src/voice/turn.js";
import type { VoiceEvent, VoiceSettings } from "../src/voice/types.js";
import { scenario } from "../test/voice/corpus.js";
import { EchoRoom } from "../test/voice/room.js";
import { summarize } from "./util.js";

/**
 * Commands in the team's own words, in the recognition grammar, not used while building the
 * change (the development set was "what time is it", timers, milk on the shopping list, the
 * weather in London, the volume...).
 */
export const PAUSE_COMMANDS: readonly string[] = [
  "how much time is left on my timer",
  "put eggs on the grocery list",
  "what is the weather going to be in dublin tomorrow",
  "wake me up at six thirty a.m.",
  "what's on my schedule on friday",
  "open the text editor",
  "set the brightness to forty percent",
  "what is twelve times eight",
  "do i have any unread emails",
  "remove bananas from my shopping list",
];
const PAUSES_MS = [0, 300, 800, 1500, 2500];
const VOICES = ["en-us", "en-gb", "en-us+f3"];
const ECHO_DB = -10;

type Variant = "before" | "after";

export async function runWakePause(dir: string, models: VoiceModels) {
  const config = defaultConfig().voice;
  const home = createTempHome("jarvis-voice-pause-");
  const runtime = createRuntime({ env: home.env, logger: silentLogger });
  const stt = new PocketsphinxStt({
    workDir: join(dir, "pause-stt"),
    templates: catalogTemplates(runtime.registry.list()),
  });
  await runtime.close();
  home.cleanup();
  const earcon = wakeEarcon();
  const settings: Record<Variant, VoiceSettings> = {
    before: { ...voiceSettings(config), preRollMs: 600_000, leadInMs: 0 },
    after: voiceSettings(config),
  };

  const run = async (samples: Int16Array, variant: Variant) => {
    const events: VoiceEvent[] = [];
    const room = new EchoRoom(variant === "after" ? 10 ** (ECHO_DB / 20) : 0, 30 * 16);
    const pipeline = new VoicePipeline({
      ...createDetector(models, config), // wake word, VAD and barge-in detector
      stt,
      tts: new EspeakTts(),
      sink: room.sink,
      turns: { async *run() {} },
      dialog: keywordDialogClassifier,
      settings: settings[variant],
      ...(variant === "after" ? { earcon } : {}),
      onEvent: (e) => events.push(e),
    });
    await pipeline.run(
      room.source(samples, () => false),
      new AbortController().signal,
    );
    return events;
  };

  type Tally = { right: number; total: number; no_wake: number; empty: number; wrong: string[] };
  const tally = (): Record<string, Tally> =>
    Object.fromEntries(
      PAUSES_MS.map((p) => [pauseName(p), { right: 0, total: 0, no_wake: 0, empty: 0, wrong: [] }]),
    );
  const results: Record<Variant, Record<string, Tally>> = { before: tally(), after: tally() };
  const wakeLagMs: number[] = [];
  for (const voice of VOICES) {
    for (const text of PAUSE_COMMANDS) {
      for (const pause of PAUSES_MS) {
        const spoken = { voice, speed: 150 };
        const parts =
          pause === 0
            ? [800, { text: `hey jarvis, ${text}`, voice: spoken }, 2000]
            : [800, { text: "hey jarvis", voice: spoken }, pause, { text, voice: spoken }, 2000];
        const clip = scenario(dir, parts, { noise: { kind: "pinknoise", volume: 0.015 } });
        for (const variant of ["before", "after"] as const) {
          const events = await run(clip.samples, variant);
          const row = results[variant][pauseName(pause)] as Tally;
          row.total += 1;
          const wake = events.find((e) => e.type === "wake");
          const heard = events.find((e) => e.type === "transcript");
          if (!wake) row.no_wake += 1;
          else if (heard?.type !== "transcript" || heard.text === "") row.empty += 1;
          else if (heard.text === text) row.right += 1;
          else row.wrong.push(`${voice}: "${text}" → "${heard.text}"`);
          // The wake decision after the phrase's last voiced sample (the lead-in's reason).
          if (variant === "after" && pause > 0 && wake) wakeLagMs.push(wake.t - (clip.voiced[1]?.end ?? 0));
        }
      }
    }
  }

  // A wake word and then nothing: listening ends by itself, nothing is transcribed or answered.
  const alone = { runs: 0, transcripts: 0, timeouts: 0 };
  for (const voice of VOICES) {
    const clip = scenario(dir, [800, { text: "hey jarvis", voice: { voice, speed: 150 } }, 7000], {
      noise: { kind: "pinknoise", volume: 0.015 },
    });
    const events = await run(clip.samples, "after");
    alone.runs += 1;
    alone.transcripts += events.filter((e) => e.type === "transcript").length;
    alone.timeouts += events.filter((e) => e.type === "listen_timeout").length;
  }

  const summary = (variant: Variant) =>
    Object.fromEntries(
      Object.entries(results[variant]).map(([pause, t]) => [
        pause,
        { right: `${t.right}/${t.total}`, no_wake: t.no_wake, empty: t.empty, wrong: t.wrong },
      ]),
    );
  return {
    method: `${PAUSE_COMMANDS.length} commands × ${VOICES.length} espeak-ng voices (speed 150) per pause, pink noise 0.015 under all; "hey jarvis", the pause, the command; "0 ms" = one breath ("hey jarvis, <command>"). Grammar: the command phrases plus every catalog example, as jarvis listen builds it. Right = the transcript is exactly the command.`,
    before: { behaviour: "the recogniser hears everything from the wake decision on", ...summary("before") },
    after: {
      behaviour: `lead-in from the breath before the wake decision (≤ ${settings.after.leadInMs} ms), ${settings.after.preRollMs} ms pre-roll before speech, chime echoed back at ${ECHO_DB} dB`,
      ...summary("after"),
    },
    wake_decision_after_phrase_end_ms: summarize(wakeLagMs),
    wake_word_then_silence: alone,
  };
}

function pauseName(ms: number): string {
  return ms === 0 ? "one breath" : `${ms} ms`;
}
