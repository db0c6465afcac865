import type {
  FetchMessageObject,
  MessageAddressObject,
  MessageStructureObject,
  SearchObject,
} from "imapflow";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, type HandleStore, ok, type ToolDefinition } from "../../core/tool.js";
import { pickMailAccount } from "./accounts.js";
import { formatRef } from "./message-ref.js";
import { type MailServices, zoneOf } from "./services.js";

const DAY_MS = 86_400_000;

export const mailSearchParameters = z
  .object({
    from: z.string().min(1).max(200).optional().describe("sender name or address (part of it is enough)"),
    subject: z.string().min(1).max(200).optional().describe("words in the subject"),
    unread: z.boolean().optional().describe("true: only unread; false: only read"),
    since: z.string().min(1).max(64).optional().describe("received on or after (ISO date or time)"),
    until: z.string().min(1).max(64).optional().describe("received on or before (ISO date or time)"),
    query: z.string().min(1).max(200).optional().describe("words anywhere in the message"),
    limit: z.number().int().min(1).max(50).optional().describe("most messages to list (default 10)"),
    account: z.string().min(1).max(32).optional().describe("mail account name (default: the first)"),
    mailbox: z.string().min(1).max(200).optional().describe("mailbox (default: the inbox)"),
  })
  .strict();
type Args = z.infer<typeof mailSearchParameters>;

export interface MessageSummary {
  handle: string;
  uid: number;
  date: string;
  from: { name: string; address: string; handle?: string };
  subject: string;
  unread: boolean;
  flagged: boolean;
  attachments: boolean;
}

