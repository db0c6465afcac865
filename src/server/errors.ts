import { type ErrorCode, isJarvisError } from "../core/errors.js";

/** An error with an HTTP status and a stable code, sent as `{error: {code, message, ...}}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  USAGE: 400,
  CONFIG_INVALID: 400,
  ARGS_INVALID: 400,
  TOOL_UNKNOWN: 404,
  NOT_FOUND: 404,
  AUTH_FAILED: 401,
  POLICY_DENIED: 403,
  PATH_DENIED: 403,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
};

const FASTIFY_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

export interface ErrorReply {
  status: number;
  body: { error: { code: string; message: string; [key: string]: unknown } };
}

/** Any thrown value → status + JSON body. Internal errors never leak a stack trace. */
export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { error: { code: error.code, message: error.message, ...error.extra } },
    };
  }
  if (isJarvisError(error)) {
    return {
      status: STATUS[error.code] ?? 500,
      body: {
        error: { code: error.code, message: error.message, ...(error.fix ? { fix: error.fix } : {}) },
      },
    };
  }
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
    const code = FASTIFY_CODES[statusCode] ?? "BAD_REQUEST";
    const message =
      statusCode === 413
        ? "the request body is too large"
        : String((error as Error).message ?? "bad request").slice(0, 300);
    return { status: statusCode, body: { error: { code, message } } };
  }
  return {
    status: 500,
    body: { error: { code: "INTERNAL", message: "internal error (see the Jarvis log)" } },
  };
}
