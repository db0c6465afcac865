/**
 * The whole voice pipeline on real audio: espeak-ng speech (+ sox noise) → openWakeWord + Silero
 * on onnxruntime → pocketsphinx with the command grammar → the agent (embedded NLU) → the real gate →
 * tools → espeak-ng answer. Audio is replayed in real time while Jarvis is busy, as a mic would.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AgentService } from "../../src/agent/service.js";
import { defaultConfig } from "../../src/config/schema.js";
import { silentLogger } from "../../src/core/logger.js";
import { parametersFrom } from "../../src/core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../src/core/tool.js";
import { loadNlu } from "../../src/runtime/agent.js";
import { createRuntime, type Runtime } from "../../src/runtime/runtime.js";
import { createTempHome, hasPrograms, type TempHome } from "../../src/testing/index.js";
import { withLanguage } from "../../src/tools/language.js";
import { LISTS_LANGUAGE } from "../../src/tools/lists/language.js";
import { TIME_LANGUAGE } from "../../src/tools/time/language.js";
import { TIMERS_LANGUAGE } from "../../src/tools/timers/language.js";
import { wakeEarcon } from "../../src/voice/earcon.js";
import { VoicePipeline } from "../../src/voice/pipeline.js";
import {
  catalogTemplates,
  createDetector,
  loadVoiceModels,
  type VoiceModels,
  voiceSettings,
} from "../../src/voice/setup.js";
import { PocketsphinxStt } from "../../src/voice/stt/pocketsphinx.js";
import { EspeakTts } from "../../src/voice/tts/espeak.js";
import { agentTurnHandler, nluDialogClassifier } from "../../src/voice/turn.js";
import type { VoiceEvent } from "../../src/voice/types.js";
import { noise, scenario, sequence } from "./corpus.js";
import { EchoRoom } from "./room.js";

const ok_ = hasPrograms(
  ["espeak-ng", "sox", "pocketsphinx_continuous"],
  "espeak-ng sox pocketsphinx pocketsphinx-en-us",
);

/**
 * Stand-ins for the everyday tools (same names, arguments and language as the real groups),
 * counting effects.
 */
function tools(effects: string[]): () => ToolDefinition[] {
  const language = { ...TIMERS_LANGUAGE, ...TIME_LANGUAGE, ...LISTS_LANGUAGE };
  return () => withLanguage(standIns(effects), language);
}

function standIns(effects: string[]): ToolDefinition[] {
  return [
    defineTool<{ duration_s: number }>({
      name: "timer_set",
      group: "timers",
      description: "Set a countdown timer.",
      parameters: parametersFrom(
        z.object({ duration_s: z.number().positive(), label: z.string().optional() }),
      ),
      effects: ["write"],
      risk: "safe",
      async execute(args) {
        effects.push(`timer_set ${args.duration_s}`);
        return ok(`Timer set for ${args.duration_s / 60} minutes.`);
      },
    }),
    defineTool({
      name: "time_now",
      group: "time",
      description: "The current time.",
      parameters: parametersFrom(z.object({ timezone: z.string().optional(), city: z.string().optional() })),
      effects: ["read"],
      risk: "safe",
      async execute() {
        effects.push("time_now");
        return ok(
          "It is ten forty two in the morning. The sun is up and the sky is clear over the city. Have a very nice day.",
        );
      },
    }),
    defineTool<{ list: string }>({
      name: "lists_clear",
      group: "lists",
      description: "Remove every item from a list.",
      parameters: parametersFrom(z.object({ list: z.string().min(1) })),
      effects: ["delete"],
      risk: "dangerous",
      async execute(args) {
        effects.push(`lists_clear ${args.list}`);
        return ok(`The ${args.list} list is empty now.`);
      },
    }),
  ];
}

