import { z } from "zod";

/**
 * The `mcp` section of config.yaml: MCP servers Jarvis uses as a client, and what
 * `jarvis mcp serve` exposes. Secrets never live here: a value that carries one is a reference,
 * `{ keychain: KEY }` or `{ env: VAR }`, and a secret written inline is refused with its key path.
 */

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name");
const tier = z.enum(["safe", "caution", "dangerous", "destructive"]);
const effect = z.enum(["read", "write", "delete", "send", "network", "ui", "exec", "spend", "memory"]);

/** A server name becomes the prefix of its tools (`files__read_file`): lowercase, no `__`. */
export const MCP_SERVER_NAME = /^[a-z][a-z0-9_]{0,30}$/;
export const mcpServerName = z
  .string()
  .regex(MCP_SERVER_NAME, "must be 1-31 lowercase letters, digits or _ starting with a letter")
  .refine((name) => !name.includes("__") && !name.endsWith("_"), "must not contain __ or end with _");

/** Where a secret comes from: the OS keychain entry, or an environment variable of Jarvis' own. */
export const secretRefSchema = z.union([
  z.object({ keychain: z.string().min(1).max(200), prefix: z.string().max(40).optional() }).strict(),
  z.object({ env: envName, prefix: z.string().max(40).optional() }).strict(),
]);
const valueOrSecret = z.union([z.string().max(4096), secretRefSchema]);

const toolOverride = z
  .object({
    /** Base tier of this tool; the server's annotations may still raise it. */
    tier: tier.optional(),
    effects: z.array(effect).min(1).optional(),
    /** false hides the tool from the catalog. */
    enabled: z.boolean().default(true),
  })
  .strict();

const common = {
  enabled: z.boolean().default(true),
  /** Base tier of every tool of this server; annotations are hints and may only raise it. */
  tier: tier.default("dangerous"),
  /** What calling one of its tools may do; annotations may add effects, never remove them. */
  effects: z.array(effect).min(1).default(["exec"]),
  tools: z.record(z.string().min(1).max(128), toolOverride).default({}),
  /** Per-call timeout; the gate aborts the call and the server gets `notifications/cancelled`. */
  timeout_s: z.number().positive().max(3600).default(60),
  connect_timeout_s: z.number().positive().max(600).default(30),
  /** Largest single message or tool result accepted from the server. */
  max_output_kb: z
    .number()
    .int()
    .min(1)
    .max(64 * 1024)
    .default(1024),
  /**
   * Protocol era: `auto` probes for 2026-07-28 (`server/discover`) and falls back to the
   * 2025 handshake; `legacy` is the 2025 handshake only; a date pins that revision.
   */
  protocol: z.enum(["auto", "legacy", "2026-07-28"]).optional(),
};

const stdioServer = z
  .object({
    command: z.string().min(1).max(4096),
    args: z.array(z.string().max(8192)).max(256).default([]),
    env: z.record(envName, valueOrSecret).default({}),
    cwd: z.string().min(1).max(4096).optional(),
    ...common,
  })
  .strict();

const oauthSchema = z
  .object({
    /** A pre-registered client id; without one Jarvis uses client_metadata_url or registers. */
    client_id: z.string().min(1).max(500).optional(),
    client_secret: secretRefSchema.optional(),
    /** An HTTPS URL of Jarvis' client ID metadata document, used when the server supports it. */
    client_metadata_url: z.url({ protocol: /^https$/ }).optional(),
    scope: z.string().max(1000).optional(),
    /** Port of the loopback redirect during `jarvis mcp login` (0 = any free port). */
    redirect_port: z.number().int().min(0).max(65_535).default(0),
  })
  .strict();

const httpServer = z
  .object({
    url: z.url({ protocol: /^https?$/ }),
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/, "must be a header name"), valueOrSecret)
      .default({}),
    oauth: oauthSchema.optional(),
    ...common,
  })
  .strict();

/**
 * A server is stdio (`command`) or Streamable HTTP (`url`). Chosen by its keys rather than a zod
 * union, so an error names the key that is wrong instead of "invalid input".
 */
