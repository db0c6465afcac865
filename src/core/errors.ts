/**
 * One error base class with stable codes. `kind` keeps user mistakes, model misbehaviour,
 * policy refusals and system faults apart so each surface can react differently.
 */
export type ErrorKind = "user" | "model" | "policy" | "system";

export const ERROR_CODES = {
  USAGE: { kind: "user", exit: 2 },
  CONFIG_INVALID: { kind: "user", exit: 1 },
  TOOL_UNKNOWN: { kind: "model", exit: 2 },
  ARGS_INVALID: { kind: "model", exit: 2 },
  PATH_DENIED: { kind: "policy", exit: 3 },
  HANDLE_UNKNOWN: { kind: "model", exit: 2 },
  /** The model proposed a call it already made in this run. */
  REPEATED_CALL: { kind: "model", exit: 1 },
  POLICY_DENIED: { kind: "policy", exit: 3 },
  USER_DENIED: { kind: "policy", exit: 3 },
  CONFIRM_TIMEOUT: { kind: "policy", exit: 3 },
  TIMEOUT: { kind: "system", exit: 1 },
  CANCELLED: { kind: "system", exit: 1 },
  TOOL_FAILED: { kind: "system", exit: 1 },
  NOT_FOUND: { kind: "user", exit: 1 },
  UNAVAILABLE: { kind: "system", exit: 1 },
  /** Desktop context lock: the window Jarvis was working in is no longer focused. */
  FOCUS_LOST: { kind: "policy", exit: 3 },
  AUTH_FAILED: { kind: "user", exit: 1 },
  STORE_FAILED: { kind: "system", exit: 1 },
  /** The store is encrypted and the key given does not open it (or no key was given). */
  STORE_LOCKED: { kind: "user", exit: 1 },
  MIGRATION_FAILED: { kind: "system", exit: 1 },
  AUDIT_BROKEN: { kind: "system", exit: 1 },
  MODEL_FAILED: { kind: "system", exit: 1 },
  MODEL_INVALID: { kind: "model", exit: 1 },
  LIMIT_REACHED: { kind: "system", exit: 1 },
  INTERNAL: { kind: "system", exit: 1 },
} as const satisfies Record<string, { kind: ErrorKind; exit: number }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface JarvisErrorOptions {
  /** One short sentence telling the user how to fix it. */
  fix?: string;
  cause?: unknown;
  details?: Record<string, unknown>;
}

export class JarvisError extends Error {
  override readonly name = "JarvisError";
  readonly code: ErrorCode;
  readonly fix: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: JarvisErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.fix = options.fix;
    this.details = options.details;
  }

  get kind(): ErrorKind {
    return ERROR_CODES[this.code].kind;
  }

  get exitCode(): number {
    return ERROR_CODES[this.code].exit;
  }

  /** The one line a user sees: `CODE: message (fix)`. */
  toLine(): string {
    return `${this.code}: ${this.message}${this.fix ? ` (${this.fix})` : ""}`;
  }
}

export function isJarvisError(value: unknown): value is JarvisError {
  return value instanceof JarvisError;
}

/** Wraps anything thrown into a JarvisError without losing the original as `cause`. */
export function toJarvisError(value: unknown, fallback: ErrorCode = "INTERNAL"): JarvisError {
  if (value instanceof JarvisError) return value;
  if (value instanceof Error) {
    if (value.name === "AbortError") return new JarvisError("CANCELLED", "cancelled", { cause: value });
    if (value.name === "TimeoutError") return new JarvisError("TIMEOUT", "timed out", { cause: value });
    return new JarvisError(fallback, value.message, { cause: value });
  }
  return new JarvisError(fallback, String(value));
}
