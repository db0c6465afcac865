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
    const message = shortMessage(apiError.message);
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

function shortMessage(message: string): string {
  return (message.split("\n")[0] ?? message).slice(0, 200);
}
