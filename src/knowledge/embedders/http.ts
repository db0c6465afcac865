import { linkSignals } from "../../core/abort.js";
import { JarvisError } from "../../core/errors.js";
import { type Embedder, type EmbedOptions, normalize } from "./types.js";

export interface HttpEmbedderOptions {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
  /** Inputs per request; servers cap batch sizes (OpenAI 2048, llama.cpp often less). */
  batchSize?: number;
  fetch?: typeof fetch;
}

/** OpenAI-compatible `POST {base}/v1/embeddings` (OpenAI, llama.cpp, vLLM, LM Studio, Jan). */
export class OpenAICompatibleEmbedder implements Embedder {
  readonly id: string;
  private readonly url: string;

  constructor(private readonly options: HttpEmbedderOptions) {
    this.id = `openai-compatible:${options.model}`;
    const base = options.baseUrl.replace(/\/+$/, "");
    // Base URLs are given both with and without the /v1 suffix; accept either.
    this.url = /\/v\d+$/.test(base) ? `${base}/embeddings` : `${base}/v1/embeddings`;
  }

  embed(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    return inBatches(texts, this.options.batchSize ?? 64, async (batch) => {
      const body = await postJson(
        this.url,
        { model: this.options.model, input: batch, encoding_format: "float" },
        this.options,
        options.signal,
      );
      const data = (body as { data?: unknown }).data;
      if (!Array.isArray(data) || data.length !== batch.length) {
        throw badResponse(this.url, `expected ${batch.length} embeddings in "data"`);
      }
      const ordered = [...data].sort(
        (a, b) => Number((a as { index?: number }).index ?? 0) - Number((b as { index?: number }).index ?? 0),
      );
      return ordered.map((item) => toVector((item as { embedding?: unknown }).embedding, this.url));
    });
  }
}

/** Ollama's native `POST {base}/api/embed` with `{model, input: [...]}`. */
export class OllamaEmbedder implements Embedder {
  readonly id: string;
  private readonly url: string;

  constructor(private readonly options: HttpEmbedderOptions) {
    this.id = `ollama:${options.model}`;
    this.url = `${options.baseUrl.replace(/\/+$/, "")}/api/embed`;
  }

  embed(texts: readonly string[], options: EmbedOptions): Promise<Float32Array[]> {
    return inBatches(texts, this.options.batchSize ?? 32, async (batch) => {
      const body = await postJson(
        this.url,
        { model: this.options.model, input: batch, truncate: true },
        this.options,
        options.signal,
      );
      const embeddings = (body as { embeddings?: unknown }).embeddings;
      if (!Array.isArray(embeddings) || embeddings.length !== batch.length) {
        throw badResponse(this.url, `expected ${batch.length} vectors in "embeddings"`);
      }
      return embeddings.map((e) => toVector(e, this.url));
    });
  }
}

async function inBatches(
  texts: readonly string[],
  size: number,
  run: (batch: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += size) out.push(...(await run(texts.slice(i, i + size))));
  const dims = out[0]?.length;
  if (out.some((v) => v.length !== dims))
    throw new JarvisError("UNAVAILABLE", "the embedder returned vectors of different sizes");
  return out;
}

async function postJson(
  url: string,
  payload: unknown,
  options: HttpEmbedderOptions,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const linked = linkSignals([signal], options.timeoutMs ?? 60_000);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: "POST",
      headers,
      body: JSON.stringify(payload),
      signal: linked.signal,
    });
    const text = await response.text();
    if (!response.ok) {
      const detail = text.replace(/\s+/g, " ").slice(0, 200);
      throw new JarvisError("UNAVAILABLE", `embedding server ${url} answered ${response.status}: ${detail}`, {
        fix:
          response.status === 401 || response.status === 403
            ? "check the API key (embeddings.api_key_env)"
            : response.status === 404
              ? "check embeddings.base_url and embeddings.model (is the model pulled?)"
              : "check the embedding server's log",
      });
    }
    try {
      return JSON.parse(text);
    } catch {
      throw badResponse(url, "the body is not JSON");
    }
  } catch (error) {
    if (error instanceof JarvisError) throw error;
    if (linked.signal.aborted && !signal?.aborted) {
      throw new JarvisError("TIMEOUT", `embedding server ${url} did not answer in time`, {
        fix: "raise embeddings.timeout_s or check the server",
      });
    }
    if (signal?.aborted) throw new JarvisError("CANCELLED", "cancelled");
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new JarvisError("UNAVAILABLE", `cannot reach the embedding server at ${url} (${cause})`, {
      fix: "start it, or set embeddings.provider: none for keyword search only",
      cause: error,
    });
  } finally {
    linked.dispose();
  }
}

function toVector(value: unknown, url: string): Float32Array {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.some((x) => typeof x !== "number" || !Number.isFinite(x))
  ) {
    throw badResponse(url, "an embedding is not a list of numbers");
  }
  return normalize(Float32Array.from(value as number[]));
}

function badResponse(url: string, why: string): JarvisError {
  return new JarvisError("UNAVAILABLE", `embedding server ${url} sent an unexpected response: ${why}`, {
    fix: "check that it speaks this protocol (embeddings.provider)",
  });
}