describe.skipIf(!ok_)("voice pipeline on real audio", () => {
  const config = defaultConfig().voice;
  let models: VoiceModels;
  let home: TempHome;
  let dir: string;
  let catalogStt: PocketsphinxStt;
  beforeAll(async () => {
    models = await loadVoiceModels(config);
    home = createTempHome();
    dir = mkdtempSync(join(tmpdir(), "jarvis-voice-audio-"));
    const catalog = createRuntime({ env: home.env, logger: silentLogger });
    const templates = catalogTemplates(catalog.registry.list());
    await catalog.close();
    catalogStt = new PocketsphinxStt({ workDir: join(dir, "catalog-stt"), templates });
  });
  afterAll(async () => {
    await models.release();
    home.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * `after`: more audio appended to the scenario (e.g. loud noise while Jarvis answers).
   * `room`: the chime after the wake word, and everything played coming back into the
   * microphone `echoDb` down, with the recognition grammar `jarvis listen` builds from the whole
   * catalog.
   */
  async function run(parts: Parameters<typeof scenario>[1], after?: Int16Array, room?: { echoDb: number }) {
    const effects: string[] = [];
    const runtime: Runtime = createRuntime({ env: home.env, tools: tools(effects), logger: silentLogger });
    try {
      const nlu = await loadNlu(runtime.registry.list());
      const agent = new AgentService({ runtime, nlu });
      const scene = scenario(dir, parts, { noise: { kind: "pinknoise", volume: 0.015 } });
      const clip = after ? { ...scene, samples: sequence([scene.samples, after]).samples } : scene;
      const events: VoiceEvent[] = [];
      const echo = new EchoRoom(room ? 10 ** (room.echoDb / 20) : 0, 30 * 16);
      const sink = echo.sink;
      const pipeline: VoicePipeline = new VoicePipeline({
        ...createDetector(models, config), // wake word, VAD and barge-in detector
        stt: room ? catalogStt : new PocketsphinxStt({ workDir: join(dir, "stt") }),
        tts: new EspeakTts(),
        sink,
        ...(room ? { earcon: wakeEarcon() } : {}),
        turns: agentTurnHandler((request) => {
          const handle = agent.startTurn(request);
          return {
            events: handle.events,
            sessionId: handle.sessionId,
            cancel: () => agent.kill(handle.runId),
          };
        }),
        dialog: nluDialogClassifier(nlu),
        // An echo this loud is loudspeakers without an echo canceller: there only "hey jarvis"
        // interrupts (docs/voice.md), or Jarvis's own answer would.
        settings: { ...voiceSettings(config), ...(room ? { bargeIn: "wake" as const } : {}) },
        onEvent: (event) => events.push(event),
      });
      await pipeline.run(
        echo.source(clip.samples, () => pipeline.busy),
        new AbortController().signal,
      );
      await agent.close();
      const of = <T extends VoiceEvent["type"]>(type: T) =>
        events.filter((e): e is Extract<VoiceEvent, { type: T }> => e.type === type);
      return { events, of, effects, sink, clip };
    } finally {
      await runtime.close();
    }
  }

  it("wake + command → the right tool call → a spoken answer", async () => {
    const { of, effects, sink } = await run([
      700,
      { text: "hey jarvis, set a timer for five minutes" },
      3000,
    ]);
    expect(of("wake")).toHaveLength(1);
    expect(of("transcript").map((t) => t.text)).toEqual(["set a timer for five minutes"]);
    expect(effects).toEqual(["timer_set 300"]);
    expect(of("turn_text")[0]?.text).toBe("Timer set for 5 minutes.");
    expect(sink.played).toHaveLength(1);
    expect(sink.played[0]?.audio.samples.length).toBeGreaterThan(10_000);
    expect(of("error")).toEqual([]);
  });

  it("barge-in: speaking over the answer stops it and the new command runs", async () => {
    const { of, effects, sink, clip } = await run([
      700,
      { text: "hey jarvis, what time is it", voice: { voice: "en-gb", speed: 150 } },
      2600,
      { text: "set a timer for five minutes" },
      3000,
    ]);
    expect(of("barge_in")).toHaveLength(1);
    const barge = of("barge_in")[0]?.t ?? 0;
    const onset = clip.voiced[3]?.start ?? 0;
    expect(barge).toBeGreaterThan(onset);
    expect(sink.played.some((p) => p.stoppedEarly)).toBe(true);
    expect(of("turn_text")[0]).toMatchObject({ interrupted: true });
    expect(of("transcript").map((t) => t.text)).toEqual(["what time is it", "set a timer for five minutes"]);
    expect(effects).toEqual(["time_now", "timer_set 300"]);
  });

  it("loud noise (no speech) during a long answer does not barge in", async () => {
    const { of, effects, sink } = await run(
      [700, { text: "hey jarvis, what time is it", voice: { voice: "en-gb", speed: 150 } }],
      sequence([noise(dir, "pinknoise", 4000, 0.1), noise(dir, "whitenoise", 4000, 0.05)]).samples,
    );
    expect(effects).toEqual(["time_now"]);
    expect(of("barge_in")).toEqual([]);
    expect(of("turn_text")[0]).toMatchObject({ interrupted: false });
    expect(sink.played.some((p) => p.stoppedEarly)).toBe(false);
  });

  it.each([
    ["yes", "approve", ["lists_clear shopping"], "The shopping list is empty now."],
    ["no", "deny", [], "Okay, I didn't do that."],
  ])("a confirmation answered %j by voice → %s", async (answer, decision, effects, reply) => {
    const result = await run([
      700,
      { text: "hey jarvis, clear my shopping list" },
      6500,
      { text: answer, voice: { voice: "en-us", speed: 140 } },
      3000,
    ]);
    // The call in words and why; never the tool's name
    expect(result.of("confirm_prompt")[0]?.question).toMatch(/^Clear .*shopping.*\? .+\. Yes or no\?$/);
    expect(result.of("confirm_prompt")[0]?.question).not.toMatch(/lists_clear|lists clear/);
    expect(result.of("confirm_answer")).toEqual([
      expect.objectContaining({ heard: answer, answer: decision }),
    ]);
    expect(result.effects).toEqual(effects);
    expect(result.of("turn_text")[0]?.text).toBe(reply);
  });

  it("'hey jarvis', the chime (its echo in the microphone), 1.5 s of quiet, the command: the command runs", async () => {
    const { of, effects } = await run(
      [700, { text: "hey jarvis" }, 1500, { text: "set a timer for five minutes" }, 3000],
      undefined,
      { echoDb: -10 },
    );
    expect(of("wake")).toHaveLength(1);
    expect(of("earcon")).toHaveLength(1);
    // The speech started after the chime and the pause: no end of speech fired on them.
    expect(of("speech_start")).toHaveLength(1);
    expect(of("transcript").map((t) => t.text)).toEqual(["set a timer for five minutes"]);
    expect(effects).toEqual(["timer_set 300"]);
    expect(of("error")).toEqual([]);
  });

  it("silence after the question denies, and nothing runs", async () => {
    const result = await run([700, { text: "hey jarvis, clear my shopping list" }, 12_000]);
    expect(result.of("confirm_answer")).toEqual([
      expect.objectContaining({ answer: "deny", reason: "silence" }),
    ]);
    expect(result.effects).toEqual([]);
  });
});
