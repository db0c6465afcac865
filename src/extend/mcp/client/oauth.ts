import { randomBytes } from "node:crypto";
import {
  auth,
  type FetchLike,
  IssuerMismatchError,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "@modelcontextprotocol/client";
import { isStdioServer, type McpHttpServerConfig, type McpServerConfig } from "../../../config/mcp.js";
import { JarvisError } from "../../../core/errors.js";
import { mcpKeychainKey, resolveValue, type SecretSources } from "./secrets.js";

/** What one OAuth sign-in leaves behind, kept as one keychain entry per server. */
interface StoredGrant {
  tokens?: StoredOAuthTokens;
  /** Client registrations by authorization-server issuer (a client id never goes to another). */
  clients?: Record<string, StoredOAuthClientInformation>;
  discovery?: OAuthDiscoveryState;
}

/** Shows the user the authorization page and returns the redirect's query (code, state, iss). */
export type Authorizer = (authorizationUrl: URL, signal?: AbortSignal) => Promise<URLSearchParams>;

export interface OAuthProviderOptions {
  server: string;
  config: McpHttpServerConfig;
  sources: SecretSources;
  /** Where the authorization server sends the browser back (a loopback URL during login). */
  redirectUrl: string;
}

/**
 * The SDK's OAuth client for one HTTP server, with tokens and registrations in the OS keychain.
 * Authorization code + PKCE (the SDK makes the verifier), client ID metadata documents when the
 * server supports them, RFC 9207 `iss` checked by the SDK on the code exchange. It never opens
 * a browser itself: `redirectToAuthorization` records the URL for `authorizeAndRetry`.
 */
export class KeychainOAuthProvider implements OAuthClientProvider {
  /** The authorization URL the SDK wants the user to visit, once it asked. */
  pending: URL | undefined;
  private expectedState: string | undefined;
  private verifier: string | undefined;
  private grant: StoredGrant | undefined;
  private readonly key: string;

  constructor(private readonly options: OAuthProviderOptions) {
    this.key = mcpKeychainKey(options.server, "oauth");
  }

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.config.oauth?.client_metadata_url;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Jarvis",
      redirect_uris: [this.options.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      application_type: "native",
      ...(this.options.config.oauth?.scope ? { scope: this.options.config.oauth.scope } : {}),
    };
  }

  state(): string {
    this.expectedState = randomBytes(24).toString("base64url");
    return this.expectedState;
  }

  /** The redirect's `state` must be the one this flow sent (CSRF); the SDK leaves it to us. */
  checkState(received: string | null): void {
    if (!this.expectedState || received !== this.expectedState) {
      throw new JarvisError(
        "AUTH_FAILED",
        `MCP server ${this.options.server}: the sign-in answer did not match the request (state)`,
        {
          fix: `run \`jarvis mcp login ${this.options.server}\` again`,
        },
      );
    }
  }

  async clientInformation(
    ctx?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    const oauth = this.options.config.oauth;
    if (oauth?.client_id) {
      const secret = oauth.client_secret
        ? await resolveValue(
            oauth.client_secret,
            `mcp.servers.${this.options.server}.oauth.client_secret`,
            this.options.sources,
          )
        : undefined;
      return { client_id: oauth.client_id, ...(secret ? { client_secret: secret } : {}) };
    }
    const clients = (await this.load()).clients ?? {};
    return ctx ? clients[ctx.issuer] : undefined;
  }

  async saveClientInformation(
    info: StoredOAuthClientInformation,
    ctx?: OAuthClientInformationContext,
  ): Promise<void> {
    if (!ctx) return;
    const grant = await this.load();
    await this.save({ ...grant, clients: { ...grant.clients, [ctx.issuer]: info } });
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.load()).tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.save({ ...(await this.load()), tokens });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.pending = authorizationUrl;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new JarvisError("AUTH_FAILED", "no sign-in is in progress");
    return this.verifier;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.save({ ...(await this.load()), discovery: state });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.load()).discovery;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "verifier") {
      this.verifier = undefined;
      return;
    }
    const grant = await this.load();
    if (scope === "all") await this.save({});
    else if (scope === "client") await this.save({ ...grant, clients: {} });
    else if (scope === "tokens") await this.save({ ...grant, tokens: undefined });
    else await this.save({ ...grant, discovery: undefined });
  }

  /** Forgets everything signed in for this server (`jarvis mcp remove`, `login --reset`). */
  async forget(): Promise<void> {
    this.grant = {};
    await this.options.sources.keychain.delete(this.key);
  }

  private async load(): Promise<StoredGrant> {
    if (this.grant) return this.grant;
    const text = await this.options.sources.keychain.get(this.key);
    try {
      this.grant = text ? (JSON.parse(text) as StoredGrant) : {};
    } catch {
      this.grant = {};
    }
    return this.grant;
  }

  private async save(grant: StoredGrant): Promise<void> {
    this.grant = grant;
    await this.options.sources.keychain.set(
      this.key,
      JSON.stringify(grant),
      `Jarvis MCP sign-in (${this.options.server})`,
    );
  }
}

