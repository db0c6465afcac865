import { resolveModelSpecs } from "../brain/models/config.js";
import { describeIssue } from "../config/load.js";
import { defaultConfig, modelSchema } from "../config/schema.js";
import { isJarvisError } from "../core/errors.js";
import { HttpError } from "./errors.js";

export interface ConnectionReport {
  ok: boolean;
  message: string;
  latencyMs?: number;
  /** Models the server offers (first 50). */
  models?: string[];
}

function withPath(baseUrl: string, path: string): string {
  const url = new URL(baseUrl);
  if (url.pathname.replace(/\/+$/, "") === "") url.pathname = path;
  return url.toString().replace(/\/+$/, "");
}

/**
 * "Test connection" for one model entry: lists the provider's models (no tokens spent) and
 * checks the configured model is among them. The key comes from where config says (env,
 * keychain); it is sent only to the configured URL and never returned.
 */
export async function testModelConnection(
  raw: unknown,
  env: NodeJS.ProcessEnv,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<ConnectionReport> {
  const parsed = modelSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(400, "CONFIG_INVALID", describeIssue(issue).replace(/^config\.yaml: /, "model."), {
      path: `model.${issue.path.map(String).join(".")}`,
    });
  }
  if (parsed.data.provider === "none") return { ok: false, message: "no provider chosen" };
  let spec: Awaited<ReturnType<typeof resolveModelSpecs>>[number] | undefined;
  try {
    const config = defaultConfig();
    config.models.primary = parsed.data;
    const { JARVIS_MODEL_PROVIDER: _p, JARVIS_MODEL: _m, JARVIS_MODEL_BASE_URL: _b, ...rest } = env;
    spec = (await resolveModelSpecs(config, rest))[0];
  } catch (error) {
    return { ok: false, message: isJarvisError(error) ? error.toLine() : String(error) };
  }
  if (!spec) return { ok: false, message: "no provider chosen" };
  const headers: Record<string, string> = { accept: "application/json" };
  let url: string;
  switch (spec.provider) {
    case "ollama":
      url = `${withPath(spec.baseUrl ?? "http://127.0.0.1:11434", "/api").replace(/\/v1$/, "/api")}/tags`;
      if (spec.apiKey) headers.authorization = `Bearer ${spec.apiKey}`;
      break;
    case "anthropic":
      url = `${withPath(spec.baseUrl ?? "https://api.anthropic.com", "/v1")}/models`;
      if (spec.apiKey) headers["x-api-key"] = spec.apiKey;
      headers["anthropic-version"] = "2023-06-01";
      break;
    default:
      url = `${withPath(spec.baseUrl ?? "https://api.openai.com", "/v1")}/models`;
      if (spec.apiKey) headers.authorization = `Bearer ${spec.apiKey}`;
  }
  const started = performance.now();
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      redirect: "error",
    });
  } catch (error) {
    const reason = (error as Error).name === "TimeoutError" ? "timed out" : (error as Error).message;
    return { ok: false, message: `cannot reach ${new URL(url).origin}: ${reason}` };
  }
  const latencyMs = Math.round(performance.now() - started);
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      latencyMs,
      message: `${new URL(url).origin} refused the API key (HTTP ${response.status})`,
    };
  }
  if (!response.ok) return { ok: false, latencyMs, message: `${url} answered HTTP ${response.status}` };
  const body = (await response.json().catch(() => ({}))) as {
    models?: Array<{ name?: string }>;
    data?: Array<{ id?: string }>;
  };
  const models = (body.models?.map((m) => m.name) ?? body.data?.map((m) => m.id) ?? [])
    .filter((m): m is string => typeof m === "string")
    .slice(0, 50);
  const has =
    models.length === 0 || models.includes(spec.model) || models.some((m) => m.startsWith(`${spec.model}:`));
  return {
    ok: has,
    latencyMs,
    models,
    message: has
      ? `connected to ${spec.label} in ${latencyMs} ms`
      : `connected, but the server has no model "${spec.model}" (it has ${models.slice(0, 5).join(", ")})`,
  };
}
