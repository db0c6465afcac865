import { z } from "zod";
import { allowEntryProblem } from "./allowlist.js";
import { mcpSchema } from "./mcp.js";
import { unprotectProblem } from "./protected.js";

/** Every key is optional; defaults make an empty config.yaml a working one. */
const override = z.enum(["auto", "confirm", "deny"]);
const autonomy = z.enum(["ask_all", "smart", "full_auto"]);
const provider = z.enum(["openai-compatible", "ollama", "anthropic", "openai", "none"]);

export const modelSchema = z
  .object({
    provider,
    model: z.string().min(1).optional(),
    base_url: z.url().optional(),
    api_key_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name")
      .optional(),
    api_key_keychain: z.string().optional(),
    timeout_s: z.number().positive().max(3600).optional(),
    /** Most tools offered per request (small local models do better with fewer). */
    tools: z.number().int().min(4).max(128).optional(),
    /** The model's context window in tokens; older turns are compacted before it fills. */
    context_tokens: z.number().int().min(2048).max(10_000_000).optional(),
  })
  .strict();

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name");
const hostName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^\[[0-9A-Fa-f:.]+\]$/, "must be a host name or IP address");
const port = z.number().int().min(1).max(65_535);
const accountName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, "must be 1-32 lowercase letters, digits, - or _");
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM (24 h)");
const ianaZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, "must be an IANA time zone such as Europe/Berlin");

/** OAuth2 (XOAUTH2): a ready access token, or a refresh token the client exchanges at token_url. */
const oauth2Schema = z
  .object({
    access_token_env: envName.optional(),
    access_token_keychain: z.string().min(1).max(200).optional(),
    token_url: z.url().optional(),
    client_id: z.string().min(1).max(500).optional(),
    client_secret_env: envName.optional(),
    client_secret_keychain: z.string().min(1).max(200).optional(),
    refresh_token_env: envName.optional(),
    refresh_token_keychain: z.string().min(1).max(200).optional(),
  })
  .strict();

/**
 * Where a login secret comes from. Default: the OS keychain entry `<account>/<service>`;
 * `password_env` names an environment variable; `password` in clear is accepted but warned about.
 */
const credentialFields = {
  user: z.string().min(1).max(320).optional(),
  auth: z.enum(["password", "xoauth2"]).default("password"),
  password_env: envName.optional(),
  password_keychain: z.string().min(1).max(200).optional(),
  password: z.string().min(1).max(1000).optional(),
  oauth2: oauth2Schema.optional(),
  /** PEM file of a private CA to trust (self-hosted servers). */
  ca_file: z.string().min(1).max(4096).optional(),
  /** false accepts any certificate: only for testing; doctor warns. */
  tls_verify: z.boolean().default(true),
};

const mailServerSchema = (defaultPort: number) =>
  z
    .object({
      host: hostName,
      port: port.default(defaultPort),
      /** TLS from the first byte (993/465); false means STARTTLS unless `starttls: false`. */
      secure: z.boolean().default(true),
      starttls: z.boolean().default(true),
      ...credentialFields,
    })
    .strict();

export const mailAccountSchema = z
  .object({
    name: accountName,
    from: z
      .string()
      .min(3)
      .max(400)
      .regex(/^([^<>]*<)?[^\s<>@]+@[^\s<>@]+>?$/, 'must be an address, e.g. "Ada <ada@example.com>"'),
    imap: mailServerSchema(993).extend({ user: z.string().min(1).max(320) }),
    /** Without smtp the account can search, read and draft but not send. */
    smtp: mailServerSchema(465).optional(),
    folders: z
      .object({
        inbox: z.string().min(1).max(200).default("INBOX"),
        /** Found by SPECIAL-USE (\\Drafts, \\Sent) when absent. */
        drafts: z.string().min(1).max(200).optional(),
        sent: z.string().min(1).max(200).optional(),
      })
      .strict()
      .prefault({}),
  })
  .strict();

const davServerSchema = z.object({ url: z.url({ protocol: /^https?$/ }), ...credentialFields }).strict();

export const calendarAccountSchema = z
  .object({
    name: accountName,
    caldav: davServerSchema.optional(),
    /** CardDAV for contacts; the CalDAV server and login when it offers address books too. */
    carddav: davServerSchema.optional(),
    /** A local calendar: a directory of .ics files (vdir, as vdirsyncer and khal use). */
    local: z
      .object({ path: z.string().min(1).max(4096) })
      .strict()
      .optional(),
    default_calendar: z.string().min(1).max(200).optional(),
    reminders_calendar: z.string().min(1).max(200).optional(),
  })
  .strict()
  .refine((a) => a.caldav || a.carddav || a.local, "needs caldav, carddav or local");

function uniqueNames<T extends z.ZodArray<z.ZodType<{ name: string }>>>(schema: T) {
  return schema.refine((accounts) => new Set(accounts.map((a) => a.name)).size === accounts.length, {
    message: "account names must be unique",
  });
}

