import type { JarvisPaths } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import type { ToolDefinition } from "../core/tool.js";
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
import type { DialogClassifier, TurnHandler } from "./turn.js";
import type { VoiceEvent } from "./types.js";

/** The parts of the runtime a voice session needs. */
export interface VoiceRuntime {
  config: JarvisConfig;
  paths: JarvisPaths;
  env: NodeJS.ProcessEnv;
  registry: { list(): ToolDefinition[] };
}

export interface VoiceSessionOptions {
  runtime: VoiceRuntime;
  sink: AudioSink;
  onEvent(event: VoiceEvent): void;
  /** Who answers what was said: the agent (`agentTurnHandler`). */
  turns: TurnHandler;
  /** Reads spoken yes/no answers to confirmations (the agent's NLU, `nluDialogClassifier`). */
  dialog: DialogClassifier;
  /** Share loaded models between sessions (the server); loaded here when absent. */
  models?: VoiceModels;
  /** Overrides `voice.threshold`. */
  threshold?: number;
  /** The chime played when the wake word is heard (`wakeEarcon()`); none when absent. */
  earcon?: PcmAudio;
}

export interface VoiceSession {
  pipeline: VoicePipeline;
  close(): Promise<void>;
}

/** One microphone or file stream's pipeline: the runtime's voice settings and catalog, the caller's agent. */
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
    turns: options.turns,
    dialog: options.dialog,
    settings: voiceSettings(config),
    ...(options.earcon ? { earcon: options.earcon } : {}),
    onEvent: options.onEvent,
  });
  return {
    pipeline,
    async close() {
      if (ownModels) await models.release();
    },
  };
}
