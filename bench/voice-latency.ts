/**
 * End to end on the embedded path, audio paced in real time as a microphone delivers it:
 * end of speech → first audio byte of the answer (barge-in: voice-barge.ts). Used by voice.bench.ts.
 */
import { join } from "node:path";
import { defaultConfig } from "../src/config/schema.js";
import { silentLogger } from "../src/core/logger.js";
import { openAgentService } from "../src/runtime/agent.js";
import { createRuntime } from "../src/runtime/runtime.js";
import { createTempHome } from "../src/testing/home.js";
import { type AudioSource, ClipSource, RecordingSink } from "../src/voice/audio/io.js";
import { VoicePipeline } from "../src/voice/pipeline.js";
import { createDetector, type VoiceModels, voiceSettings } from "../src/voice/setup.js";
import { PocketsphinxStt } from "../src/voice/stt/pocketsphinx.js";
import { EspeakTts } from "../src/voice/tts/espeak.js";
import { agentTurnHandler, keywordDialogClassifier, type TurnHandler } from "../src/voice/turn.js";
import type { VoiceEvent } from "../src/voice/types.js";
import { scenario } from "../test/voice/corpus.js";
import { summarize } from "./util.js";

export async function runLatency(dir: string, models: VoiceModels) {
  const config = defaultConfig().voice;
  const home = createTempHome("jarvis-voice-bench-");
  const runtime = createRuntime({ env: home.env, logger: silentLogger });
  // The embedded path as `jarvis listen` runs it: the agent loop with no model configured, so
  // every turn is answered by the NLU fast path through the gate.
  const agent = await openAgentService(runtime);
  const turns = agentTurnHandler((request) => {
    const handle = agent.startTurn(request);
    return { events: handle.events, sessionId: handle.sessionId, cancel: () => agent.kill(handle.runId) };
  });
  const stt = new PocketsphinxStt({ workDir: join(dir, "latency-stt") });
  const run = async (samples: Int16Array, answer?: TurnHandler) => {
    const events: VoiceEvent[] = [];
    const sink = new RecordingSink(true);
    const { wake, vad, barge } = createDetector(models, config);
    const pipeline = new VoicePipeline({
      wake,
      vad,
      barge,
      stt,
      tts: new EspeakTts(),
      sink,
      turns: answer ?? turns,
      dialog: keywordDialogClassifier,
      settings: voiceSettings(config),
      onEvent: (e) => events.push(e),
    });
    // Wall time each chunk was handed over, by the media time at its end.
    const arrivals = new Map<number, number>();
    const source = new ClipSource(samples, () => true);
    let received = 0;
    const timed: AudioSource = {
      async *frames(signal) {
        for await (const chunk of source.frames(signal)) {
          received += chunk.length;
          arrivals.set(Math.round(received / 16), performance.now());
          yield chunk;
        }
      },
    };
    await pipeline.run(timed, new AbortController().signal);
    return { events, sink, arrivals };
  };

  const firstAudio: number[] = [];
  const fromLastWord: number[] = [];
  const transcriptMs: number[] = [];
  const heard: string[] = [];
  const cases = [
    { text: "hey jarvis, set a timer for five minutes", voice: { voice: "en-us", speed: 150 } },
    { text: "hey jarvis, what time is it", voice: { voice: "en-gb", speed: 150 } },
    { text: "hey jarvis, what's the weather in london", voice: { voice: "en-us", speed: 140 } },
    { text: "hey jarvis, set a timer for ten minutes", voice: { voice: "en-gb-x-rp", speed: 150 } },
  ];
  for (let round = 0; round < 2; round++) {
    for (const c of cases) {
      const clip = scenario(dir, [800, c, 2500], { noise: { kind: "pinknoise", volume: 0.02 } });
      const { events } = await run(clip.samples);
      const speak = events.find((e) => e.type === "speak");
      const end = events.find((e) => e.type === "speech_end");
      const transcript = events.find((e) => e.type === "transcript");
      if (speak?.type === "speak" && speak.latencyMs !== undefined && end?.type === "speech_end") {
        firstAudio.push(speak.latencyMs);
        // Plus media time from the last voiced sample to the VAD's end-of-speech decision (the hangover).
        fromLastWord.push(speak.latencyMs + (end.t - (clip.voiced[1]?.end ?? 0)));
      }
      if (transcript?.type === "transcript") {
        transcriptMs.push(transcript.latencyMs);
        heard.push(transcript.text);
      }
    }
  }

  await agent.close();
  await runtime.close();
  home.cleanup();
  return {
    turn_handler: "agent loop (openAgentService), no model: NLU fast path → gate → tool",
    end_silence_ms: config.end_silence_ms,
    end_of_speech_to_first_audio_ms: summarize(firstAudio),
    last_word_to_first_audio_ms: summarize(fromLastWord),
    transcript_after_end_of_speech_ms: summarize(transcriptMs),
    transcripts: heard,
  };
}
