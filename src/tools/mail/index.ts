import { type Keychain, systemKeychain } from "../../config/secrets.js";
import type { ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { mailDraftTool, mailReplyTool } from "./drafts.js";
import { ImapPool } from "./imap-pool.js";
import { Outbox } from "./outbox.js";
import { mailReadTool } from "./read.js";
import { mailSearchTool } from "./search.js";
import { mailSendTool } from "./send.js";
import type { MailServices, SendHooks, Summarizer } from "./services.js";
import { mailSummarizeTool } from "./summarize.js";

export { type AccountSecrets, parseAddress, pickMailAccount } from "./accounts.js";
export { ImapPool } from "./imap-pool.js";
export { connectionError } from "./net-errors.js";
export { Outbox, type OutboxEntry, type OutboxState } from "./outbox.js";
export { foldQuoted } from "./quote.js";
export { resumeOutbox } from "./send.js";
export type { MailServices, SendHooks, Summarizer, SummaryInput } from "./services.js";
export { extractiveSummary } from "./summarize.js";

export interface MailToolOptions {
  keychain?: Keychain;
  summarizer?: Summarizer;
  /** Test-only: stop a send at a given point as if the process died there. */
  hooks?: SendHooks;
  idleMs?: number;
  maxBodyChars?: number;
}

export function createMailServices(deps: ToolDeps, options: MailToolOptions = {}): MailServices {
  const secrets = { env: deps.env, keychain: options.keychain ?? systemKeychain({ env: deps.env }) };
  const pool = new ImapPool(secrets, deps.logger, options.idleMs);
  deps.onClose(() => pool.closeAll());
  return {
    config: deps.config,
    env: deps.env,
    pool,
    secrets,
    outbox: new Outbox(deps.db, deps.clock, deps.ids),
    clock: deps.clock,
    ids: deps.ids,
    logger: deps.logger,
    summarizer: options.summarizer,
    hooks: options.hooks,
    maxBodyChars: options.maxBodyChars ?? 24_000,
  };
}

/** mail_search, mail_read, mail_draft, mail_reply, mail_send, mail_summarize over IMAP/SMTP. */
export function mailTools(deps: ToolDeps, options: MailToolOptions = {}): ToolDefinition[] {
  const services = createMailServices(deps, options);
  const available = () =>
    deps.config.mail.accounts.length === 0
      ? "no mail account is configured (`jarvis accounts add`)"
      : undefined;
  return [
    mailSearchTool(services),
    mailReadTool(services),
    mailDraftTool(services),
    mailReplyTool(services),
    mailSendTool(services),
    mailSummarizeTool(services),
  ].map((tool) => ({ ...tool, available }));
}
