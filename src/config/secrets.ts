import { spawn } from "node:child_process";
import { JarvisError } from "../core/errors.js";
import type { OAuth2Config } from "./schema.js";

/** Every keychain entry Jarvis writes lives under this service name. */
export const KEYCHAIN_SERVICE = "jarvis";

export interface ProgramResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Spawns a program with an argv array (never a shell); `input` goes to its stdin. */
export type ProgramRunner = (
  program: string,
  args: string[],
  options?: { input?: string; timeoutMs?: number },
) => Promise<ProgramResult>;

/** Runs programs found on `env.PATH` (the runtime's env, so tests can point it elsewhere). */
export const spawnProgram =
  (env: NodeJS.ProcessEnv = process.env): ProgramRunner =>
  (program, args, options = {}) =>
    new Promise((resolve, reject) => {
      const child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"], env });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
      });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 15_000);
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? -1, stdout, stderr });
      });
      child.stdin.on("error", () => {}); // a program that exits early must not crash us with EPIPE
      child.stdin.end(options.input ?? "");
    });

/** The OS keychain: libsecret's `secret-tool` on Linux, `security` on macOS. */
export interface Keychain {
  /** Why it cannot be used here, or undefined when it can. */
  unavailable(): Promise<string | undefined>;
  get(key: string): Promise<string | undefined>;
  set(key: string, secret: string, label?: string): Promise<void>;
  delete(key: string): Promise<boolean>;
}

export function systemKeychain(
  options: { platform?: NodeJS.Platform; run?: ProgramRunner; env?: NodeJS.ProcessEnv } = {},
): Keychain {
  const platform = options.platform ?? process.platform;
  const run = options.run ?? spawnProgram(options.env);
  return platform === "darwin" ? macKeychain(run) : secretToolKeychain(run);
}

function missingProgram(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT";
}

function secretToolKeychain(run: ProgramRunner): Keychain {
  const attributes = (key: string) => ["service", KEYCHAIN_SERVICE, "account", key];
  const fail = (what: string, result: ProgramResult) =>
    new JarvisError(
      "UNAVAILABLE",
      `secret-tool could not ${what}: ${firstLine(result.stderr) || `exit ${result.code}`}`,
      {
        fix: "unlock the login keyring (a Secret Service such as gnome-keyring must be running)",
      },
    );
  return {
    async unavailable() {
      try {
        // `search` with no match exits 1 quietly when the service answers; errors mean it did not
        const result = await run("secret-tool", ["search", "service", `${KEYCHAIN_SERVICE}-probe`]);
        if (result.code !== 0 && result.stderr.trim()) return `secret-tool: ${firstLine(result.stderr)}`;
        return undefined;
      } catch (error) {
        return missingProgram(error)
          ? "secret-tool is not installed (apt-get install libsecret-tools)"
          : (error as Error).message;
      }
    },
    async get(key) {
      const result = await run("secret-tool", ["lookup", ...attributes(key)]).catch(keychainSpawnError);
      if (result.code === 0) return result.stdout.replace(/\r?\n$/, "");
      if (result.stderr.trim()) throw fail(`read ${key}`, result);
      return undefined;
    },
    async set(key, secret, label) {
      const args = ["store", "--label", label ?? `Jarvis ${key}`, ...attributes(key)];
      const result = await run("secret-tool", args, { input: secret }).catch(keychainSpawnError);
      if (result.code !== 0) throw fail(`store ${key}`, result);
    },
    async delete(key) {
      const result = await run("secret-tool", ["clear", ...attributes(key)]).catch(keychainSpawnError);
      return result.code === 0;
    },
  };
}