export const mcpServerSchema = z.unknown().transform((raw, ctx): McpServerConfig => {
  const object = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? raw : undefined;
  if (!object || (!("command" in object) && !("url" in object))) {
    ctx.addIssue({
      code: "custom",
      message: "needs command (a stdio server) or url (a Streamable HTTP server)",
    });
    return z.NEVER;
  }
  const result = ("command" in object ? stdioServer : httpServer).safeParse(object);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  }
  for (const problem of inlineSecrets(result.data)) {
    ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
  }
  return result.data;
});

export const mcpSchema = z
  .object({
    servers: z
      .record(z.string(), mcpServerSchema)
      .default({})
      .superRefine((servers, ctx) => {
        for (const name of Object.keys(servers)) {
          const parsed = mcpServerName.safeParse(name);
          if (!parsed.success) {
            ctx.addIssue({
              code: "custom",
              path: [name],
              message: `is not a usable server name: ${parsed.error.issues[0]?.message ?? "invalid"}`,
            });
          }
        }
      }),
    serve: z
      .object({
        /** Tools `jarvis mcp serve` exposes; default: the built-in tools that only read and are safe. */
        tools: z.array(z.string().regex(/^[a-z0-9_]{1,64}$/, "must be a tool name")).optional(),
        port: z.number().int().min(0).max(65_535).default(7778),
      })
      .strict()
      .prefault({}),
  })
  .strict()
  .prefault({});

export type McpStdioServerConfig = z.infer<typeof stdioServer>;
export type McpHttpServerConfig = z.infer<typeof httpServer>;
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;
export type McpConfig = z.infer<typeof mcpSchema>;
export type ValueOrSecret = z.infer<typeof valueOrSecret>;

export function isStdioServer(server: McpServerConfig): server is McpStdioServerConfig {
  return "command" in server;
}

/** Names that say "this carries a credential" in an env variable or header. */
const SECRET_NAME = /(key|token|secret|passw(or)?d|passwd|credential|auth|cookie|session)/i;
/** Values that look like credentials whatever their name: known token shapes and bearer strings. */
const SECRET_VALUE = [
  /^(bearer|basic|token)\s+\S{8,}/i,
  /\b(sk|pk|rk)-[A-Za-z0-9_-]{16,}/,
  /\b(ghp|gho|ghu|ghs|ghr|github_pat|glpat|xox[abposr]|AKIA|ASIA|AIza|ya29)[A-Za-z0-9_.-]{10,}/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

export function looksLikeSecretValue(value: string): boolean {
  return SECRET_VALUE.some((pattern) => pattern.test(value));
}

interface InlineSecret {
  path: Array<string | number>;
  message: string;
}

const FIX = "is a secret written inline; use {keychain: KEY} or {env: VAR} (`jarvis mcp add` stores it)";

/** Every place a server's config carries a secret in clear, with its key path. */
function inlineSecrets(server: McpServerConfig): InlineSecret[] {
  const found: InlineSecret[] = [];
  const named = (kind: "env" | "headers", entries: Record<string, ValueOrSecret>) => {
    for (const [name, value] of Object.entries(entries)) {
      if (typeof value !== "string" || value.length === 0) continue;
      if (SECRET_NAME.test(name) || looksLikeSecretValue(value))
        found.push({ path: [kind, name], message: FIX });
    }
  };
  if (isStdioServer(server)) {
    named("env", server.env);
    server.args.forEach((arg, index) => {
      const flagValue = /^--?[\w-]*(key|token|secret|password)[\w-]*=(.+)$/i.exec(arg)?.[2];
      if (looksLikeSecretValue(arg) || (flagValue && flagValue.length >= 8)) {
        found.push({
          path: ["args", index],
          message: "carries a secret inline; pass it through env with {keychain: KEY} or {env: VAR}",
        });
      }
    });
  } else {
    named("headers", server.headers);
    const url = new URL(server.url);
    if (url.username || url.password) {
      found.push({
        path: ["url"],
        message: "carries a user or password; put the credential in headers as a reference",
      });
    }
    for (const [param, value] of url.searchParams) {
      if (SECRET_NAME.test(param) && value.length > 0) {
        found.push({
          path: ["url"],
          message: `carries a secret in ?${param}=; move it to headers as a reference`,
        });
      }
    }
  }
  return found;
}
