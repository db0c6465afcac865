import type { ConfirmAnswer } from "../core/events.js";
import type { PcmAudio } from "../voice/audio/wav.js";
import { VoicePipeline } from "../voice/pipeline.js";
import { keywordDialogClassifier, type TurnHandler } from "../voice/turn.js";
import { DEFAULT_VOICE_SETTINGS, type VoiceEvent, type VoiceSettings } from "../voice/types.js";
import {
  ControlledSink,
  createFakeVad,
  type FakeBarge,
  FakeStt,
  FakeTts,
  FakeWake,
  frame,
  settle,
  silentFrames,
  speechFrames,
} from "./voice-fakes.js";

export interface PipelineHarness {
  pipeline: VoicePipeline;
  events: VoiceEvent[];
  sink: ControlledSink;
  tts: FakeTts;
  stt: FakeStt;
  wake: FakeWake;
  turns: string[];
  answers: ConfirmAnswer[];
  feed(frames: Int16Array[]): Promise<void>;
  /** Lets every queued clip play to its end. */
  finishSpeech(): Promise<void>;
  types(): string[];
}

/**
 * A voice pipeline on fakes (wake word, VAD, STT, TTS, speaker): its turn answers "You said: …",
 * and asks for confirmation when told to "delete".
 */
export function pipelineHarness(
  script: { command?: string[]; dialog?: string[] },
  answer = (t: string) => `You said: ${t}.`,
  options: {
    barge?: FakeBarge;
    confirmSignal?: AbortSignal;
    earcon?: PcmAudio;
    settings?: Partial<VoiceSettings>;
  } = {},
): PipelineHarness {
  const events: VoiceEvent[] = [];
  const sink = new ControlledSink();
  const tts = new FakeTts();
  const stt = new FakeStt({ command: script.command ?? [], dialog: script.dialog ?? [] });
  const wake = new FakeWake();
  const turns: string[] = [];
  const answers: ConfirmAnswer[] = [];
  const handler: TurnHandler = {
    async *run(request) {
      turns.push(request.text);
      if (request.text.startsWith("delete")) {
        const decision = await request.broker.request(
          {
            confirmationId: "c1",
            runId: "r1",
            callId: "call1",
            tool: "files_delete",
            args: {},
            tier: "dangerous",
            reason: "deletes a file",
            ask: "Delete notes.txt?",
            why: "It deletes something, so I check with you first.",
            preview: "TRASH ~/notes.txt",
            expiresAt: 0,
          },
          options.confirmSignal ?? new AbortController().signal,
        );
        answers.push(decision);
        yield { type: "text", text: decision === "approve" ? "Deleted." : "Kept it." };
        return;
      }
      yield { type: "text", text: answer(request.text) };
    },
  };
  const pipeline = new VoicePipeline({
    wake,
    vad: createFakeVad(),
    ...(options.barge ? { barge: options.barge } : {}),
    stt,
    tts,
    sink,
    turns: handler,
    dialog: keywordDialogClassifier,
    settings: {
      ...DEFAULT_VOICE_SETTINGS,
      endSilenceMs: 240,
      listenTimeoutMs: 800,
      confirmListenMs: 800,
      ...options.settings,
    },
    ...(options.earcon ? { earcon: options.earcon } : {}),
    onEvent: (event) => events.push(event),
  });
  const h: PipelineHarness = {
    pipeline,
    events,
    sink,
    tts,
    stt,
    wake,
    turns,
    answers,
    async feed(frames) {
      for (const f of frames) {
        await pipeline.processFrame(f);
        await settle(3);
      }
      await settle();
    },
    async finishSpeech() {
      for (let i = 0; i < 20 && sink.playing; i++) {
        sink.finishAll();
        await settle();
      }
    },
    types: () => events.filter((e) => e.type !== "state").map((e) => e.type),
  };
  return h;
}

/** A wake word, a short pause, a spoken command and the silence after it. */
export const commandFrames = () => [
  frame({ wake: true }),
  ...silentFrames(2),
  ...speechFrames(6),
  ...silentFrames(4),
];
