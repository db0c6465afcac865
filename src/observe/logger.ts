import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import pino from "pino";
import type { Logger } from "../core/logger.js";

/** Log paths pino must never print (API keys, tokens, passwords anywhere in a log object). */
const REDACT = [
  "*.apiKey",
  "*.api_key",
  "*.password",
  "*.token",
  "*.authorization",
  "*.headers.authorization",
  "*.headers.cookie",
  "apiKey",
  "password",
  "token",
];

/**
 * JSON lines under `JARVIS_HOME/logs/jarvis.log`; the terminal stays for the user. The file is
 * opened synchronously so a short-lived command never races its own log file at exit.
 */
export function createFileLogger(
  logsDir: string,
  level = process.env.JARVIS_LOG_LEVEL ?? "info",
): { logger: Logger; close(): void } {
  mkdirSync(logsDir, { recursive: true, mode: 0o700 });
  const fd = openSync(join(logsDir, "jarvis.log"), "a", 0o600);
  const destination = pino.destination({ dest: fd, sync: false });
  destination.on("error", () => {
    // A log write failing must never take Jarvis down.
  });
  const logger = pino(
    { level, redact: { paths: REDACT, censor: "[redacted]" }, base: { pid: process.pid } },
    destination,
  );
  let closed = false;
  return {
    logger: logger as unknown as Logger,
    close: () => {
      if (closed) return;
      closed = true;
      try {
        destination.flushSync();
      } catch {
        // nothing buffered
      }
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
    },
  };
}
