import { z } from "zod";
import type { MailAccountConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition, type ToolResult } from "../../core/tool.js";
import { noSmtp, parseAddress, pickMailAccount } from "./accounts.js";
import {
  buildMessage,
  composeFrom,
  messageFields,
  messageIdFor,
  previewMessage,
  sendKeyFor,
} from "./compose.js";
import { specialMailbox } from "./imap-pool.js";
import { parseRef } from "./message-ref.js";
import type { OutboxEntry } from "./outbox.js";
import { messageHandle, readConversation } from "./read.js";
import type { MailServices } from "./services.js";
import { SmtpSession } from "./smtp.js";

const parameters = z
  .object({
    ...messageFields,
    in_reply_to: messageHandle("#m handle of the message this answers (threads the reply)").optional(),
  })
  .strict();
type Args = z.infer<typeof parameters>;

async function compose(services: MailServices, args: Args, signal: AbortSignal) {
  const account = pickMailAccount(services.config, args.account);
  if (!account.smtp) throw noSmtp(account.name);
  let thread: { inReplyTo?: string; references?: string[] } = {};
  if (args.in_reply_to) {
    const ref = parseRef(args.in_reply_to);
    const [original] = await readConversation(
      services.pool,
      pickMailAccount(services.config, ref.account),
      args.in_reply_to,
      signal,
      false,
    );
    if (original?.messageId) {
      thread = {
        inReplyTo: original.messageId,
        references: [...original.references, original.messageId].slice(-20),
      };
    }
  }
  return { account, message: await composeFrom(account.from, args, thread) };
}

/** Is a message with this Message-ID in the Sent folder (our copy, or the provider's own)? */
async function inSent(
  services: MailServices,
  account: MailAccountConfig,
  messageId: string,
  signal: AbortSignal,
) {
  return services.pool.use(account, signal, async (client) => {
    const sent = await specialMailbox(client, "\\Sent", account.folders.sent);
    const lock = await client.getMailboxLock(sent, { readOnly: true });
    try {
      const uids = await client.search({ header: { "message-id": messageId } }, { uid: true });
      return Array.isArray(uids) && uids.length > 0;
    } finally {
      lock.release();
    }
  });
}

/** APPENDs the copy to Sent unless one is there already; failures only add a note. */
async function saveSentCopy(
  services: MailServices,
  account: MailAccountConfig,
  entry: OutboxEntry,
  signal: AbortSignal,
) {
  try {
    await services.pool.use(account, signal, async (client) => {
      const sent = await specialMailbox(client, "\\Sent", account.folders.sent);
      const lock = await client.getMailboxLock(sent);
      try {
        const uids = await client.search({ header: { "message-id": entry.messageId } }, { uid: true });
        if (Array.isArray(uids) && uids.length > 0) return;
        const bcc = entry.envelope.bcc ?? [];
        const raw =
          bcc.length > 0 ? Buffer.concat([Buffer.from(`Bcc: ${bcc.join(", ")}\r\n`), entry.raw]) : entry.raw;
        await client.append(sent, raw, ["\\Seen"], new Date(entry.sentAt ?? entry.createdAt));
      } finally {
        lock.release();
      }
    });
    services.outbox.markCopied(entry.id);
    return "a copy is in Sent";
  } catch (error) {
    services.logger.warn({ err: error, messageId: entry.messageId }, "could not save the Sent copy");
    return `the copy to Sent failed (${error instanceof JarvisError ? error.message : String(error)})`;
  }
}

function alreadySent(entry: OutboxEntry, note: string): ToolResult {
  return ok(
    `Already sent (Message-ID ${entry.messageId}); not sent again: ${entry.summary}${note ? `; ${note}` : ""}.`,
    { messageId: entry.messageId, state: "sent", duplicate: true },
  );
}

function maybeSent(entry: OutboxEntry): ToolResult {
  return fail(
    "TOOL_FAILED",
    `"${entry.summary}" may already have been delivered (Jarvis stopped while sending it; Message-ID ${entry.messageId}). It was not sent again: check your Sent folder or ask the recipient before sending a new message`,
  );
}

