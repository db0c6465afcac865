import { mkdirSync } from "node:fs";
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

/** JSON lines under `JARVIS_HOME/logs/jarvis.log`; the terminal stays for the user. */
export function createFileLogger(
  logsDir: string,
  level = process.env.JARVIS_LOG_LEVEL ?? "info",
): {
  logger: Logger;
  flush(): void;
} {
  mkdirSync(logsDir, { recursive: true, mode: 0o700 });
  const destination = pino.destination({ dest: join(logsDir, "jarvis.log"), sync: false, mkdir: true });
  const logger = pino(
    { level, redact: { paths: REDACT, censor: "[redacted]" }, base: { pid: process.pid } },
    destination,
  );
  return {
    logger: logger as unknown as Logger,
    flush: () => {
      try {
        destination.flushSync();
      } catch {
        // nothing buffered or the stream is closing
      }
    },
  };
}
