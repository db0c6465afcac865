import type { JarvisConfig } from "../config/schema.js";
import { JarvisError } from "../core/errors.js";
import type { Logger } from "../core/logger.js";
import { findProgram } from "../platform/programs.js";
import type { SileroVadModel } from "../voice/vad.js";
import type { ServerContext } from "./context.js";
import { VoiceChannel, type VoiceLimits, type VoiceServices, type VoiceSocket } from "./voice-channel.js";

/** Version of the push-to-talk messages (`voice_start` … `voice_end`, `voice*` replies). */
export const VOICE_PROTOCOL = 1;

/** What one press may send, besides `voice.push_to_talk_max_s`. */
export const VOICE_LIMITS: Omit<VoiceLimits, "maxUtteranceMs"> = {
  // 1 s of 16 kHz s16le per WebSocket message; browsers send 20–100 ms.
  maxChunkBytes: 32_000,
  // Audio may run ahead of real time by this much (network jitter, batching), no more.
  burstMs: 2_000,
  pressesPerMinute: 40,
};

type VoiceConfig = JarvisConfig["voice"];

/**
 * Push-to-talk for every socket of one server. The voice modules (onnxruntime, the recogniser's
 * grammar) are loaded on the first press only, so a server nobody talks to never pays for them;
 * they are rebuilt when the `voice:` settings change. A failure is not cached: installing
 * pocketsphinx and pressing again works without a restart.
 */
export class VoiceHub {
  private loaded: { key: string; services: Promise<VoiceServices> } | undefined;
  private readonly channels = new Set<VoiceChannel>();

  constructor(private readonly context: ServerContext) {}

  connect(socket: VoiceSocket): VoiceChannel {
    const config = this.context.runtime.config.voice;
    const channel = new VoiceChannel({
      context: this.context,
      socket,
      services: () => this.services(),
      limits: { ...VOICE_LIMITS, maxUtteranceMs: config.push_to_talk_max_s * 1000 },
      protocol: VOICE_PROTOCOL,
      onClose: () => this.channels.delete(channel),
    });
    this.channels.add(channel);
    return channel;
  }

  private services(): Promise<VoiceServices> {
    const config = this.context.runtime.config.voice;
    const key = JSON.stringify(config);
    if (this.loaded?.key !== key) {
      const previous = this.loaded?.services;
      const services = load(config, this.context.runtime);
      this.loaded = { key, services };
      services.catch(() => {
        if (this.loaded?.services === services) this.loaded = undefined;
      });
      void previous?.then((old) => old.vad.release()).catch(() => undefined);
    }
    return this.loaded.services;
  }

  async close(logger?: Logger): Promise<void> {
    for (const channel of this.channels) channel.close();
    this.channels.clear();
    const services = this.loaded?.services;
    this.loaded = undefined;
    await services?.then((s) => s.vad.release()).catch((error: unknown) => logger?.warn({ err: error }));
  }
}

/** Recogniser, voice and VAD as configured; throws UNAVAILABLE with a fix when one is missing. */
async function load(
  config: VoiceConfig,
  runtime: Pick<ServerContext["runtime"], "env" | "paths" | "registry">,
): Promise<VoiceServices> {
  const env = runtime.env;
  if (config.stt === "none") {
    throw new JarvisError("UNAVAILABLE", "speech recognition is off (voice.stt: none)", {
      fix: "jarvis config set voice.stt pocketsphinx",
    });
  }
  if (config.stt === "pocketsphinx" && !findProgram("pocketsphinx_continuous", env)) {
    throw new JarvisError("UNAVAILABLE", "speech recognition is unavailable: pocketsphinx is not installed", {
      fix: "sudo apt-get install pocketsphinx pocketsphinx-en-us",
    });
  }
  const voice = await import("../voice/index.js");
  const stt = voice.createStt(config, {
    env,
    workDir: voice.voiceWorkDir(runtime.paths.home),
    // The catalog's example sentences join the recognition grammar, as for `jarvis listen`.
    templates: voice.catalogTemplates(runtime.registry.list()),
  });
  // Without a voice Jarvis still listens and answers in the chat, just silently.
  const speaks = config.tts !== "none" && (config.tts !== "espeak-ng" || findProgram("espeak-ng", env));
  const tts = speaks ? voice.createTts(config, { env, ...(env.HOME ? { home: env.HOME } : {}) }) : undefined;
  const vad: SileroVadModel = await voice.loadVadModel(config, env.HOME);
  return { voice, stt, tts, vad, settings: voice.voiceSettings(config) };
}
