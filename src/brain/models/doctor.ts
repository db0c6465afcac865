import type { DoctorCheck } from "../../config/doctor.js";
import { loadConfig } from "../../config/load.js";
import { describeSpec, resolveModelSpecs } from "./config.js";
import type { ModelSpec } from "./types.js";
import { ollamaApiUrl, withPath } from "./urls.js";

const SETUP =
  "for a local model: install Ollama, `ollama pull qwen3:8b`, then `export JARVIS_MODEL_PROVIDER=ollama` (or set models.primary in config.yaml); any OpenAI-compatible server works with JARVIS_MODEL_PROVIDER=openai-compatible JARVIS_MODEL_BASE_URL=…";

/** Which language models are configured, and whether local ones answer (2 s probe each). */
export const modelDoctorCheck: DoctorCheck = {
  name: "language model",
  area: "brain",
  async run(context) {
    let specs: ModelSpec[];
    try {
      specs = await resolveModelSpecs(context.config ?? loadConfig(context.paths.config), context.env);
    } catch (error) {
      return { status: "error", detail: (error as Error).message, fix: "fix the model settings" };
    }
    if (specs.length === 0) {
      return {
        status: "missing",
        detail: "no language model: everyday commands work offline, open questions need a model",
        fix: SETUP,
      };
    }
    const results = await Promise.all(specs.map(probe));
    const unreachable = results.filter((r) => !r.ok);
    const detail = results.map((r) => `${describeSpec(r.spec)} (${r.note})`).join("; ");
    if (unreachable.length === specs.length)
      return { status: "warn", detail, fix: "start the model server, or check base_url" };
    return { status: "ok", detail };
  },
};

async function probe(spec: ModelSpec): Promise<{ spec: ModelSpec; ok: boolean; note: string }> {
  const url =
    spec.provider === "ollama"
      ? `${ollamaApiUrl(spec.baseUrl ?? "http://127.0.0.1:11434")}/tags`
      : spec.baseUrl
        ? `${withPath(spec.baseUrl, "/v1")}/models`
        : undefined;
  if (!url) return { spec, ok: Boolean(spec.apiKey), note: spec.apiKey ? "cloud; not probed" : "no API key" };
  try {
    const headers: Record<string, string> = {};
    if (spec.apiKey && spec.provider === "anthropic") headers["x-api-key"] = spec.apiKey;
    else if (spec.apiKey) headers.authorization = `Bearer ${spec.apiKey}`;
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return {
      spec,
      ok: response.status < 500,
      note: response.ok ? "reachable" : `answered ${response.status}`,
    };
  } catch (error) {
    return { spec, ok: false, note: `not reachable: ${(error as Error).message}` };
  }
}
