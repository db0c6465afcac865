import type { ImapFlow, ImapFlowOptions, ListResponse } from "imapflow";
import type { MailAccountConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import type { Logger } from "../../core/logger.js";
import { type AccountSecrets, imapCredentials, imapEndpoint, imapOptions } from "./accounts.js";
import { connectionError } from "./net-errors.js";

interface Pooled {
  client: ImapFlow;
  idleTimer?: NodeJS.Timeout;
  users: number;
}

/**
 * One logged-in IMAP connection per account, reused across calls (a login costs more than a
 * search) and closed after a minute idle or at shutdown. An aborted call closes its connection:
 * IMAP cannot cancel a command, but closing stops the work and frees the tool at once.
 */
export class ImapPool {
  private readonly connections = new Map<string, Promise<Pooled>>();

  constructor(
    private readonly secrets: AccountSecrets,
    private readonly logger: Logger,
    private readonly idleMs = 60_000,
  ) {}

  async use<T>(
    account: MailAccountConfig,
    signal: AbortSignal,
    fn: (client: ImapFlow) => Promise<T>,
  ): Promise<T> {
    signal.throwIfAborted();
    const pooled = await this.acquire(account, signal);
    pooled.users += 1;
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
    const onAbort = () => this.evict(account.name, pooled);
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await fn(pooled.client);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (!pooled.client.usable) this.evict(account.name, pooled);
      throw error instanceof JarvisError
        ? error
        : connectionError("IMAP", imapEndpoint(account), account.name, error);
    } finally {
      signal.removeEventListener("abort", onAbort);
      pooled.users -= 1;
      if (pooled.users === 0 && this.connections.has(account.name)) {
        pooled.idleTimer = setTimeout(() => this.evict(account.name, pooled), this.idleMs);
        pooled.idleTimer.unref();
      }
    }
  }

  /** Opens a fresh connection just to check the login (accounts test, doctor). */
  async probe(
    account: MailAccountConfig,
    signal?: AbortSignal,
  ): Promise<{ mailboxes: number; inbox: number }> {
    const client = await this.connect(account, signal);
    try {
      const mailboxes = await client.list();
      const status = await client.status(account.folders.inbox, { messages: true });
      return { mailboxes: mailboxes.length, inbox: status ? (status.messages ?? 0) : 0 };
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  /**
   * Watches a mailbox over a connection of its own with IMAP IDLE (RFC 2177): `onChange` is
   * called when the server reports a new message count. IDLE is re-issued every `reissueMs`
   * (servers may drop an IDLE after 30 minutes). Resolves `false` at once when the server does
   * not offer IDLE (the caller polls instead); otherwise resolves when the signal aborts and
   * throws when the connection is lost, so a supervisor can reconnect.
   */
  async watch(
    account: MailAccountConfig,
    mailbox: string,
    signal: AbortSignal,
    onChange: () => void,
    reissueMs = 25 * 60_000,
  ): Promise<boolean> {
    const client = await this.connect(account, signal, { maxIdleTime: reissueMs });
    if (!client.capabilities.has("IDLE")) {
      await client.logout().catch(() => client.close());
      return false;
    }
    const onAbort = () => void client.logout().catch(() => client.close());
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      await client.mailboxOpen(mailbox, { readOnly: true });
      client.on("exists", onChange);
      // Mail that came between the caller's last look and this SELECT reports no change: look once.
      onChange();
      // idle() returns when the connection ends (it restarts IDLE itself every reissueMs).
      while (!signal.aborted && client.usable) {
        // false: the server refused IDLE on a live connection; end here rather than spin.
        if ((await client.idle()) === false && client.usable && !signal.aborted)
          throw new Error("the server refused IDLE");
      }
      if (signal.aborted) return true;
      throw new Error(`the connection to ${imapEndpoint(account)} was lost`);
    } catch (error) {
      if (signal.aborted) return true;
      throw error instanceof JarvisError
        ? error
        : connectionError("IMAP", imapEndpoint(account), account.name, error);
    } finally {
      signal.removeEventListener("abort", onAbort);
      client.close();
    }
  }

  async closeAll(): Promise<void> {
    const all = [...this.connections.entries()];
    this.connections.clear();
    await Promise.all(
      all.map(async ([, promise]) => {
        const pooled = await promise.catch(() => undefined);
        if (!pooled) return;
        if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
        await pooled.client.logout().catch(() => pooled.client.close());
      }),
    );
  }

  private async acquire(account: MailAccountConfig, signal: AbortSignal): Promise<Pooled> {
    const existing = this.connections.get(account.name);
    if (existing) {
      const pooled = await existing.catch(() => undefined);
      if (pooled?.client.usable) return pooled;
      this.connections.delete(account.name);
    }
    const created = this.connect(account, signal).then((client) => ({ client, users: 0 }) as Pooled);
    this.connections.set(account.name, created);
    try {
      const pooled = await created;
      pooled.client.on("close", () => {
        if (this.connections.get(account.name) === created) this.connections.delete(account.name);
      });
      return pooled;
    } catch (error) {
      this.connections.delete(account.name);
      throw error;
    }
  }

  private async connect(
    account: MailAccountConfig,
    signal?: AbortSignal,
    extra?: Partial<ImapFlowOptions>,
  ): Promise<ImapFlow> {
    const credentials = await imapCredentials(account, { ...this.secrets, ...(signal ? { signal } : {}) });
    // imapflow loads on the first connection, not when the tool list is built.
    const { ImapFlow } = await import("imapflow");
    const client = new ImapFlow({ ...imapOptions(account, credentials), ...extra });
    client.on("error", (error: Error) =>
      this.logger.debug({ err: error, account: account.name }, "imap error"),
    );
    const onAbort = () => client.close();
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      await client.connect();
      return client;
    } catch (error) {
      client.close();
      if (signal?.aborted) throw signal.reason;
      throw connectionError("IMAP", imapEndpoint(account), account.name, error);
    } finally {
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private evict(name: string, pooled: Pooled): void {
    if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
    void this.connections.get(name)?.then((current) => {
      if (current === pooled) this.connections.delete(name);
    });
    pooled.client.close();
  }
}

/** Finds a special-use mailbox (\Drafts, \Sent), the configured name first, creating it if absent. */
export async function specialMailbox(
  client: ImapFlow,
  use: "\\Drafts" | "\\Sent",
  configured: string | undefined,
): Promise<string> {
  const list: ListResponse[] = await client.list();
  if (configured) {
    if (!list.some((m) => m.path === configured)) await client.mailboxCreate(configured);
    return configured;
  }
  const bySpecialUse = list.find((m) => m.specialUse === use);
  if (bySpecialUse) return bySpecialUse.path;
  const names =
    use === "\\Drafts" ? ["Drafts", "Draft"] : ["Sent", "Sent Items", "Sent Messages", "Sent Mail"];
  const byName = list.find((m) => names.some((n) => m.name.toLowerCase() === n.toLowerCase()));
  if (byName) return byName.path;
  const created = await client.mailboxCreate(names[0]!);
  return created.path;
}
