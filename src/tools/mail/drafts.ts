import { z } from "zod";
import type { MailAccountConfig } from "../../config/schema.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolContext, type ToolDefinition } from "../../core/tool.js";
import { parseAddress, pickMailAccount } from "./accounts.js";
import {
  buildMessage,
  type Composed,
  composeFrom,
  messageFields,
  messageIdFor,
  previewMessage,
  recipientString,
  sendKeyFor,
} from "./compose.js";
import { specialMailbox } from "./imap-pool.js";
import { formatRef, parseRef } from "./message-ref.js";
import { quoteForReply } from "./quote.js";
import { messageHandle, readConversation } from "./read.js";
import { type MailServices, zoneOf } from "./services.js";

const draftParameters = z.object(messageFields).strict();
type DraftArgs = z.infer<typeof draftParameters>;

const replyParameters = z
  .object({
    id: messageHandle("#m handle of the message to answer"),
    body: z.string().max(100_000).describe("what to write (the original is quoted below it)"),
    reply_all: z.boolean().optional().describe("also answer everyone on To and Cc"),
    cc: z.array(recipientString("extra cc address or #a/#c handle")).max(50).optional(),
  })
  .strict();
type ReplyArgs = z.infer<typeof replyParameters>;

/** APPENDs a draft once per run and content: a retried call finds the first copy by Message-ID. */
async function saveDraft(
  services: MailServices,
  account: MailAccountConfig,
  message: Composed,
  ctx: ToolContext,
  tool: string,
): Promise<{ handle: string; mailbox: string; messageId: string }> {
  const key = `draft:${sendKeyFor(ctx.runId, account.name, message)}`;
  const messageId = messageIdFor(key, account.from);
  const date = new Date(ctx.clock.now());
  const raw = await buildMessage(message, { messageId, date, keepBcc: true, draft: true });
  ctx.signal.throwIfAborted();
  const saved = await services.pool.use(account, ctx.signal, async (client) => {
    const mailbox = await specialMailbox(client, "\\Drafts", account.folders.drafts);
    const lock = await client.getMailboxLock(mailbox);
    try {
      const uidValidity = client.mailbox ? String(client.mailbox.uidValidity) : "0";
      const existing = await client.search({ header: { "message-id": messageId } }, { uid: true });
      if (existing && existing.length > 0) return { mailbox, uidValidity, uid: existing[0]! };
      const appended = await client.append(mailbox, raw, ["\\Draft", "\\Seen"], date);
      if (!appended || appended.uid === undefined) return { mailbox, uidValidity, uid: 0 };
      return { mailbox, uidValidity: String(appended.uidValidity ?? uidValidity), uid: appended.uid };
    } finally {
      lock.release();
    }
  });
  const handle =
    saved.uid > 0
      ? ctx.handles.mint("m", formatRef({ account: account.name, ...saved }), {
          label: `draft: ${message.subject}`,
          tool,
          trust: "trusted",
        })
      : "(saved)";
  return { handle, mailbox: saved.mailbox, messageId };
}

export function mailDraftTool(services: MailServices): ToolDefinition {
  const compose = async (args: DraftArgs) => {
    const account = pickMailAccount(services.config, args.account);
    return { account, message: await composeFrom(account.from, args) };
  };
  return defineTool<DraftArgs>({
    name: "mail_draft",
    group: "mail",
    description: "Write an email and save it to the Drafts folder (nothing is sent).",
    parameters: parametersFrom(draftParameters),
    effects: ["write", "network"],
    risk: "caution",
    examples: ["draft an email to {to} about {subject}", "write an email to {to}"],
    async preview(args) {
      const { account, message } = await compose(args);
      return previewMessage(message, `Save this draft in account ${account.name} (nothing is sent):`);
    },
    async execute(args, ctx) {
      const { account, message } = await compose(args);
      const saved = await saveDraft(services, account, message, ctx, "mail_draft");
      return ok(
        `Draft ${saved.handle} saved to ${account.name}/${saved.mailbox}; nothing was sent.\n\n${previewMessage(message, "")}`,
        {
          handle: saved.handle,
          mailbox: saved.mailbox,
          messageId: saved.messageId,
          to: message.to,
          cc: message.cc,
          subject: message.subject,
        },
      );
    },
  });
}

export function mailReplyTool(services: MailServices): ToolDefinition {
  const compose = async (args: ReplyArgs, signal: AbortSignal) => {
    const ref = parseRef(args.id);
    const account = pickMailAccount(services.config, ref.account);
    const [original] = await readConversation(services.pool, account, args.id, signal, false);
    const own = parseAddress(account.from).address;
    const notOwn = (a: { address: string }) => a.address !== own;
    let to = (original!.replyTo.length > 0 ? original!.replyTo : original!.from)
      .filter(notOwn)
      .map((a) => a.address);
    if (to.length === 0) to = original!.to.filter(notOwn).map((a) => a.address); // answering our own sent message
    const cc = args.reply_all
      ? [...original!.to, ...original!.cc]
          .filter(notOwn)
          .map((a) => a.address)
          .filter((a) => !to.includes(a))
      : [];
    const subject = /^re:/i.test(original!.subject) ? original!.subject : `Re: ${original!.subject}`;
    const sender = original!.from[0];
    const attribution = `On ${zoneOf(services).human(original!.date.getTime())}, ${sender?.name || sender?.address || "someone"} wrote:`;
    const body = `${args.body.trimEnd()}\n\n${attribution}\n${quoteForReply(original!.text)}\n`;
    const references = [...original!.references, ...(original!.messageId ? [original!.messageId] : [])].slice(
      -20,
    );
    const message = await composeFrom(
      account.from,
      { to, cc: [...cc, ...(args.cc ?? [])], subject, body },
      { ...(original!.messageId ? { inReplyTo: original!.messageId } : {}), references },
    );
    return { account, message };
  };
  return defineTool<ReplyArgs>({
    name: "mail_reply",
    group: "mail",
    description:
      "Write a reply to a message (#m handle) and save it to Drafts, threaded and with the original quoted. Nothing is sent.",
    parameters: parametersFrom(replyParameters),
    effects: ["write", "network"],
    risk: "caution",
    examples: ["reply to {id} saying {body}", "draft a reply to {id}"],
    async preview(args, ctx) {
      const { account, message } = await compose(args, ctx.signal);
      return previewMessage(
        message,
        `Save this reply as a draft in account ${account.name} (nothing is sent):`,
      );
    },
    async execute(args, ctx) {
      const { account, message } = await compose(args, ctx.signal);
      const saved = await saveDraft(services, account, message, ctx, "mail_reply");
      return ok(
        `Reply draft ${saved.handle} saved to ${account.name}/${saved.mailbox}; nothing was sent.\n\n${previewMessage(message, "")}`,
        {
          handle: saved.handle,
          mailbox: saved.mailbox,
          messageId: saved.messageId,
          to: message.to,
          cc: message.cc,
          subject: message.subject,
          inReplyTo: message.inReplyTo,
        },
      );
    },
  });
}
