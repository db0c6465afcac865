import type { Nlu } from "../brain/nlu/types.js";
import type { JarvisPaths } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import { MemoryHandleStore } from "../core/handles.js";
import type { IdGenerator } from "../core/ids.js";
import type { ToolDefinition } from "../core/tool.js";
import type { Gate } from "../gate/gate.js";
import type { AudioSink } from "./audio/io.js";
import type { PcmAudio } from "./audio/wav.js";
import { VoicePipeline } from "./pipeline.js";
import {
  catalogTemplates,
  createDetector,
  createStt,
  createTts,
  loadVoiceModels,
  type VoiceModels,
  voiceSettings,
  voiceWorkDir,
} from "./setup.js";
import {
  createNluTurnHandler,
  type DialogClassifier,
  echoTurnHandler,
  keywordDialogClassifier,
  nluDialogClassifier,
  type TurnHandler,
} from "./turn.js";
import type { VoiceEvent } from "./types.js";

/** The parts of the runtime a voice session needs. */
export interface VoiceRuntime {
  config: JarvisConfig;
  paths: JarvisPaths;
  env: NodeJS.ProcessEnv;
  ids: IdGenerator;
  gate: Gate;
  registry: { list(): ToolDefinition[] };
}

export interface VoiceSessionOptions {
  runtime: VoiceRuntime;
  sink: AudioSink;
  onEvent(event: VoiceEvent): void;
  /** The agent loop, when the caller has one; otherwise the embedded NLU (or an echo) answers. */
  turns?: TurnHandler;
  dialog?: DialogClassifier;
  /** Share loaded models between sessions (the server); loaded here when absent. */
  models?: VoiceModels;
  /** Overrides `voice.threshold`. */
  threshold?: number;
  /** The chime played when the wake word is heard (`wakeEarcon()`); none when absent. */
  earcon?: PcmAudio;
}

export interface VoiceSession {
  pipeline: VoicePipeline;
  /** Who answers turns: the injected handler (the agent loop), the embedded NLU, or the echo stand-in. */
  answeredBy: "injected" | "nlu" | "echo";
  close(): Promise<void>;
}

/**
 * The embedded NLU (`createNluInWorker(tools)` in src/brain/nlu) when it is present in this build.
 * Imported by computed path so voice builds and runs without it.
 */
export async function loadEmbeddedNlu(tools: ToolDefinition[], cacheDir?: string): Promise<Nlu | undefined> {
  const specifier = new URL("../brain/nlu/index.js", import.meta.url).href;
  try {
    const module = (await import(specifier)) as {
      createNluInWorker?: (tools: ToolDefinition[], options?: { cacheDir?: string }) => Promise<Nlu>;
    };
    return typeof module.createNluInWorker === "function"
      ? await module.createNluInWorker(tools, cacheDir ? { cacheDir } : {})
      : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

/** One microphone/file/browser stream's pipeline, wired to the runtime's gate and catalog. */
export async function createVoiceSession(options: VoiceSessionOptions): Promise<VoiceSession> {
  const { runtime } = options;
  const config = {
    ...runtime.config.voice,
    ...(options.threshold === undefined ? {} : { threshold: options.threshold }),
  };
  const tools = runtime.registry.list();
  const stt = createStt(config, {
    env: runtime.env,
    workDir: voiceWorkDir(runtime.paths.home),
    templates: catalogTemplates(tools),
  });
  const tts = createTts(config, {
    env: runtime.env,
    ...(runtime.env.HOME ? { home: runtime.env.HOME } : {}),
  });
  let turns = options.turns;
  let dialog = options.dialog;
  let answeredBy: VoiceSession["answeredBy"] = "injected";
  if (!turns || !dialog) {
    const nlu = await loadEmbeddedNlu(tools, runtime.paths.cache);
    if (nlu) {
      turns ??= createNluTurnHandler({
        nlu,
        gate: runtime.gate,
        handles: new MemoryHandleStore(),
        newRunId: () => runtime.ids.next("run"),
      });
      dialog ??= nluDialogClassifier(nlu);
      if (!options.turns) answeredBy = "nlu";
    } else {
      turns ??= echoTurnHandler;
      dialog ??= keywordDialogClassifier;
      if (!options.turns) answeredBy = "echo";
    }
  }
  const ownModels = options.models === undefined;
  const models = options.models ?? (await loadVoiceModels(config, runtime.env.HOME));
  const { wake, vad, barge } = createDetector(models, config);
  const pipeline = new VoicePipeline({
    wake,
    vad,
    barge,
    stt,
    tts,
    sink: options.sink,
    turns,
    dialog,
    settings: voiceSettings(config),
    ...(options.earcon ? { earcon: options.earcon } : {}),
    onEvent: options.onEvent,
  });
  return {
    pipeline,
    answeredBy,
    async close() {
      if (ownModels) await models.release();
    },
  };
}
