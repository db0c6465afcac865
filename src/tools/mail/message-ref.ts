import { JarvisError } from "../../core/errors.js";
import { isHandle } from "../../core/handles.js";

/** Where one message lives: account, mailbox, UIDVALIDITY and UID (an RFC 5092 style IMAP URL). */
export interface MessageRef {
  account: string;
  mailbox: string;
  uidValidity: string;
  uid: number;
}

export function formatRef(ref: MessageRef): string {
  return `imap://${encodeURIComponent(ref.account)}/${encodeURIComponent(ref.mailbox)};UIDVALIDITY=${ref.uidValidity}/;UID=${ref.uid}`;
}

const REF = /^imap:\/\/([^/]+)\/(.+);UIDVALIDITY=(\d+)\/;UID=(\d+)$/;

/** The gate has already turned `#m3` into the value; anything else is refused. */
export function parseRef(value: string): MessageRef {
  const match = REF.exec(value);
  if (!match) {
    throw new JarvisError(
      isHandle(value) ? "HANDLE_UNKNOWN" : "ARGS_INVALID",
      `"${value.slice(0, 80)}" is not a message handle`,
      { fix: "use a #m handle from mail_search or mail_read" },
    );
  }
  return {
    account: decodeURIComponent(match[1]!),
    mailbox: decodeURIComponent(match[2]!),
    uidValidity: match[3]!,
    uid: Number(match[4]),
  };
}

export function staleMessage(): JarvisError {
  return new JarvisError("NOT_FOUND", "that message is no longer in its mailbox (moved or deleted)", {
    fix: "search again with mail_search",
  });
}