/** Control characters and bidi overrides out, length bounded: headers are third-party text. */
export function cleanHeader(text: string | undefined, max = 200): string {
  const clean = (text ?? "")
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

export function firstAddress(list: MessageAddressObject[] | undefined): { name: string; address: string } {
  const first = list?.[0];
  return { name: cleanHeader(first?.name, 80), address: (first?.address ?? "").toLowerCase() };
}

export function hasAttachments(structure: MessageStructureObject | undefined): boolean {
  if (!structure) return false;
  if (structure.disposition === "attachment") return true;
  return (structure.childNodes ?? []).some(hasAttachments);
}

/** Mints the handles for one listed message and its sender. */
export function summarize(
  message: FetchMessageObject,
  account: string,
  mailbox: string,
  uidValidity: string,
  handles: HandleStore,
  tool: string,
): MessageSummary {
  const subject = cleanHeader(message.envelope?.subject) || "(no subject)";
  const from = firstAddress(message.envelope?.from);
  const handle = handles.mint("m", formatRef({ account, mailbox, uidValidity, uid: message.uid }), {
    label: subject,
    tool,
    trust: "trusted",
  });
  // The sender is whom a reply goes to: as clean as the message's own envelope.
  const fromHandle = from.address
    ? handles.mint("a", from.address, { label: from.name || from.address, tool, trust: "trusted" })
    : undefined;
  const date =
    message.internalDate instanceof Date ? message.internalDate : new Date(message.internalDate ?? 0);
  return {
    handle,
    uid: message.uid,
    date: date.toISOString(),
    from: { ...from, ...(fromHandle ? { handle: fromHandle } : {}) },
    subject,
    unread: !message.flags?.has("\\Seen"),
    flagged: message.flags?.has("\\Flagged") ?? false,
    attachments: hasAttachments(message.bodyStructure),
  };
}

export function mailSearchTool(services: MailServices): ToolDefinition {
  return defineTool<Args>({
    name: "mail_search",
    group: "mail",
    description:
      "Search mail (IMAP SEARCH) by sender, subject, unread, date range or words; newest first. Returns #m handles for mail_read/mail_reply and #a handles for senders.",
    parameters: parametersFrom(mailSearchParameters),
    effects: ["read", "network"],
    sensitivity: "private",
    risk: "safe",
    trust: "untrusted", // subjects and names are written by whoever sent the mail
    examples: ["search my mail for {query}", "emails from {from}", "unread emails", "did {from} email me"],
    async execute(args, ctx) {
      const account = pickMailAccount(services.config, args.account);
      const zone = zoneOf(services);
      const now = ctx.clock.now();
      const { parseWhen } = await import("../calendar/time.js"); // chrono-node: loaded on first use
      const since = args.since ? parseWhen(args.since, zone, now, { field: "since" }) : undefined;
      const until = args.until
        ? parseWhen(args.until, zone, now, { endOfDay: true, field: "until" })
        : undefined;
      if (since !== undefined && until !== undefined && since >= until) {
        return fail("ARGS_INVALID", "since must be before until");
      }
      const limit = args.limit ?? 10;
      const mailbox = args.mailbox ?? account.folders.inbox;
      const query: SearchObject = {};
      if (args.from) query.from = args.from;
      if (args.subject) query.subject = args.subject;
      if (args.unread !== undefined) query.seen = !args.unread;
      if (args.query) query.text = args.query;
      // IMAP dates have no time of day: widen by a day and filter exactly below.
      if (since !== undefined) query.since = new Date(since - DAY_MS);
      if (until !== undefined) query.before = new Date(until + DAY_MS);
      if (Object.keys(query).length === 0) query.all = true;

      const found = await services.pool.use(account, ctx.signal, async (client) => {
        const lock = await client.getMailboxLock(mailbox, { readOnly: true }).catch((error: unknown) => {
          throw new JarvisError(
            "NOT_FOUND",
            `mailbox "${mailbox}" does not exist in account ${account.name}`,
            {
              fix: "leave mailbox out to search the inbox",
              cause: error,
            },
          );
        });
        try {
          const uids = await client.search(query, { uid: true });
          if (!uids) throw new JarvisError("TOOL_FAILED", "the server refused the search");
          const dated = since !== undefined || until !== undefined;
          const candidates = uids.slice(-(dated ? limit * 3 + 20 : limit));
          const uidValidity = String(client.mailbox ? client.mailbox.uidValidity : "0");
          const messages =
            candidates.length === 0
              ? []
              : await client.fetchAll(
                  candidates.join(","),
                  { uid: true, envelope: true, flags: true, internalDate: true, bodyStructure: true },
                  { uid: true },
                );
          return { total: uids.length, uidValidity, messages };
        } finally {
          lock.release();
        }
      });

      const inRange = found.messages.filter((m) => {
        const at = new Date(m.internalDate ?? 0).getTime();
        return (since === undefined || at >= since) && (until === undefined || at < until);
      });
      inRange.sort(
        (a, b) => new Date(b.internalDate ?? 0).getTime() - new Date(a.internalDate ?? 0).getTime(),
      );
      const listed = inRange
        .slice(0, limit)
        .map((m) => summarize(m, account.name, mailbox, found.uidValidity, ctx.handles, "mail_search"));
      const where = `${account.name}/${mailbox}`;
      if (listed.length === 0) return ok(`No messages match in ${where}.`, { total: 0, messages: [] });
      const lines = listed.map((m) => {
        const sender = m.from.name
          ? `${m.from.name} <${m.from.address}>`
          : m.from.address || "(unknown sender)";
        const marks = [
          m.unread ? "unread" : "",
          m.flagged ? "flagged" : "",
          m.attachments ? "attachment" : "",
        ]
          .filter(Boolean)
          .join(", ");
        return `${m.handle}  ${zone.human(Date.parse(m.date))}  ${sender}${m.from.handle ? ` (${m.from.handle})` : ""}  "${m.subject}"${marks ? `  [${marks}]` : ""}`;
      });
      const header =
        found.total > listed.length
          ? `${listed.length} of ${found.total} matching messages in ${where}, newest first:`
          : `${listed.length} message${listed.length === 1 ? "" : "s"} in ${where}, newest first:`;
      return ok([header, ...lines].join("\n"), { total: found.total, messages: listed });
    },
  });
}
