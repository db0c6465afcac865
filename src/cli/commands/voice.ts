import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { findService, type ServiceTarget } from "../../runtime/service-client.js";
import { defaultMicrophone, defaultSpeaker } from "../../voice/audio/devices.js";
import { type AudioSink, type AudioSource, ClipSource, RecordingSink } from "../../voice/audio/io.js";
import { decodeWav, encodeWav, type PcmAudio, resample, SAMPLE_RATE } from "../../voice/audio/wav.js";
import { wakeEarcon } from "../../voice/earcon.js";
import { createVoiceSession } from "../../voice/session.js";
import { createTts } from "../../voice/setup.js";
import { SpeechOutput } from "../../voice/speech-output.js";
import { agentTurnHandler, keywordDialogClassifier, nluDialogClassifier } from "../../voice/turn.js";
import type { VoiceEvent } from "../../voice/types.js";
import { serviceTurns, watchAlerts } from "../attach-voice.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";
import { openAgent } from "./agent-support.js";

interface ListenFlags {
  file?: string;
  json?: boolean;
  outDir?: string;
  threshold?: string;
}

export function registerVoiceCommands(program: Command, context: CliContext): void {
  program
    .command("listen")
    .description('the voice loop: "hey jarvis", a command, a spoken answer (microphone, or --file)')
    .option("--file <in.wav>", "run the same pipeline over a WAV file instead of the microphone")
    .option("--json", "print pipeline events as JSON lines")
    .option("--out-dir <dir>", "with --file: where spoken answers are written as WAV files")
    .option("--threshold <0..1>", "wake-word threshold (overrides voice.threshold)")
    .action(action(context, (flags: ListenFlags) => listen(context, flags)));

  program
    .command("say <text>")
    .description("speak text with the configured voice (or write it to a WAV file)")
    .option("--out <file.wav>", "write the audio to this file instead of playing it")
    .action(
      action(context, async (text: string, flags: { out?: string }) => {
        if (text.trim().length === 0) throw new JarvisError("USAGE", "nothing to say: the text is empty");
        const outPath = flags.out === undefined ? undefined : checkOutputFile(flags.out);
        const runtime = context.runtime();
        const tts = createTts(runtime.config.voice, {
          env: context.env,
          ...(context.env.HOME ? { home: context.env.HOME } : {}),
        });
        const signal = new AbortController().signal;
        if (outPath) {
          const audio = await tts.synthesize(text, signal);
          writeFileSync(outPath, encodeWav(audio));
          context.print(outPath);
          return;
        }
        await new SpeechOutput(tts, defaultSpeaker(context.env)).say(text, signal);
      }),
    );
}

async function listen(context: CliContext, flags: ListenFlags): Promise<void> {
  const threshold = flags.threshold === undefined ? undefined : parseThreshold(flags.threshold);
  const clip = flags.file === undefined ? undefined : readAudioFile(flags.file);
  if (flags.outDir !== undefined && !clip) throw new JarvisError("USAGE", "--out-dir needs --file");
  const runtime = context.runtime();
  const print = (event: VoiceEvent | { type: string; [key: string]: unknown }) => {
    if (flags.json) context.print(JSON.stringify(event));
    else {
      const line = describe(event as VoiceEvent);
      if (line) context.print(line);
    }
  };
  const earcon = wakeEarcon();
  let sink: AudioSink;
  if (clip) {
    const dir = flags.outDir ? resolve(flags.outDir) : mkdtempSync(join(tmpdir(), "jarvis-listen-"));
    mkdirSync(dir, { recursive: true });
    sink = new WavFileSink(dir, earcon, (file) => print({ type: "tts_output", file }));
  } else sink = defaultSpeaker(context.env);
  // Turns go to the agent loop (NLU fast path first, then a model when one is configured): the
  // running service's when there is one (its alerts are then said here too), else this process'.
  const service = findService(context.env);
  const agent = service ? undefined : await openAgent(context);
  const turns = agentTurnHandler(
    service
      ? serviceTurns(service)
      : (request) => {
          const handle = agent!.startTurn(request);
          return {
            events: handle.events,
            sessionId: handle.sessionId,
            cancel: () => agent!.kill(handle.runId),
          };
        },
  );
  const session = await createVoiceSession({
    runtime,
    sink,
    onEvent: print,
    turns,
    // Yes/no answers come from the agent's own NLU: training a second one costs ~0.5 s.
    // (attached to a service, yes/no is read by keywords: the service's NLU is in another process)
    dialog: agent ? nluDialogClassifier(agent.deps.nlu) : keywordDialogClassifier,
    earcon,
    ...(threshold === undefined ? {} : { threshold }),
  }).catch(async (error: unknown) => {
    await agent?.close();
    throw error;
  });
  const stopAlerts = service
    ? speakAlerts(service, runtime.config.voice, context.env, sink, print)
    : undefined;
  print({ type: "ready", answeredBy: service ? "service" : "agent", source: clip ? "file" : "microphone" });
  const controller = new AbortController();
  const interrupt = () => controller.abort(new DOMException("interrupted", "AbortError"));
  process.once("SIGINT", interrupt);
  try {
    const pipeline = session.pipeline;
    // While Jarvis thinks and speaks a file replays in real time, as a microphone would; attached
    // to a running service, all of it does (the service's alerts ring on the wall clock).
    const source: AudioSource = clip
      ? new ClipSource(clip.samples, () => service !== undefined || pipeline.busy)
      : defaultMicrophone(context.env);
    await pipeline.run(source, controller.signal);
  } finally {
    process.removeListener("SIGINT", interrupt);
    stopAlerts?.();
    await session.close();
    await agent?.close();
  }
}

