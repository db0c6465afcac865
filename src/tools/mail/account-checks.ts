import net from "node:net";
import { expandPath } from "../../config/paths.js";
import type { JarvisConfig } from "../../config/schema.js";
import { describeSecretSource, resolveCredentials } from "../../config/secrets.js";
import { linkSignals } from "../../core/abort.js";
import { systemClock } from "../../core/clock.js";
import { isJarvisError } from "../../core/errors.js";
import { randomIds } from "../../core/ids.js";
import { silentLogger } from "../../core/logger.js";
import type { CalendarServices } from "../calendar/accounts.js";
import { CalDavBackend } from "../calendar/caldav.js";
import { LocalCalendarBackend } from "../calendar/local.js";
import { fetchContacts } from "../contacts/index.js";
import type { AccountSecrets } from "./accounts.js";
import { ImapPool } from "./imap-pool.js";
import { SmtpSession } from "./smtp.js";

export interface AccountCheck {
  account: string;
  service: "imap" | "smtp" | "caldav" | "carddav" | "local";
  ok: boolean;
  detail: string;
}

function line(error: unknown): string {
  return isJarvisError(error) ? error.toLine() : error instanceof Error ? error.message : String(error);
}

async function attempt(
  account: string,
  service: AccountCheck["service"],
  fn: () => Promise<string>,
): Promise<AccountCheck> {
  try {
    return { account, service, ok: true, detail: await fn() };
  } catch (error) {
    return { account, service, ok: false, detail: line(error) };
  }
}

/**
 * Logs in to every server of the accounts (all, or the one named): what `jarvis accounts test`
 * prints. Each check has its own 20 s budget and never throws.
 */
export async function checkAccounts(
  config: JarvisConfig,
  secrets: AccountSecrets,
  name?: string,
): Promise<AccountCheck[]> {
  const results: AccountCheck[] = [];
  const budget = () => linkSignals([], 20_000);
  for (const account of config.mail.accounts.filter((a) => !name || a.name === name)) {
    const pool = new ImapPool(secrets, silentLogger);
    const imap = budget();
    results.push(
      await attempt(account.name, "imap", async () => {
        const probe = await pool.probe(account, imap.signal);
        return `logged in to ${account.imap.host}:${account.imap.port} as ${account.imap.user}; ${probe.mailboxes} mailboxes, ${probe.inbox} messages in ${account.folders.inbox}`;
      }),
    );
    imap.dispose();
    if (account.smtp) {
      const smtp = budget();
      results.push(
        await attempt(account.name, "smtp", async () => {
          const session = await SmtpSession.open(account, secrets, smtp.signal);
          session.close();
          return `logged in to ${account.smtp!.host}:${account.smtp!.port}`;
        }),
      );
      smtp.dispose();
    }
  }
  const services: CalendarServices = {
    config,
    env: secrets.env,
    secrets,
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    backends: new Map(),
  };
  for (const account of config.calendar.accounts.filter((a) => !name || a.name === name)) {
    if (account.caldav) {
      const dav = budget();
      results.push(
        await attempt(account.name, "caldav", async () => {
          const calendars = await new CalDavBackend(
            account.name,
            account.caldav!,
            secrets,
            systemClock,
          ).calendars(dav.signal);
          return `${calendars.length} calendar${calendars.length === 1 ? "" : "s"}: ${calendars.map((c) => c.name).join(", ") || "(none)"}`;
        }),
      );
      dav.dispose();
    }
    if (account.local) {
      results.push(
        await attempt(account.name, "local", async () => {
          const calendars = await new LocalCalendarBackend(
            expandPath(account.local!.path, secrets.env.HOME),
          ).calendars();
          return `${calendars.length} local calendar${calendars.length === 1 ? "" : "s"} in ${account.local!.path}`;
        }),
      );
    }
    if (account.carddav || account.caldav) {
      const card = budget();
      results.push(
        await attempt(account.name, "carddav", async () => {
          const contacts = await fetchContacts(services, account, card.signal);
          return `${contacts.length} contact${contacts.length === 1 ? "" : "s"}`;
        }),
      );
      card.dispose();
    }
  }
  return results;
}

/** Doctor: secrets resolvable and servers reachable (TCP only, 3 s); no login, no network beyond that. */
export async function quickAccountCheck(
  config: JarvisConfig,
  secrets: AccountSecrets,
  kind: "mail" | "calendar",
): Promise<{ status: "ok" | "missing" | "warn" | "error"; detail: string; fix?: string }> {
  const endpoints: Array<{
    account: string;
    service: string;
    host: string;
    port: number;
    spec: Parameters<typeof describeSecretSource>[2] | undefined;
    user?: string | undefined;
  }> = [];
  if (kind === "mail") {
    for (const a of config.mail.accounts) {
      endpoints.push({
        account: a.name,
        service: "imap",
        host: a.imap.host,
        port: a.imap.port,
        spec: a.imap,
        user: a.imap.user,
      });
      if (a.smtp)
        endpoints.push({
          account: a.name,
          service: "smtp",
          host: a.smtp.host,
          port: a.smtp.port,
          spec: undefined,
        });
    }
  } else {
    for (const a of config.calendar.accounts) {
      for (const [service, server] of [
        ["caldav", a.caldav],
        ["carddav", a.carddav],
      ] as const) {
        if (!server) continue;
        const url = new URL(server.url);
        const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
        endpoints.push({
          account: a.name,
          service,
          host: url.hostname,
          port,
          spec: server,
          user: server.user,
        });
      }
    }
  }
  const accounts = kind === "mail" ? config.mail.accounts.length : config.calendar.accounts.length;
  if (accounts === 0) {
    return {
      status: "missing",
      detail: `no ${kind} account configured`,
      fix:
        kind === "mail"
          ? "jarvis accounts add <name> --from … --imap … --smtp … --user … --password-stdin"
          : "jarvis accounts add <name> --caldav <url> --user … --password-stdin",
    };
  }
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const e of endpoints) {
    if (e.spec) {
      const source = describeSecretSource(e.account, e.service, e.spec);
      if (source.warning) warnings.push(`${e.account}: ${source.warning}`);
      if ((e.spec as { tls_verify?: boolean }).tls_verify === false)
        warnings.push(`${e.account}: ${e.service} certificate checks are off (tls_verify: false)`);
      await resolveCredentials(e.account, e.service, e.spec, e.user, secrets).catch((error: unknown) =>
        problems.push(line(error)),
      );
    }
    const reachable = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: e.host, port: e.port, timeout: 3_000 });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("timeout", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(false));
    });
    if (!reachable) problems.push(`${e.account}: ${e.service} ${e.host}:${e.port} is not reachable`);
  }
  if (problems.length > 0)
    return { status: "error", detail: problems.join("; "), fix: "run `jarvis accounts test` for details" };
  const names = (kind === "mail" ? config.mail.accounts : config.calendar.accounts)
    .map((a) => a.name)
    .join(", ");
  if (warnings.length > 0)
    return {
      status: "warn",
      detail: `${names}: ${warnings.join("; ")}`,
      fix: "jarvis accounts add --replace … to store the password in the keychain",
    };
  return {
    status: "ok",
    detail: `${names}: secrets found, servers reachable (\`jarvis accounts test\` logs in)`,
  };
}
