import { readFileSync } from "node:fs";
import type { ConnectionOptions } from "node:tls";
import type { ImapFlowOptions } from "imapflow";
import type { JarvisConfig, MailAccountConfig } from "../../config/schema.js";
import { type Credentials, type Keychain, resolveCredentials } from "../../config/secrets.js";
import { JarvisError } from "../../core/errors.js";

/** What the mail, calendar and contacts tools need to find logins; injected, never global. */
export interface AccountSecrets {
  env: NodeJS.ProcessEnv;
  keychain: Keychain;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export interface TlsSettings {
  ca_file?: string | undefined;
  tls_verify: boolean;
}

export function mailAccountNames(config: JarvisConfig): string[] {
  return config.mail.accounts.map((a) => a.name);
}

/** The named account, or the first one; one clear line when there is none. */
export function pickMailAccount(config: JarvisConfig, name?: string): MailAccountConfig {
  const accounts = config.mail.accounts;
  if (accounts.length === 0) {
    throw new JarvisError("UNAVAILABLE", "no mail account is configured", {
      fix: "add one with `jarvis accounts add <name> --mail …` (see `jarvis accounts add --help`)",
    });
  }
  if (name === undefined) return accounts[0]!;
  const found = accounts.find((a) => a.name === name);
  if (!found) {
    throw new JarvisError("NOT_FOUND", `no mail account named "${name}"`, {
      fix: `use one of: ${accounts.map((a) => a.name).join(", ")}`,
    });
  }
  return found;
}

export interface ParsedAddress {
  name: string;
  address: string;
}

/** `Ada Lovelace <ada@example.com>` → name and lowercased address. */
export function parseAddress(text: string): ParsedAddress {
  const match = /^\s*(?:"?([^"<]*?)"?\s*)?<([^<>\s]+@[^<>\s]+)>\s*$/.exec(text);
  if (match) return { name: (match[1] ?? "").trim(), address: match[2]!.toLowerCase() };
  return { name: "", address: text.trim().toLowerCase() };
}

export function formatAddress(address: ParsedAddress): string {
  if (!address.name) return address.address;
  const name = /[",<>@()]/.test(address.name) ? `"${address.name.replaceAll('"', "'")}"` : address.name;
  return `${name} <${address.address}>`;
}

export const EMAIL_PATTERN = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$|^[^\s@<>(),;:"]+@localhost$/;

export function tlsOptions(server: TlsSettings, host: string): ConnectionOptions {
  const options: ConnectionOptions = { rejectUnauthorized: server.tls_verify, minVersion: "TLSv1.2" };
  if (server.ca_file) {
    try {
      options.ca = readFileSync(server.ca_file, "utf8");
    } catch (error) {
      throw new JarvisError(
        "CONFIG_INVALID",
        `ca_file ${server.ca_file} cannot be read (${(error as Error).message})`,
        {
          fix: "point ca_file at the PEM file of the server's CA",
        },
      );
    }
  }
  if (!/^\d+\.\d+\.\d+\.\d+$|^\[/.test(host)) options.servername = host;
  return options;
}

export async function imapCredentials(
  account: MailAccountConfig,
  secrets: AccountSecrets,
): Promise<Credentials> {
  return resolveCredentials(account.name, "imap", account.imap, account.imap.user, secrets);
}

/** SMTP reuses the IMAP login when its block names no secret of its own (the common case). */
export async function smtpCredentials(
  account: MailAccountConfig,
  secrets: AccountSecrets,
): Promise<Credentials> {
  const smtp = account.smtp;
  if (!smtp) throw noSmtp(account.name);
  const ownSecret =
    smtp.password_env !== undefined ||
    smtp.password !== undefined ||
    smtp.password_keychain !== undefined ||
    smtp.auth === "xoauth2";
  return ownSecret
    ? resolveCredentials(account.name, "smtp", smtp, smtp.user ?? account.imap.user, secrets)
    : resolveCredentials(
        account.name,
        "imap",
        { ...account.imap, user: smtp.user ?? account.imap.user },
        account.imap.user,
        secrets,
      );
}

export function noSmtp(account: string): JarvisError {
  return new JarvisError("UNAVAILABLE", `mail account ${account} has no smtp server, so it cannot send`, {
    fix: `add smtp: { host, port, secure } to account ${account} in config.yaml`,
  });
}

export function imapOptions(account: MailAccountConfig, credentials: Credentials): ImapFlowOptions {
  const imap = account.imap;
  return {
    host: imap.host,
    port: imap.port,
    secure: imap.secure,
    doSTARTTLS: imap.secure ? undefined : imap.starttls,
    tls: tlsOptions(imap, imap.host),
    auth:
      credentials.kind === "xoauth2"
        ? { user: credentials.user, accessToken: credentials.accessToken }
        : { user: credentials.user, pass: credentials.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 120_000,
    clientInfo: { name: "Jarvis" },
  };
}

export function imapEndpoint(account: MailAccountConfig): string {
  return `${account.imap.host}:${account.imap.port}`;
}

export function smtpEndpoint(account: MailAccountConfig): string {
  return account.smtp ? `${account.smtp.host}:${account.smtp.port}` : "(none)";
}