function parseThreshold(value: string): number {
  const n = Number(value);
  if (!/^\d*\.?\d+$/.test(value.trim()) || !(n > 0 && n < 1)) {
    throw new JarvisError(
      "USAGE",
      `--threshold must be a number between 0 and 1 (exclusive), got "${value}"`,
    );
  }
  return n;
}

/** Any 16-bit PCM WAV; other rates are resampled to 16 kHz and channels mixed down. */
function readAudioFile(path: string): PcmAudio {
  const full = resolve(path);
  if (!existsSync(full)) throw new JarvisError("NOT_FOUND", `no such file: ${path}`);
  if (statSync(full).isDirectory()) throw new JarvisError("USAGE", `${path} is a directory, not a WAV file`);
  return resample(decodeWav(readFileSync(full)), SAMPLE_RATE);
}

function checkOutputFile(path: string): string {
  const full = resolve(path);
  if (existsSync(full) && statSync(full).isDirectory())
    throw new JarvisError("USAGE", `--out ${path} is a directory`);
  if (!existsSync(dirname(full))) {
    throw new JarvisError("NOT_FOUND", `--out: directory ${dirname(full)} does not exist`, {
      fix: "create it first or choose another path",
    });
  }
  return full;
}

/**
 * Plays nowhere: keeps real-time playback semantics and writes each spoken clip to a WAV (the
 * chime after the wake word takes its time but is no answer: its `earcon` event says when).
 */
class WavFileSink extends RecordingSink {
  private count = 0;
  constructor(
    private readonly dir: string,
    private readonly earcon: PcmAudio,
    private readonly onFile: (file: string) => void,
  ) {
    super(true);
  }
  override async play(audio: PcmAudio, signal: AbortSignal): Promise<void> {
    if (audio === this.earcon) return super.play(audio, signal);
    this.count += 1;
    const file = join(this.dir, `answer-${String(this.count).padStart(3, "0")}.wav`);
    writeFileSync(file, encodeWav(audio));
    this.onFile(file);
    await super.play(audio, signal);
  }
}

function describe(event: VoiceEvent | { type: string; [key: string]: unknown }): string | undefined {
  const e = event as Record<string, unknown> & { type: string };
  switch (e.type) {
    case "ready":
      return `listening for "hey jarvis" (${e.source}; answers by ${e.answeredBy}) — Ctrl-C to stop`;
    case "wake":
      return `● wake word (score ${e.score})`;
    case "activated":
      return "● listening";
    case "transcript":
      return `you: ${e.text || "(not understood)"}`;
    case "speak":
      return `jarvis: ${e.text}`;
    case "barge_in":
      return "… interrupted";
    case "confirm_answer":
      return `confirmation: ${e.answer} (${e.reason})`;
    case "listen_timeout":
      return "(no command heard)";
    case "tts_output":
      return `  ↳ ${e.file}`;
    case "error":
      return `${e.code}: ${e.message}`;
    default:
      return undefined;
  }
}

/** The service's alerts, said aloud by this voice loop as they ring ("snooze" and "dismiss" answer them). */
function speakAlerts(
  target: ServiceTarget,
  voice: Parameters<typeof createTts>[0],
  env: NodeJS.ProcessEnv,
  sink: AudioSink,
  print: (event: { type: string; [key: string]: unknown }) => void,
): () => void {
  const speech = new SpeechOutput(createTts(voice, { env, ...(env.HOME ? { home: env.HOME } : {}) }), sink);
  const controller = new AbortController();
  const stop = watchAlerts(target, (alert) => {
    print({ type: "alert", message: alert.message });
    void speech.say(alert.message, controller.signal).catch(() => undefined);
  });
  return () => {
    controller.abort();
    stop();
  };
}
