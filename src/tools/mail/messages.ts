import type { FetchMessageObject, ImapFlow, SearchObject } from "imapflow";
import type { AddressObject } from "mailparser";
import type { ParsedAddress } from "./accounts.js";
import { type MessageRef, staleMessage } from "./message-ref.js";
import { cleanHeader } from "./search.js";

const MAX_SOURCE_BYTES = 2 * 1024 * 1024;
const MESSAGE_ID = /<[^<>\s]{1,250}>/g;

export interface LoadedMessage {
  ref: MessageRef;
  messageId: string | undefined;
  inReplyTo: string | undefined;
  references: string[];
  date: Date;
  from: ParsedAddress[];
  replyTo: ParsedAddress[];
  to: ParsedAddress[];
  cc: ParsedAddress[];
  subject: string;
  /** The plain-text body (HTML converted), third-party text. */
  text: string;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
  unread: boolean;
}

function addresses(value: AddressObject | AddressObject[] | undefined): ParsedAddress[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  const out: ParsedAddress[] = [];
  for (const group of list) {
    for (const entry of group.value) {
      if (entry.address)
        out.push({ name: cleanHeader(entry.name, 80), address: entry.address.toLowerCase() });
      for (const member of entry.group ?? []) {
        if (member.address)
          out.push({ name: cleanHeader(member.name, 80), address: member.address.toLowerCase() });
      }
    }
  }
  return out;
}

export function messageIds(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(" ") : (value ?? "");
  return [...new Set(text.match(MESSAGE_ID) ?? [])];
}

/** Parses fetched source (BODY.PEEK: reading never marks a message as seen). */
export async function parseFetched(message: FetchMessageObject, ref: MessageRef): Promise<LoadedMessage> {
  const { simpleParser } = await import("mailparser"); // loaded on the first message read
  const parsed = await simpleParser(message.source ?? Buffer.alloc(0), {
    skipImageLinks: true,
    skipHtmlToText: false,
    maxHtmlLengthToParse: 1_000_000,
  });
  const text = parsed.text ?? (typeof parsed.html === "string" ? parsed.html.replace(/<[^>]+>/g, " ") : "");
  return {
    ref: { ...ref, uid: message.uid },
    messageId: messageIds(parsed.messageId)[0],
    inReplyTo: messageIds(parsed.inReplyTo)[0],
    references: messageIds(parsed.references),
    date: parsed.date ?? new Date(message.internalDate ?? 0),
    from: addresses(parsed.from),
    replyTo: addresses(parsed.replyTo),
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: cleanHeader(parsed.subject) || "(no subject)",
    text,
    attachments: parsed.attachments.map((a) => ({
      filename: cleanHeader(a.filename ?? "(unnamed)", 120),
      contentType: a.contentType,
      size: a.size,
    })),
    unread: !message.flags?.has("\\Seen"),
  };
}

const FETCH = {
  uid: true,
  flags: true,
  internalDate: true,
  source: { maxLength: MAX_SOURCE_BYTES },
} as const;

/** Loads one message; the caller holds a lock on `ref.mailbox`. A changed UIDVALIDITY means stale. */
export async function loadMessage(client: ImapFlow, ref: MessageRef): Promise<LoadedMessage> {
  const validity = client.mailbox ? String(client.mailbox.uidValidity) : "";
  if (validity !== ref.uidValidity) throw staleMessage();
  const fetched = await client.fetchOne(String(ref.uid), FETCH, { uid: true });
  if (!fetched) throw staleMessage();
  return parseFetched(fetched, ref);
}

/**
 * The conversation a message belongs to: messages in the given mailboxes whose Message-ID,
 * In-Reply-To or References share an id with it (two rounds of closure), oldest first.
 */
export async function loadThread(
  client: ImapFlow,
  root: LoadedMessage,
  mailboxes: string[],
  limit = 20,
): Promise<LoadedMessage[]> {
  const ids = new Set([root.messageId, root.inReplyTo, ...root.references].filter((x): x is string => !!x));
  const found = new Map<string, LoadedMessage>();
  const keyOf = (m: LoadedMessage) => m.messageId ?? `${m.ref.mailbox}/${m.ref.uid}`;
  found.set(keyOf(root), root);
  for (let round = 0; round < 2 && ids.size > 0; round++) {
    const before = ids.size;
    const wanted = [...ids].slice(0, 25);
    for (const mailbox of mailboxes) {
      let lock: { release(): void };
      try {
        lock = await client.getMailboxLock(mailbox, { readOnly: true });
      } catch {
        continue; // a mailbox that does not exist has no part of the thread
      }
      try {
        const query: SearchObject = {
          or: wanted.flatMap((id): SearchObject[] => [
            { header: { "message-id": id } },
            { header: { "in-reply-to": id } },
            { header: { references: id } },
          ]),
        };
        const uids = await client.search(query, { uid: true });
        if (!uids || uids.length === 0) continue;
        const uidValidity = client.mailbox ? String(client.mailbox.uidValidity) : "0";
        for (const fetched of await client.fetchAll(uids.slice(-limit).join(","), FETCH, { uid: true })) {
          const message = await parseFetched(fetched, {
            account: root.ref.account,
            mailbox,
            uidValidity,
            uid: fetched.uid,
          });
          if (found.has(keyOf(message))) continue;
          found.set(keyOf(message), message);
          for (const id of [message.messageId, message.inReplyTo, ...message.references]) if (id) ids.add(id);
        }
      } finally {
        lock.release();
      }
    }
    if (ids.size === before) break;
  }
  return [...found.values()].sort((a, b) => a.date.getTime() - b.date.getTime()).slice(-limit);
}
