import type { MailAccountConfig } from "../../config/schema.js";
import type { MailServices } from "../../tools/mail/index.js";
import { formatRef } from "../../tools/mail/message-ref.js";
import { cleanHeader, firstAddress } from "../../tools/mail/search.js";
import type { EventTrigger } from "../spec.js";
import type { RoutineRecord } from "../store.js";
import type { Part } from "../supervisor.js";
import { type ObserverHost, observe } from "./host.js";

type MailTrigger = Extract<EventTrigger, { type: "mail" }>;
interface MailState {
  uidValidity: string;
  lastUid: number;
}
interface Arrived {
  uid: number;
  from: { name: string; address: string };
  to: string;
  subject: string;
  date: string;
}

/** Most new messages one look fetches per account. */
const MAX_NEW = 50;

export interface MailObserverOptions {
  /** Watch each inbox with IMAP IDLE when the server offers it (default true). */
  idle?: boolean;
  /** How often IDLE is re-issued (RFC 2177: before 29 minutes). */
  reissueMs?: number;
}

/**
 * Mail triggers: each account's inbox is asked for messages with a UID above the last one seen
 * (one SEARCH, then envelopes only: no bodies, no flags changed). Where the server offers IDLE,
 * a connection of its own waits in IDLE and a new message starts that look at once; the poll on
 * `routines.mail_poll_s` stays as the fallback and the safety net. A lost connection ends the
 * part; the supervisor reconnects with back-off, and the first look after it catches up from
 * the UID watermark (nothing missed, nothing fired twice).
 */
export function mailObserver(
  host: ObserverHost,
  services: MailServices,
  pollMs: number,
  options: MailObserverOptions = {},
): Part {
  return {
    name: "observer:mail",
    async run(signal) {
      const watching = new AbortController();
      const stopWatching = () => watching.abort();
      signal.addEventListener("abort", stopWatching, { once: true });
      const watchers = new Map<string, Promise<void>>();
      const listeners = new Set<() => void>();
      const news = () => {
        for (const listener of listeners) listener();
      };
      let lost: unknown;
      const watch = (account: MailAccountConfig) => {
        if (options.idle === false || watchers.has(account.name)) return;
        const watcher = services.pool
          .watch(account, account.folders.inbox, watching.signal, news, options.reissueMs)
          .then(
            (idle) => {
              if (!idle) host.logger.info({ account: account.name }, "no IMAP IDLE; mail triggers poll");
            },
            (error: unknown) => {
              lost ??= error;
              news();
            },
          );
        watchers.set(account.name, watcher);
      };
      let first = true;
      try {
        await observe(
          host,
          signal,
          async () => {
            if (lost) throw lost;
            const byAccount = new Map<string, RoutineRecord[]>();
            for (const routine of host.routines("mail")) {
              const name =
                (routine.spec.trigger as MailTrigger).account ?? services.config.mail.accounts[0]?.name;
              if (name) byAccount.set(name, [...(byAccount.get(name) ?? []), routine]);
            }
            for (const [name, list] of byAccount) {
              const account = services.config.mail.accounts.find((a) => a.name === name);
              if (!account) continue;
              await look(host, services, account, list, first, signal);
              watch(account);
            }
            first = false;
            return host.clock.now() + pollMs;
          },
          (nudge) => {
            listeners.add(nudge);
            return () => listeners.delete(nudge);
          },
        );
      } finally {
        watching.abort();
        signal.removeEventListener("abort", stopWatching);
        await Promise.allSettled(watchers.values());
      }
    },
  };
}

async function look(
  host: ObserverHost,
  services: MailServices,
  account: MailAccountConfig,
  routines: RoutineRecord[],
  catchUp: boolean,
  signal: AbortSignal,
): Promise<void> {
  const mailbox = account.folders.inbox;
  const states = routines.map((r) => host.state<MailState>(r.id));
  const { uidValidity, uidNext, arrived } = await services.pool.use(account, signal, async (client) => {
    const lock = await client.getMailboxLock(mailbox, { readOnly: true });
    try {
      // A pooled connection may have had the mailbox selected for a while: NOOP first, as a server
      // answers STATUS on the selected mailbox from the session's last sync.
      await client.noop();
      const status = (await client.status(mailbox, { uidNext: true, uidValidity: true })) || undefined;
      const validity = String(status?.uidValidity ?? (client.mailbox ? client.mailbox.uidValidity : "0"));
      const next = Number(status?.uidNext ?? (client.mailbox ? client.mailbox.uidNext : 1));
      const known = states.filter((s): s is MailState => s !== undefined && s.uidValidity === validity);
      const from = known.length > 0 ? Math.min(...known.map((s) => s.lastUid)) + 1 : next;
      const uids =
        from < next
          ? ((await client.search({ uid: `${from}:*` }, { uid: true })) || []).filter((u) => u >= from)
          : [];
      const recent = uids.slice(-MAX_NEW);
      const messages =
        recent.length === 0
          ? []
          : await client.fetchAll(recent.join(","), { uid: true, envelope: true }, { uid: true });
      return {
        uidValidity: validity,
        uidNext: next,
        arrived: messages.map(
          (m): Arrived => ({
            uid: m.uid,
            from: firstAddress(m.envelope?.from),
            to: (m.envelope?.to ?? []).map((a) => a.address ?? "").join(", "),
            subject: cleanHeader(m.envelope?.subject) || "(no subject)",
            date: new Date(m.envelope?.date ?? 0).toISOString(),
          }),
        ),
      };
    } finally {
      lock.release();
    }
  });
  for (const [i, routine] of routines.entries()) {
    const state = states[i];
    const last = Math.max(uidNext - 1, ...arrived.map((m) => m.uid));
    host.saveState(routine.id, { uidValidity, lastUid: last } satisfies MailState);
    if (!state || state.uidValidity !== uidValidity) continue; // a baseline, or the mailbox was rebuilt
    const trigger = routine.spec.trigger as MailTrigger;
    for (const message of arrived) {
      if (message.uid <= state.lastUid || !matches(trigger, message)) continue;
      const sender = message.from.address || message.from.name || "someone";
      host.fire(routine, {
        trigger: `mail from ${sender}: ${message.subject.slice(0, 80)}`,
        data: {
          mail: {
            from: message.from.address,
            from_name: message.from.name,
            subject: message.subject,
            to: message.to,
            account: account.name,
            date: message.date,
          },
        },
        untrusted: `a mail from ${sender.slice(0, 80)}`,
        handles: [
          {
            kind: "m",
            value: formatRef({ account: account.name, mailbox, uidValidity, uid: message.uid }),
            label: message.subject.slice(0, 80),
          },
        ],
        catchUp,
      });
    }
  }
}

function matches(trigger: MailTrigger, message: Arrived): boolean {
  const from = `${message.from.name} ${message.from.address}`.toLowerCase();
  if (trigger.from && !from.includes(trigger.from.toLowerCase())) return false;
  if (trigger.subject && !message.subject.toLowerCase().includes(trigger.subject.toLowerCase())) return false;
  return true;
}
