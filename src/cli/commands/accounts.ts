import { existsSync, readFileSync } from "node:fs";
import type { Command } from "commander";
import { isSeq, parseDocument } from "yaml";
import { loadConfig } from "../../config/load.js";
import { pathsFor, resolveHome } from "../../config/paths.js";
import type { CalendarAccountConfig, JarvisConfig, MailAccountConfig } from "../../config/schema.js";
import {
  defaultKeychainKey,
  describeSecretSource,
  type Keychain,
  systemKeychain,
} from "../../config/secrets.js";
import { setConfigValue } from "../../config/write.js";
import { JarvisError } from "../../core/errors.js";
import { checkAccounts } from "../../tools/mail/account-checks.js";
import type { CliContext } from "../context.js";
import { readSecret } from "../read-secret.js";
import { action } from "../run.js";
import { tellService } from "./config-reload.js";

const NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
type Security = "tls" | "starttls" | "none";

interface AddFlags {
  from?: string;
  imap?: string;
  smtp?: string;
  user?: string;
  security: string;
  caldav?: string;
  carddav?: string;
  local?: string;
  passwordStdin?: boolean;
  passwordEnv?: string;
  storePasswordInConfig?: boolean;
  oauth2TokenEnv?: string;
  replace?: boolean;
}

/** The accounts as written in config.yaml (no defaults filled in), so a rewrite stays short. */
function rawAccounts(path: string, section: "mail" | "calendar"): Array<{ name: string }> {
  if (!existsSync(path)) return [];
  const value = parseDocument(readFileSync(path, "utf8")).getIn([section, "accounts"]);
  const list = isSeq(value) ? (value.toJSON() as unknown[]) : [];
  return list.filter((a): a is { name: string } => typeof a === "object" && a !== null && "name" in a);
}

function usage(message: string, fix?: string): JarvisError {
  return new JarvisError("USAGE", message, fix ? { fix } : {});
}

/** `host`, `host:port` → parts, with the port the security mode implies by default. */
function endpoint(flag: string, value: string, security: Security, kind: "imap" | "smtp") {
  const match = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match) throw usage(`${flag} "${value}" is not host or host:port`, `e.g. ${flag} imap.example.com:993`);
  const defaults = {
    imap: { tls: 993, starttls: 143, none: 143 },
    smtp: { tls: 465, starttls: 587, none: 25 },
  };
  const port = match[2] ? Number(match[2]) : defaults[kind][security];
  if (port < 1 || port > 65_535) throw usage(`${flag}: port ${port} is out of range`);
  return { host: match[1]!, port, secure: security === "tls", starttls: security === "starttls" };
}

function summary(
  account: MailAccountConfig | CalendarAccountConfig,
  kind: "mail" | "calendar",
): Record<string, unknown> {
  if (kind === "mail") {
    const a = account as MailAccountConfig;
    const security = (s: { secure: boolean; starttls: boolean }) =>
      s.secure ? "TLS" : s.starttls ? "STARTTLS" : "plain";
    return {
      name: a.name,
      kind,
      from: a.from,
      imap: `${a.imap.user}@${a.imap.host}:${a.imap.port} (${security(a.imap)})`,
      smtp: a.smtp ? `${a.smtp.host}:${a.smtp.port} (${security(a.smtp)})` : null,
      secret: describeSecretSource(a.name, "imap", a.imap),
    };
  }
  const a = account as CalendarAccountConfig;
  const dav = a.caldav ?? a.carddav;
  return {
    name: a.name,
    kind,
    caldav: a.caldav?.url ?? null,
    carddav: a.carddav?.url ?? (a.caldav ? `${a.caldav.url} (same as caldav)` : null),
    local: a.local?.path ?? null,
    secret: dav ? describeSecretSource(a.name, a.caldav ? "caldav" : "carddav", dav) : null,
  };
}

