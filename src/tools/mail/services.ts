import type { JarvisConfig } from "../../config/schema.js";
import type { Clock } from "../../core/clock.js";
import type { IdGenerator } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import { userTimeZone, Zone } from "../calendar/timezone.js";
import type { AccountSecrets } from "./accounts.js";
import type { ImapPool } from "./imap-pool.js";
import type { Outbox } from "./outbox.js";

/** A message reduced to what a summary needs (the text is untrusted third-party content). */
export interface SummaryInput {
  from: string;
  date: string;
  subject: string;
  text: string;
}

/** Summarizes mail; an LLM-backed one can be injected, the extractive one is the default. */
export type Summarizer = (
  request: { kind: "thread" | "inbox"; messages: SummaryInput[] },
  signal: AbortSignal,
) => Promise<string>;

/** Points where a test can stop a send as if the process died there. */
export interface SendHooks {
  afterPrepared?(messageId: string): void;
  afterAccepted?(messageId: string): void;
  afterSent?(messageId: string): void;
}

/** Everything the mail tools share, built once per tool factory (no module state). */
export interface MailServices {
  config: JarvisConfig;
  env: NodeJS.ProcessEnv;
  pool: ImapPool;
  secrets: AccountSecrets;
  outbox: Outbox;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  summarizer?: Summarizer | undefined;
  hooks?: SendHooks | undefined;
  /** Largest message body read per message (characters). */
  maxBodyChars: number;
}

export function zoneOf(services: Pick<MailServices, "config" | "env">): Zone {
  return new Zone(userTimeZone(services.config, services.env));
}