function macKeychain(run: ProgramRunner): Keychain {
  return {
    async unavailable() {
      try {
        await run("security", ["help"]);
        return undefined;
      } catch (error) {
        return missingProgram(error) ? "the macOS `security` program is missing" : (error as Error).message;
      }
    },
    async get(key) {
      const result = await run("security", [
        "find-generic-password",
        "-s",
        KEYCHAIN_SERVICE,
        "-a",
        key,
        "-w",
      ]).catch(keychainSpawnError);
      if (result.code === 0) return result.stdout.replace(/\r?\n$/, "");
      if (result.code === 44) return undefined; // errSecItemNotFound
      throw new JarvisError("UNAVAILABLE", `keychain could not read ${key}: ${firstLine(result.stderr)}`, {
        fix: "unlock the login keychain",
      });
    },
    async set(key, secret) {
      // `security -i` reads the command from stdin, so the secret never appears in argv (ps)
      const command = `add-generic-password -U -s ${quote(KEYCHAIN_SERVICE)} -a ${quote(key)} -w ${quote(secret)}\n`;
      const result = await run("security", ["-i"], { input: command }).catch(keychainSpawnError);
      if (result.code !== 0 || /error/i.test(result.stderr)) {
        throw new JarvisError("UNAVAILABLE", `keychain could not store ${key}: ${firstLine(result.stderr)}`);
      }
    },
    async delete(key) {
      const result = await run("security", [
        "delete-generic-password",
        "-s",
        KEYCHAIN_SERVICE,
        "-a",
        key,
      ]).catch(keychainSpawnError);
      return result.code === 0;
    },
  };
}

