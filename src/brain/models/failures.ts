import { APICallError } from "ai";

export type FailureKind =
  | "rate_limited"
  | "unreachable"
  | "server"
  | "bad_response"
  | "auth"
  | "rejected"
  | "timeout";

export interface ModelFailure {
  kind: FailureKind;
  message: string;
  status?: number | undefined;
  /** From `retry-after-ms` / `retry-after` (seconds or an HTTP date). */
  retryAfterMs?: number | undefined;
}

/** Turns whatever a provider threw into what the router needs to decide: retry, wait or fall back. */
export function classifyFailure(error: unknown, now = Date.now()): ModelFailure {
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return { kind: "timeout", message: "the model did not answer in time" };
  }
  const apiError = APICallError.isInstance(error)
    ? error
    : APICallError.isInstance((error as { cause?: unknown })?.cause)
      ? ((error as { cause: APICallError }).cause as APICallError)
      : undefined;
  if (apiError) {
    const status = apiError.statusCode;
    const message = shortMessage(bodyMessage(apiError.responseBody) ?? apiError.message);
    if (status === 429) {
      return {
        kind: "rate_limited",
        status,
        message,
        retryAfterMs: retryAfter(apiError.responseHeaders, now),
      };
    }
    if (status === 401 || status === 403) return { kind: "auth", status, message };
    if (status !== undefined && status >= 500) return { kind: "server", status, message };
    if (status !== undefined && status >= 400) return { kind: "rejected", status, message };
    // A connection that failed or dropped: no status, or a 200 whose body broke off.
    if (
      status === undefined ||
      /connect|socket|closed|terminated|ECONN/i.test(`${message} ${String(apiError.cause)}`)
    ) {
      return status === undefined
        ? { kind: "unreachable", message }
        : { kind: "bad_response", status, message: "the connection dropped mid-answer" };
    }
    return { kind: "bad_response", status, message };
  }
  const message = shortMessage(error instanceof Error ? error.message : String(error));
  return { kind: "bad_response", message };
}

function retryAfter(headers: Record<string, string> | undefined, now: number): number | undefined {
  if (!headers) return undefined;
  const ms = headers["retry-after-ms"];
  if (ms && Number.isFinite(Number.parseFloat(ms))) return Math.max(0, Number.parseFloat(ms));
  const value = headers["retry-after"];
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/**
 * What the server said, from its error body in any of the shapes local servers use: OpenAI's
 * `{"error": {"message"}}`, vLLM's top-level `{"message"}`, Ollama's and LM Studio's
 * `{"error": "…"}`. The SDK only reads the first, and says "Bad Request" for the others —
 * which hides the one line that says what to fix.
 */
function bodyMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    const error = parsed.error as { message?: unknown } | string | undefined;
    const said = typeof error === "string" ? error : (error?.message ?? parsed.message);
    return typeof said === "string" && said.trim() ? said.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** One line of it: llama.cpp's template errors put the meaningful line ("Error: …") last. */
function shortMessage(message: string): string {
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^-+$/.test(line));
  return (lines.find((line) => /^error:/i.test(line)) ?? lines[0] ?? message).slice(0, 200);
}
