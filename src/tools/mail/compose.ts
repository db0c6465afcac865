import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { pathString } from "../../core/schema.js";
import { EMAIL_PATTERN, formatAddress, parseAddress } from "./accounts.js";

const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
const RECIPIENT_PATTERN = new RegExp(`${EMAIL_PATTERN.source}|^#[ac]\\d{1,6}$`);

/** A bare address the gate checks the origin of (user words, config, or a #a/#c handle). */
export function recipientString(description: string) {
  return (
    z
      .string()
      .min(3)
      .max(320)
      // a handle (#a3, #c1) is resolved by the gate after this check, so both forms pass here
      .regex(
        RECIPIENT_PATTERN,
        "must be a bare email address or a #a/#c handle (find one with contacts_search)",
      )
      .describe(description)
      .meta({ "x-provenance": "email" })
  );
}

/** The arguments mail_send and mail_draft share (the HELPERS contract plus optional extras). */
export const messageFields = {
  to: z.array(recipientString("recipient address or #a/#c handle")).min(1).max(50),
  subject: z.string().max(500),
  body: z.string().max(100_000),
  cc: z.array(recipientString("cc address or #a/#c handle")).max(50).optional(),
  bcc: z.array(recipientString("bcc address or #a/#c handle")).max(50).optional(),
  attachments: z.array(pathString("read", "file to attach")).max(20).optional(),
  account: z.string().min(1).max(32).optional().describe("mail account name (default: the first)"),
};

export interface Composed {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  attachments: Array<{ path: string; filename: string; size: number }>;
  inReplyTo?: string | undefined;
  references?: string[] | undefined;
}

/** Normalizes what the tool received into the exact message (recipients deduplicated, in order). */
export async function composeFrom(
  from: string,
  args: {
    to: string[];
    cc?: string[] | undefined;
    bcc?: string[] | undefined;
    subject: string;
    body: string;
    attachments?: string[] | undefined;
  },
  thread: { inReplyTo?: string; references?: string[] } = {},
): Promise<Composed> {
  const seen = new Set<string>();
  const unique = (list: string[] | undefined) =>
    (list ?? [])
      .map((a) => a.trim().toLowerCase())
      .filter((a) => {
        if (seen.has(a)) return false;
        seen.add(a);
        return true;
      });
  const to = unique(args.to);
  const cc = unique(args.cc);
  const bcc = unique(args.bcc);
  for (const address of [...to, ...cc, ...bcc]) {
    if (!EMAIL_PATTERN.test(address)) {
      throw new JarvisError("ARGS_INVALID", `recipient "${address.slice(0, 80)}" is not an email address`, {
        fix: "use an address, or a #a handle from contacts_search or mail_search",
      });
    }
  }
  const attachments: Composed["attachments"] = [];
  let total = 0;
  for (const path of args.attachments ?? []) {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new JarvisError("NOT_FOUND", `attachment ${path} is not a file`);
    total += info.size;
    if (total > MAX_ATTACHMENT_BYTES) {
      throw new JarvisError("ARGS_INVALID", "attachments are larger than 25 MB together", {
        fix: "share big files with a link instead",
      });
    }
    attachments.push({ path, filename: basename(path), size: info.size });
  }
  return {
    from,
    to,
    cc,
    bcc,
    subject: args.subject.replace(/[\r\n]+/g, " ").trim(),
    body: args.body.replace(/\r\n?/g, "\n"),
    attachments,
    inReplyTo: thread.inReplyTo,
    references: thread.references,
  };
}

/** `<hash.jarvis@domain>`: derived from the send key, so the same request always has the same id. */
export function messageIdFor(key: string, from: string): string {
  const domain = parseAddress(from).address.split("@")[1] ?? "localhost";
  return `<${createHash("sha256").update(key).digest("hex").slice(0, 32)}.jarvis@${domain}>`;
}

/** A stable key for one send request within a run: same run + same message = same key. */
export function sendKeyFor(runId: string, account: string, message: Composed): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        runId,
        account,
        message.from,
        message.to,
        message.cc,
        message.bcc,
        message.subject,
        message.body,
        message.attachments.map((a) => [a.path, a.size]),
        message.inReplyTo ?? null,
      ]),
    )
    .digest("hex");
}

/** RFC 5322 bytes. `keepBcc` for the Drafts/Sent copies; never for what SMTP transmits. */
export async function buildMessage(
  message: Composed,
  options: { messageId: string; date: Date; keepBcc: boolean; draft?: boolean },
): Promise<Buffer> {
  const attachments = await Promise.all(
    message.attachments.map(async (a) => ({ filename: a.filename, content: await readFile(a.path) })),
  );
  const { default: MailComposer } = await import("nodemailer/lib/mail-composer"); // loaded on first use
  const composer = new MailComposer({
    from: message.from,
    to: message.to,
    ...(message.cc.length > 0 ? { cc: message.cc } : {}),
    ...(message.bcc.length > 0 ? { bcc: message.bcc } : {}),
    subject: message.subject,
    text: message.body,
    attachments,
    messageId: options.messageId,
    date: options.date,
    ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
    ...(message.references?.length ? { references: message.references } : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
    xMailer: false,
    ...(options.draft ? { headers: { "X-Jarvis-Draft": "1" } } : {}),
  });
  const node = composer.compile();
  node.keepBcc = options.keepBcc;
  return node.build();
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Exactly what will be sent or saved, for the confirmation prompt. */
export function previewMessage(message: Composed, heading: string): string {
  const from = formatAddress(parseAddress(message.from));
  const lines = [
    ...(heading ? [heading] : []),
    `From: ${from}`,
    `To: ${message.to.join(", ")}`,
    `Cc: ${message.cc.length > 0 ? message.cc.join(", ") : "(none)"}`,
    ...(message.bcc.length > 0 ? [`Bcc: ${message.bcc.join(", ")}`] : []),
    `Subject: ${message.subject || "(no subject)"}`,
    `Attachments: ${message.attachments.length > 0 ? message.attachments.map((a) => `${a.filename} (${size(a.size)})`).join(", ") : "(none)"}`,
    ...(message.inReplyTo ? [`In-Reply-To: ${message.inReplyTo}`] : []),
    "",
    message.body,
  ];
  return lines.join("\n");
}