function quote(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function keychainSpawnError(error: unknown): never {
  if (missingProgram(error)) {
    throw new JarvisError("UNAVAILABLE", "the OS keychain is not available (secret-tool is not installed)", {
      fix: "apt-get install libsecret-tools, or use password_env in config.yaml",
    });
  }
  throw new JarvisError("UNAVAILABLE", `the OS keychain failed: ${(error as Error).message}`);
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}

/** The secret-bearing part of an account's server block (imap, smtp, caldav, carddav). */
export interface CredentialSpec {
  user?: string | undefined;
  auth: "password" | "xoauth2";
  password_env?: string | undefined;
  password_keychain?: string | undefined;
  password?: string | undefined;
  oauth2?: OAuth2Config | undefined;
}

export type Credentials =
  | { user: string; kind: "password"; password: string; source: string }
  | { user: string; kind: "xoauth2"; accessToken: string; source: string };

export interface SecretContext {
  env: NodeJS.ProcessEnv;
  keychain: Keychain;
  /** Used for the OAuth2 refresh exchange; injectable for tests. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The keychain entry a server block uses when it names none: `<account>/<service>`. */
export function defaultKeychainKey(account: string, service: string): string {
  return `${account}/${service}`;
}

/** Where the secret comes from, for `jarvis accounts list` and doctor; never the secret itself. */
export function describeSecretSource(
  account: string,
  service: string,
  spec: CredentialSpec,
): { source: "env" | "keychain" | "file" | "oauth2"; detail: string; warning?: string } {
  if (spec.auth === "xoauth2") {
    const o = spec.oauth2 ?? {};
    if (o.access_token_env) return { source: "oauth2", detail: `XOAUTH2 token from $${o.access_token_env}` };
    if (o.refresh_token_env || o.refresh_token_keychain) {
      return { source: "oauth2", detail: `XOAUTH2 token refreshed at ${o.token_url ?? "(no token_url)"}` };
    }
    return {
      source: "oauth2",
      detail: `XOAUTH2 token from keychain ${o.access_token_keychain ?? defaultKeychainKey(account, `${service}-token`)}`,
    };
  }
  if (spec.password_env) return { source: "env", detail: `password from $${spec.password_env}` };
  if (spec.password !== undefined) {
    return {
      source: "file",
      detail: "password in config.yaml",
      warning:
        "the password is stored in clear in config.yaml; move it to the keychain (`jarvis accounts add`)",
    };
  }
  return {
    source: "keychain",
    detail: `password from keychain ${spec.password_keychain ?? defaultKeychainKey(account, service)}`,
  };
}

/**
 * Finds the login for one server block. Errors are one line naming the account, the service and
 * the fix; the secret itself never appears in any message.
 */
export async function resolveCredentials(
  account: string,
  service: string,
  spec: CredentialSpec,
  fallbackUser: string | undefined,
  context: SecretContext,
): Promise<Credentials> {
  const user = spec.user ?? fallbackUser;
  const where = `${account} (${service})`;
  if (!user) {
    throw new JarvisError("CONFIG_INVALID", `${where} has no user`, {
      fix: `set ${service}.user in config.yaml`,
    });
  }
  if (spec.auth === "xoauth2") {
    const accessToken = await oauth2Token(account, service, spec.oauth2 ?? {}, context);
    return { user, kind: "xoauth2", accessToken, source: "oauth2" };
  }
  if (spec.password_env) {
    const value = context.env[spec.password_env];
    if (!value) {
      throw new JarvisError(
        "CONFIG_INVALID",
        `${where}: environment variable ${spec.password_env} is not set`,
        {
          fix: `export ${spec.password_env}=… before starting Jarvis, or store the password with \`jarvis accounts add\``,
        },
      );
    }
    return { user, kind: "password", password: value, source: "env" };
  }
  if (spec.password !== undefined) return { user, kind: "password", password: spec.password, source: "file" };
  const key = spec.password_keychain ?? defaultKeychainKey(account, service);
  const password = await readKeychain(context.keychain, key, where);
  return { user, kind: "password", password, source: "keychain" };
}

/** One secret from the keychain; errors name `where` and the fix (`store` says how to store it). */
export async function readKeychain(
  keychain: Keychain,
  key: string,
  where: string,
  store = "store it with `jarvis accounts add`, or set password_env in config.yaml",
): Promise<string> {
  let value: string | undefined;
  try {
    value = await keychain.get(key);
  } catch (error) {
    const failure = error instanceof JarvisError ? error : new JarvisError("UNAVAILABLE", String(error));
    throw new JarvisError("UNAVAILABLE", `${where}: ${failure.message}`, { fix: failure.fix ?? store });
  }
  if (value === undefined || value === "") {
    throw new JarvisError("NOT_FOUND", `${where}: no secret in the keychain under "${key}"`, { fix: store });
  }
  return value;
}

async function oauth2Token(
  account: string,
  service: string,
  oauth2: OAuth2Config,
  context: SecretContext,
): Promise<string> {
  const where = `${account} (${service})`;
  const fromEnv = (name: string | undefined) => (name ? context.env[name] : undefined);
  const direct = fromEnv(oauth2.access_token_env);
  if (direct) return direct;
  if (oauth2.access_token_env && !oauth2.refresh_token_env && !oauth2.refresh_token_keychain) {
    throw new JarvisError(
      "CONFIG_INVALID",
      `${where}: environment variable ${oauth2.access_token_env} is not set`,
      {
        fix: `export ${oauth2.access_token_env}=<access token>`,
      },
    );
  }
  const refreshToken =
    fromEnv(oauth2.refresh_token_env) ??
    (oauth2.refresh_token_keychain
      ? await readKeychain(context.keychain, oauth2.refresh_token_keychain, where)
      : undefined);
  if (!refreshToken) {
    const key = oauth2.access_token_keychain ?? defaultKeychainKey(account, `${service}-token`);
    return readKeychain(context.keychain, key, where);
  }
  if (!oauth2.token_url || !oauth2.client_id) {
    throw new JarvisError(
      "CONFIG_INVALID",
      `${where}: a refresh token needs oauth2.token_url and oauth2.client_id`,
      {
        fix: "add both under oauth2 in config.yaml",
      },
    );
  }
  const clientSecret =
    fromEnv(oauth2.client_secret_env) ??
    (oauth2.client_secret_keychain
      ? await readKeychain(context.keychain, oauth2.client_secret_keychain, where)
      : undefined);
  const body = new URLSearchParams({
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: oauth2.client_id,
    ...(clientSecret ? { client_secret: clientSecret } : {}),
  });
  let response: Response;
  try {
    response = await (context.fetch ?? fetch)(oauth2.token_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body,
      ...(context.signal ? { signal: context.signal } : {}),
    });
  } catch (error) {
    throw new JarvisError(
      "UNAVAILABLE",
      `${where}: cannot reach the OAuth2 token endpoint (${(error as Error).message})`,
    );
  }
  const payload = (await response.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
  if (!response.ok || typeof payload.access_token !== "string") {
    const reason = typeof payload.error === "string" ? payload.error : `HTTP ${response.status}`;
    throw new JarvisError("UNAVAILABLE", `${where}: the OAuth2 token refresh failed (${reason})`, {
      fix: "sign in again and store a new refresh token",
    });
  }
  return payload.access_token;
}