/**
 * Runs `operation`; when the server asks for a sign-in, sends the user through `authorize`,
 * exchanges the code (the SDK checks `iss` and PKCE) and runs the operation again. At most
 * `maxAuthorizations` sign-ins: a server that keeps asking for more scope is not followed forever.
 */
export async function authorizeAndRetry<T>(options: {
  provider: KeychainOAuthProvider;
  serverUrl: string;
  operation: () => Promise<T>;
  authorize: Authorizer;
  fetch?: FetchLike;
  maxAuthorizations?: number;
  signal?: AbortSignal;
}): Promise<T> {
  const limit = options.maxAuthorizations ?? 3;
  for (let round = 0; ; round++) {
    options.provider.pending = undefined;
    try {
      return await options.operation();
    } catch (error) {
      const pending = options.provider.pending;
      if (!(error instanceof JarvisError && error.code === "AUTH_FAILED" && pending) || round >= limit)
        throw error;
      const answer = await options.authorize(pending, options.signal);
      const denied = answer.get("error");
      if (denied) {
        // The text comes from whoever answered the redirect: never shown, only its code.
        throw new JarvisError(
          "AUTH_FAILED",
          `the sign-in was refused (${denied.replace(/[^\w-]/g, "").slice(0, 40)})`,
          {
            fix: "try again, or check the account you signed in with",
          },
        );
      }
      options.provider.checkState(answer.get("state"));
      const code = answer.get("code");
      if (!code)
        throw new JarvisError("AUTH_FAILED", "the sign-in answer carried no code", { fix: "try again" });
      const iss = answer.get("iss");
      const result = await auth(options.provider, {
        serverUrl: options.serverUrl,
        authorizationCode: code,
        ...(iss !== null ? { iss } : {}),
        ...(options.fetch ? { fetchFn: options.fetch } : {}),
      }).catch((cause: unknown) => {
        if (cause instanceof IssuerMismatchError) {
          // A mix-up attack or a misconfigured server: the code is not redeemed.
          throw new JarvisError(
            "AUTH_FAILED",
            "the sign-in answer came from another authorization server (iss)",
            {
              fix: "check the server's URL; do not reuse that sign-in link",
              cause,
            },
          );
        }
        throw cause;
      });
      if (result !== "AUTHORIZED")
        throw new JarvisError("AUTH_FAILED", "the sign-in did not complete", { fix: "try again" });
    }
  }
}

/**
 * The OAuth provider a hub gives each HTTP server: the sign-in `jarvis mcp login` left in the
 * keychain (refreshed silently). It never opens a browser; a server that wants a new sign-in
 * ends in `needs_login`.
 */
export function savedSignIn(
  sources: SecretSources,
): (server: string, config: McpServerConfig) => KeychainOAuthProvider | undefined {
  return (server, config) =>
    isStdioServer(config)
      ? undefined
      : new KeychainOAuthProvider({ server, config, sources, redirectUrl: "http://127.0.0.1/callback" });
}