export function registerAccountsCommands(program: Command, context: CliContext): void {
  const accounts = program
    .command("accounts")
    .description("mail (IMAP/SMTP) and calendar/contacts (CalDAV/CardDAV) accounts");
  const configPath = () => pathsFor(resolveHome(context.env)).config;
  const keychain = (): Keychain => systemKeychain({ env: context.env });

  accounts
    .command("list")
    .description("configured accounts and where their secrets come from (never the secrets)")
    .option("--json", "one JSON object per account")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const config = loadConfig(configPath());
        const rows = [
          ...config.mail.accounts.map((a) => summary(a, "mail")),
          ...config.calendar.accounts.map((a) => summary(a, "calendar")),
        ];
        if (rows.length === 0 && !flags.json) {
          context.print(
            "No accounts. Add one with `jarvis accounts add <name> --from … --imap … --user …` or `--caldav <url>`.",
          );
        }
        for (const row of rows) {
          if (flags.json) {
            context.print(JSON.stringify(row));
            continue;
          }
          const secret = row.secret as { detail: string; warning?: string } | null;
          const parts =
            row.kind === "mail"
              ? [
                  `imap ${row.imap}`,
                  row.smtp ? `smtp ${row.smtp}` : "no smtp (cannot send)",
                  `from ${row.from}`,
                ]
              : [
                  row.caldav ? `caldav ${row.caldav}` : "",
                  row.local ? `local ${row.local}` : "",
                  row.carddav ? `carddav ${row.carddav}` : "",
                ].filter(Boolean);
          context.print(
            `${String(row.name).padEnd(12)} ${String(row.kind).padEnd(9)} ${parts.join("  ")}${secret ? `  [${secret.detail}]` : ""}`,
          );
          if (secret?.warning) context.printError(`warning: ${row.name}: ${secret.warning}`);
        }
      }),
    );

  accounts
    .command("add <name>")
    .description(
      "add a mail account (--from, --imap, --user) and/or a calendar account (--caldav); the password goes to the OS keychain",
    )
    .option("--from <address>", 'sender, e.g. "Ada <ada@example.com>"')
    .option("--imap <host[:port]>", "IMAP server")
    .option("--smtp <host[:port]>", "SMTP server (without it the account cannot send)")
    .option("--user <user>", "login name (IMAP/SMTP and DAV)")
    .option("--security <mode>", "tls (993/465), starttls (143/587) or none", "tls")
    .option("--caldav <url>", "CalDAV server URL (also used for contacts unless --carddav)")
    .option("--carddav <url>", "CardDAV server URL")
    .option("--local <dir>", "a local calendar directory (vdir) instead of a server")
    .option("--password-stdin", "read the password from stdin (stored in the OS keychain)")
    .option("--password-env <VAR>", "read the password from this environment variable when needed")
    .option("--store-password-in-config", "keep the password in config.yaml in clear text (not recommended)")
    .option("--oauth2-token-env <VAR>", "use XOAUTH2 with the access token in this environment variable")
    .option("--replace", "replace an existing account with this name")
    .action(
      action(context, async (name: string, flags: AddFlags) => {
        if (!NAME.test(name))
          throw usage(`account name "${name}" must be 1-32 lowercase letters, digits, - or _`);
        const security = flags.security as Security;
        if (!["tls", "starttls", "none"].includes(security))
          throw usage("--security must be tls, starttls or none");
        const wantsMail = flags.imap !== undefined || flags.smtp !== undefined || flags.from !== undefined;
        const wantsCalendar =
          flags.caldav !== undefined || flags.carddav !== undefined || flags.local !== undefined;
        if (!wantsMail && !wantsCalendar)
          throw usage("nothing to add", "give --imap/--from/--user for mail or --caldav <url> for calendars");
        if (wantsMail && (!flags.imap || !flags.from || !flags.user))
          throw usage("a mail account needs --from, --imap and --user");
        if ((flags.caldav || flags.carddav) && !flags.user)
          throw usage("a CalDAV/CardDAV account needs --user");
        for (const [flag, value] of [
          ["--password-env", flags.passwordEnv],
          ["--oauth2-token-env", flags.oauth2TokenEnv],
        ] as const) {
          if (value !== undefined && !ENV_NAME.test(value))
            throw usage(`${flag} "${value}" is not an environment variable name`);
        }
        const modes = [flags.passwordStdin, flags.passwordEnv, flags.oauth2TokenEnv].filter(Boolean).length;
        if (modes > 1) throw usage("choose one of --password-stdin, --password-env and --oauth2-token-env");
        if (flags.storePasswordInConfig && !flags.passwordStdin)
          throw usage("--store-password-in-config needs --password-stdin");
        const needsSecret = wantsMail || flags.caldav !== undefined || flags.carddav !== undefined;
        if (needsSecret && modes === 0 && !(context.stdin as NodeJS.ReadStream).isTTY) {
          throw usage(
            "no password given",
            "pipe it with --password-stdin, or use --password-env VAR or --oauth2-token-env VAR",
          );
        }
        for (const [flag, value] of [
          ["--caldav", flags.caldav],
          ["--carddav", flags.carddav],
        ] as const) {
          if (value !== undefined && !/^https?:\/\/[^\s]+$/.test(value))
            throw usage(`${flag} "${value}" is not an http(s) URL`);
        }

        const path = configPath();
        const config: JarvisConfig = loadConfig(path);
        const exists = (list: Array<{ name: string }>) => list.some((a) => a.name === name);
        if (
          !flags.replace &&
          ((wantsMail && exists(config.mail.accounts)) || (wantsCalendar && exists(config.calendar.accounts)))
        ) {
          throw usage(
            `an account named "${name}" already exists`,
            "pass --replace to overwrite it, or pick another name",
          );
        }

        // Secret first: nothing is written to config.yaml if the keychain refuses it.
        const secretFields: Record<string, unknown> = {};
        let stored = "";
        if (flags.passwordEnv) secretFields.password_env = flags.passwordEnv;
        else if (flags.oauth2TokenEnv)
          Object.assign(secretFields, {
            auth: "xoauth2",
            oauth2: { access_token_env: flags.oauth2TokenEnv },
          });
        else if (needsSecret) {
          const secret = await readSecret(context);
          if (!secret) throw usage("the password is empty");
          if (flags.storePasswordInConfig) {
            secretFields.password = secret;
            context.printError(`warning: the password for ${name} is stored in clear text in ${path}`);
          } else {
            const chain = keychain();
            const unavailable = await chain.unavailable();
            if (unavailable) {
              throw new JarvisError("UNAVAILABLE", `the OS keychain is not available: ${unavailable}`, {
                fix: "use --password-env VAR, or --store-password-in-config if you accept a clear-text password",
              });
            }
            // one keychain entry; every server block of the account names it
            const key = defaultKeychainKey(name, wantsMail ? "imap" : flags.caldav ? "caldav" : "carddav");
            await chain.set(key, secret, `Jarvis ${name}`);
            secretFields.password_keychain = key;
            stored = ` (password in the OS keychain as ${key})`;
          }
        }

        const added: string[] = [];
        if (wantsMail) {
          const imap = {
            ...endpoint("--imap", flags.imap!, security, "imap"),
            user: flags.user!,
            ...secretFields,
          };
          const smtp = flags.smtp ? { ...endpoint("--smtp", flags.smtp, security, "smtp") } : undefined;
          const account = { name, from: flags.from!, imap, ...(smtp ? { smtp } : {}) };
          setConfigValue(path, "mail.accounts", [
            ...rawAccounts(path, "mail").filter((a) => a.name !== name),
            account,
          ]);
          added.push(`mail ${imap.host}:${imap.port}${smtp ? ` + smtp ${smtp.host}:${smtp.port}` : ""}`);
        }
        if (wantsCalendar) {
          const dav = (url: string) => ({ url, user: flags.user!, ...secretFields });
          const account = {
            name,
            ...(flags.caldav ? { caldav: dav(flags.caldav) } : {}),
            ...(flags.carddav ? { carddav: dav(flags.carddav) } : {}),
            ...(flags.local ? { local: { path: flags.local } } : {}),
          };
          setConfigValue(path, "calendar.accounts", [
            ...rawAccounts(path, "calendar").filter((a) => a.name !== name),
            account,
          ]);
          added.push(["calendar", flags.caldav, flags.carddav, flags.local].filter(Boolean).join(" "));
        }
        context.print(
          `Added ${name}: ${added.join("; ")}${stored}. Check it with \`jarvis accounts test ${name}\`.`,
        );
        await tellService(context);
      }),
    );

  accounts
    .command("test [name]")
    .description("log in to every server of the account(s): IMAP, SMTP, CalDAV, CardDAV")
    .option("--json", "one JSON object per check")
    .action(
      action(context, async (name: string | undefined, flags: { json?: boolean }) => {
        const config = loadConfig(configPath());
        const results = await checkAccounts(config, { env: context.env, keychain: keychain() }, name);
        if (results.length === 0) {
          throw new JarvisError(
            "NOT_FOUND",
            name ? `no account named "${name}"` : "no accounts are configured",
            {
              fix: "add one with `jarvis accounts add`",
            },
          );
        }
        for (const r of results) {
          context.print(
            flags.json
              ? JSON.stringify(r)
              : `${r.ok ? "ok  " : "FAIL"} ${r.account} ${r.service.padEnd(7)} ${r.detail}`,
          );
        }
        if (results.some((r) => !r.ok)) context.exitCode = 1;
      }),
    );

  accounts
    .command("remove <name>")
    .description("remove an account from config.yaml and its passwords from the keychain")
    .action(
      action(context, async (name: string) => {
        const path = configPath();
        const config = loadConfig(path);
        const inMail = config.mail.accounts.some((a) => a.name === name);
        const inCalendar = config.calendar.accounts.some((a) => a.name === name);
        if (!inMail && !inCalendar) throw new JarvisError("NOT_FOUND", `no account named "${name}"`);
        if (inMail)
          setConfigValue(
            path,
            "mail.accounts",
            rawAccounts(path, "mail").filter((a) => a.name !== name),
          );
        if (inCalendar)
          setConfigValue(
            path,
            "calendar.accounts",
            rawAccounts(path, "calendar").filter((a) => a.name !== name),
          );
        const chain = keychain();
        if (!(await chain.unavailable())) {
          for (const service of ["imap", "smtp", "caldav", "carddav"])
            await chain.delete(defaultKeychainKey(name, service)).catch(() => false);
        }
        context.print(`Removed ${name}.`);
        await tellService(context);
      }),
    );
}