export const configSchema = z
  .object({
    policy: z
      .object({
        autonomy: autonomy.default("smart"),
        confirm_timeout_s: z.number().int().positive().max(86_400).default(120),
        effects: z
          .partialRecord(
            z.enum(["read", "write", "delete", "send", "network", "egress", "ui", "exec", "spend", "memory"]),
            override,
          )
          .default({}),
        tools: z.record(z.string().regex(/^[a-z0-9_]{1,64}$/, "must be a tool name"), override).default({}),
        tool_timeout_s: z.number().positive().max(3600).default(30),
      })
      .strict()
      .prefault({}),
    files: z
      .object({
        read_roots: z.array(z.string().min(1)).default(["~"]),
        write_roots: z.array(z.string().min(1)).default(["~/Documents", "~/Desktop", "~/Downloads"]),
        deny: z.array(z.string().min(1)).default([]),
        /** Lifts a built-in protection (exact entry of config/protected.ts); warned at start and in doctor. */
        unprotect: z
          .array(
            z.string().superRefine((entry, ctx) => {
              const problem = unprotectProblem(entry);
              if (problem) ctx.addIssue({ code: "custom", message: problem });
            }),
          )
          .default([]),
        max_read_bytes: z.number().int().positive().default(1_000_000),
      })
      .strict()
      .prefault({}),
    shell: z
      .object({
        allow: z
          .array(z.string().regex(/^[A-Za-z0-9._+-]{1,64}$/, "must be a bare program name"))
          .default(["git", "ls", "df", "du", "uptime", "whoami", "date", "echo"]),
        timeout_s: z.number().positive().max(3600).default(30),
        max_output_bytes: z.number().int().positive().default(65_536),
      })
      .strict()
      .prefault({}),
    models: z
      .object({
        primary: modelSchema.optional(),
        heavy: modelSchema.optional(),
        fallbacks: z.array(modelSchema).default([]),
        fast_path_threshold: z.number().min(0).max(1).default(0.9),
        /**
         * The embedded brain's middle band: a complete reading at or above this (and below
         * fast_path_threshold) is put to the user as a yes/no question instead of being dropped.
         */
        ask_threshold: z.number().min(0).max(1).default(0.6),
      })
      .strict()
      .prefault({}),
    embeddings: z
      .object({
        provider: z.enum(["none", "openai-compatible", "ollama", "onnx"]).default("none"),
        model: z.string().optional(),
        base_url: z.url().optional(),
        model_dir: z.string().optional(),
        api_key_env: z.string().optional(),
        /** Prepended to queries / documents before embedding (e5: "query: ", nomic: "search_query: "). */
        query_prefix: z.string().max(200).default(""),
        document_prefix: z.string().max(200).default(""),
        timeout_s: z.number().positive().max(600).default(60),
      })
      .strict()
      .prefault({}),
    knowledge: z
      .object({
        /** Files above this are refused before they are read. */
        max_file_mb: z.number().positive().max(10_000).default(64),
        max_chunks_per_document: z.number().int().positive().max(1_000_000).default(20_000),
        chunk_words: z.number().int().min(50).max(2_000).default(300),
        overlap_words: z.number().int().min(0).max(500).default(40),
      })
      .strict()
      .prefault({}),
    web: z
      .object({
        search: z
          .object({
            provider: z.enum(["searxng", "brave", "duckduckgo", "none"]).default("duckduckgo"),
            base_url: z.url().optional(),
            api_key_env: z.string().optional(),
            max_results: z.number().int().min(1).max(20).default(8),
          })
          .strict()
          .prefault({}),
        /** Private/loopback destinations web_fetch and the browser may reach: host, host:port, IP, [v6]:port, CIDR. */
        allow_private: z
          .array(
            z.string().superRefine((entry, ctx) => {
              const problem = allowEntryProblem(entry);
              if (problem) ctx.addIssue({ code: "custom", message: problem });
            }),
          )
          .default([]),
        max_bytes: z.number().int().positive().default(5_000_000),
        timeout_s: z.number().positive().max(300).default(20),
        max_redirects: z.number().int().min(0).max(20).default(5),
        /** PEM file of extra CA certificates HTTPS fetches trust (a self-hosted server's private CA). */
        ca_file: z.string().min(1).max(4096).optional(),
      })
      .strict()
      .prefault({}),
    browser: z
      .object({
        executable: z.string().optional(),
        /** Opt-in: the user's running Chrome (`--remote-debugging-port`), e.g. http://127.0.0.1:9222. */
        attach_cdp: z
          .url({ protocol: /^(https?|wss?)$/ })
          .nullable()
          .default(null),
        headless: z.boolean().default(true),
        /** Navigation and wait limit; element actions get a third of it. */
        timeout_s: z.number().positive().max(300).default(30),
      })
      .strict()
      .prefault({}),
    weather: z
      .object({
        base_url: z.url().default("https://api.open-meteo.com"),
        geocoding_url: z.url().default("https://geocoding-api.open-meteo.com"),
        default_city: z.string().optional(),
        units: z.enum(["metric", "imperial"]).default("metric"),
      })
      .strict()
      .prefault({}),
    mail: z
      .object({ accounts: uniqueNames(z.array(mailAccountSchema)).default([]) })
      .strict()
      .prefault({}),
    calendar: z
      .object({
        accounts: uniqueNames(z.array(calendarAccountSchema)).default([]),
        /** IANA zone for reading and writing times; the system zone when absent. */
        timezone: ianaZone.optional(),
        working_hours: z
          .object({
            start: clockTime.default("09:00"),
            end: clockTime.default("17:00"),
            /** ISO weekdays, 1 = Monday … 7 = Sunday. */
            days: z.array(z.number().int().min(1).max(7)).min(1).default([1, 2, 3, 4, 5]),
          })
          .strict()
          .refine((hours) => hours.start < hours.end, "start must be before end")
          .prefault({}),
      })
      .strict()
      .prefault({}),
    voice: z
      .object({
        wake_word: z.string().default("hey_jarvis"),
        threshold: z.number().min(0).max(1).default(0.8),
        stt: z.enum(["pocketsphinx", "openai-compatible", "none"]).default("pocketsphinx"),
        tts: z.enum(["espeak-ng", "piper", "openai-compatible", "none"]).default("espeak-ng"),
        models_dir: z.string().optional(),
        stt_base_url: z.url().optional(),
        tts_base_url: z.url().optional(),
        stt_model: z.string().min(1).optional(),
        tts_model: z.string().min(1).optional(),
        tts_voice: z.string().min(1).optional(),
        api_key_env: z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name")
          .optional(),
        piper_model: z.string().min(1).optional(),
        vad_threshold: z.number().min(0.05).max(0.95).default(0.5),
        end_silence_ms: z.number().int().min(160).max(3000).default(480),
        listen_timeout_s: z.number().positive().max(60).default(5),
        barge_in: z.enum(["speech", "wake", "off"]).default("speech"),
        /** Web push-to-talk: most audio one press may send. */
        push_to_talk_max_s: z.number().int().min(1).max(120).default(30),
      })
      .strict()
      .prefault({}),
    mcp: mcpSchema,
    skills: z
      .object({
        /** Project folders holding skill folders (each skill: a folder with SKILL.md). */
        folders: z.array(z.string().min(1)).default([]),
        /** A call outside an active skill's allowed-tools: ask the user, or refuse it. */
        outside_allowed: z.enum(["ask", "deny"]).default("ask"),
      })
      .strict()
      .prefault({}),
    sandbox: z
      .object({
        /** Defaults for skill scripts and `jarvis sandbox run` (each run may lower them). */
        time_s: z.number().positive().max(3600).default(30),
        memory_mb: z.number().int().min(16).max(65_536).default(512),
        processes: z.number().int().min(4).max(4096).default(64),
        output_bytes: z.number().int().positive().max(100_000_000).default(1_000_000),
      })
      .strict()
      .prefault({}),
    factory: z
      .object({
        /** Drafts after the first when a generated tool's tests fail. */
        repair_attempts: z.number().int().min(0).max(5).default(2),
      })
      .strict()
      .prefault({}),
    store: z.strictObject({ encryption: z.enum(["on", "off"]).default("on") }).prefault({}),
    server: z
      .object({
        host: z.string().default("127.0.0.1"),
        port: z.number().int().min(0).max(65_535).default(7777),
      })
      .strict()
      .prefault({}),
    routines: z
      .object({
        /** How long a routine's question waits in the inbox before it counts as "no". */
        confirm_expiry_s: z
          .number()
          .int()
          .min(1)
          .max(7 * 86_400)
          .default(3600),
        /** Routines firing each other stop past this many links. */
        max_depth: z.number().int().min(1).max(10).default(3),
        /** How often mail and calendar triggers look for news. */
        mail_poll_s: z.number().int().min(1).max(86_400).default(60),
        calendar_poll_s: z.number().int().min(1).max(86_400).default(60),
        /** Run history kept per routine. */
        keep_runs: z.number().int().min(10).max(100_000).default(200),
      })
      .strict()
      .prefault({}),
    service: z
      .object({
        /** How often reminders (VTODO with a due time) are read from the calendars. */
        reminders_poll_s: z.number().int().min(1).max(86_400).default(60),
        /** Speak alerts with the configured voice while the service runs. */
        speak_alerts: z.boolean().default(false),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type JarvisConfig = z.infer<typeof configSchema>;
export type ModelConfig = z.infer<typeof modelSchema>;
export type Autonomy = z.infer<typeof autonomy>;
export type PolicyOverride = z.infer<typeof override>;
export type MailAccountConfig = z.infer<typeof mailAccountSchema>;
export type CalendarAccountConfig = z.infer<typeof calendarAccountSchema>;
export type MailServerConfig = MailAccountConfig["imap"];
export type DavServerConfig = z.infer<typeof davServerSchema>;
export type OAuth2Config = z.infer<typeof oauth2Schema>;

export function defaultConfig(): JarvisConfig {
  return configSchema.parse({});
}