/** prepared/failed → sending → sent, each step persisted; hooks let tests stop it midway. */
async function deliver(
  services: MailServices,
  account: MailAccountConfig,
  entry: OutboxEntry,
  signal: AbortSignal,
) {
  signal.throwIfAborted();
  let session: SmtpSession;
  try {
    session = await SmtpSession.open(account, services.secrets, signal);
  } catch (error) {
    // nothing was transmitted: the entry stays sendable
    services.outbox.transition(entry.id, ["prepared", "failed"], entry.state, {
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
  try {
    signal.throwIfAborted();
    if (!services.outbox.transition(entry.id, ["prepared", "failed"], "sending")) {
      return fail("TOOL_FAILED", "this message is already being sent by another call");
    }
    let response: string;
    try {
      response = (await session.send({ from: entry.envelope.from, to: entry.envelope.to }, entry.raw))
        .response;
    } catch (error) {
      const refused = (error as { refused?: boolean }).refused === true;
      const message = error instanceof Error ? error.message : String(error);
      services.outbox.transition(entry.id, ["sending"], refused ? "failed" : "uncertain", { error: message });
      if (refused) return fail("TOOL_FAILED", `the SMTP server refused the message: ${message}`);
      return maybeSent({ ...entry, state: "uncertain" });
    }
    services.hooks?.afterAccepted?.(entry.messageId);
    services.outbox.transition(entry.id, ["sending", "uncertain"], "sent", { smtpResponse: response });
    services.hooks?.afterSent?.(entry.messageId);
  } finally {
    session.close();
  }
  const sent = services.outbox.byKey(entry.sendKey)!;
  const note = await saveSentCopy(services, account, sent, signal);
  return ok(`Sent ${sent.summary} (Message-ID ${sent.messageId}); ${note}.`, {
    messageId: sent.messageId,
    state: "sent",
    to: sent.envelope.to,
  });
}

/**
 * After a restart: finishes what a crash interrupted without sending anything twice. Sent
 * messages get their Sent copy; "sending" ones are looked up in Sent and otherwise marked
 * uncertain. Prepared ones wait for their run to retry (the user approved that run's send).
 */
export async function resumeOutbox(services: MailServices, signal: AbortSignal): Promise<string[]> {
  const notes: string[] = [];
  for (const entry of services.outbox.unfinished()) {
    const account = services.config.mail.accounts.find((a) => a.name === entry.account);
    if (!account || entry.state === "prepared") continue;
    if (entry.state === "sending") {
      const found = await inSent(services, account, entry.messageId, signal).catch(() => false);
      services.outbox.transition(entry.id, ["sending"], found ? "sent" : "uncertain");
      if (found) services.outbox.markCopied(entry.id);
      notes.push(`${entry.messageId}: ${found ? "sent" : "uncertain (not resent)"}`);
    } else {
      notes.push(`${entry.messageId}: ${await saveSentCopy(services, account, entry, signal)}`);
    }
  }
  return notes;
}

export function mailSendTool(services: MailServices): ToolDefinition {
  return defineTool<Args>({
    name: "mail_send",
    group: "mail",
    description:
      "Send an email now over SMTP; the user is shown the exact message first. A copy goes to Sent. The same message is never sent twice.",
    parameters: parametersFrom(parameters),
    effects: ["send", "network", "egress"],
    risk: "dangerous",
    examples: ["send an email to {to} saying {body}", "email {to} about {subject}"],
    timeoutMs: 120_000,
    async preview(args, ctx) {
      const { account, message } = await compose(services, args, ctx.signal);
      return previewMessage(
        message,
        `Send this email now from account ${account.name} (via ${account.smtp!.host}):`,
      );
    },
    async execute(args, ctx) {
      const { account, message } = await compose(services, args, ctx.signal);
      const sendKey = sendKeyFor(ctx.runId, account.name, message);
      let entry = services.outbox.byKey(sendKey);
      if (!entry) {
        const messageId = messageIdFor(sendKey, account.from);
        const raw = await buildMessage(message, {
          messageId,
          date: new Date(ctx.clock.now()),
          keepBcc: false,
        });
        const recipients = [...message.to, ...message.cc, ...message.bcc];
        entry = services.outbox.create({
          sendKey,
          account: account.name,
          messageId,
          runId: ctx.runId,
          envelope: { from: parseAddress(account.from).address, to: recipients, bcc: message.bcc },
          raw,
          summary: `to ${message.to.join(", ")}: "${message.subject}"`,
        });
        services.hooks?.afterPrepared?.(messageId);
      }
      switch (entry.state) {
        case "sent":
          return alreadySent(
            entry,
            entry.sentCopy ? "" : await saveSentCopy(services, account, entry, ctx.signal),
          );
        case "sending":
        case "uncertain": {
          // A crash or a lost connection mid-transfer: delivered or not, we cannot know from
          // here; the Sent folder may tell (providers that file sent mail themselves).
          const found = await inSent(services, account, entry.messageId, ctx.signal).catch(() => false);
          if (found) {
            services.outbox.transition(entry.id, ["sending", "uncertain"], "sent");
            services.outbox.markCopied(entry.id);
            return alreadySent(entry, "found in Sent");
          }
          services.outbox.transition(entry.id, ["sending"], "uncertain");
          return maybeSent(entry);
        }
        default:
          return deliver(services, account, entry, ctx.signal);
      }
    },
  });
}
