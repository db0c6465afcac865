import type { Command } from "commander";
import { loadConfig } from "../../config/load.js";
import { isStdioServer, MCP_SERVER_NAME, type McpServerConfig } from "../../config/mcp.js";
import { pathsFor, resolveHome } from "../../config/paths.js";
import { systemKeychain } from "../../config/secrets.js";
import { deleteConfigValue, setConfigValue } from "../../config/write.js";
import { JarvisError } from "../../core/errors.js";
import { mcpKeychainKey } from "../../extend/mcp/client/secrets.js";
import { readStatus, type ServerStatus } from "../../extend/mcp/index.js";
import type { CliContext } from "../context.js";
import { readSecrets } from "../read-secret.js";
import { action } from "../run.js";
import { tellService } from "./config-reload.js";
import { registerMcpConnectCommands } from "./mcp-connect.js";
import { registerMcpServeCommand } from "./mcp-serve.js";

const collect = (value: string, previous: string[]) => [...previous, value];

interface AddFlags {
  url?: string;
  env: string[];
  envSecret: string[];
  envFrom: string[];
  header: string[];
  headerSecret: string[];
  bearerSecret?: boolean;
  tier?: string;
  cwd?: string;
  protocol?: string;
}

export function registerMcpCommands(program: Command, context: CliContext): void {
  const mcp = program
    .command("mcp")
    .description(
      "MCP servers Jarvis uses (their tools pass the gate like any other), and Jarvis as an MCP server",
    );

  mcp
    .command("add <name> [command...]")
    .description(
      "add a server: `jarvis mcp add files -- npx -y @modelcontextprotocol/server-filesystem ~/Documents`, or --url",
    )
    .option("--url <url>", "a Streamable HTTP server instead of a command")
    .option("--env <KEY=VALUE>", "an environment variable for a stdio server (no secrets)", collect, [])
    .option(
      "--env-secret <KEY>",
      "an environment variable whose value is read from stdin into the keychain",
      collect,
      [],
    )
    .option(
      "--env-from <KEY=VAR>",
      "an environment variable copied from Jarvis' own variable VAR",
      collect,
      [],
    )
    .option("--header <'Name: value'>", "an HTTP header (no secrets)", collect, [])
    .option(
      "--header-secret <Name>",
      "an HTTP header whose value is read from stdin into the keychain",
      collect,
      [],
    )
    .option("--bearer-secret", "a bearer token read from stdin into the keychain (Authorization: Bearer …)")
    .option("--tier <tier>", "base tier of its tools: safe, caution, dangerous (default), destructive")
    .option("--cwd <dir>", "working directory of a stdio server")
    .option("--protocol <era>", "auto, legacy or 2026-07-28")
    .action(
      action(context, (name: string, command: string[], flags: AddFlags) =>
        addServer(context, name, command, flags),
      ),
    );

  mcp
    .command("list")
    .description("the configured servers and, while Jarvis runs, their state")
    .option("--json", "one JSON object per server")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const paths = pathsFor(resolveHome(context.env));
        const config = loadConfig(paths.config);
        const running = new Map((readStatus(paths.home)?.servers ?? []).map((s) => [s.name, s]));
        const servers = Object.entries(config.mcp.servers);
        if (servers.length === 0 && !flags.json)
          context.print("no MCP servers; add one with `jarvis mcp add NAME -- COMMAND`");
        for (const [name, server] of servers) {
          const status = running.get(name);
          if (flags.json)
            context.print(JSON.stringify({ name, ...describeServer(server), status: status ?? null }));
          else context.print(listLine(name, server, status));
        }
      }),
    );

  mcp
    .command("remove <name>")
    .description("remove a server from config.yaml and its secrets from the keychain")
    .action(
      action(context, async (name: string) => {
        const paths = pathsFor(resolveHome(context.env));
        const server = loadConfig(paths.config).mcp.servers[name];
        if (!server)
          throw new JarvisError("NOT_FOUND", `no MCP server named "${name.slice(0, 40)}"`, {
            fix: "see `jarvis mcp list`",
          });
        deleteConfigValue(paths.config, `mcp.servers.${name}`);
        const keychain = systemKeychain({ env: context.env });
        const keys = new Set([
          mcpKeychainKey(name, "oauth"),
          ...keychainKeysOf(server).filter((key) => key.startsWith(`mcp/${name}/`)),
        ]);
        let removed = 0;
        for (const key of keys) {
          const stored = await keychain.get(key).catch(() => undefined);
          if (stored !== undefined && (await keychain.delete(key).catch(() => false))) removed += 1;
        }
        context.print(
          `removed ${name}${removed > 0 ? ` and ${removed} keychain entr${removed === 1 ? "y" : "ies"}` : ""}`,
        );
        await tellService(context);
      }),
    );

  registerMcpConnectCommands(mcp, context);
  registerMcpServeCommand(mcp, context);
}

async function addServer(
  context: CliContext,
  name: string,
  command: string[],
  flags: AddFlags,
): Promise<void> {
  if (!MCP_SERVER_NAME.test(name) || name.includes("__") || name.endsWith("_")) {
    throw new JarvisError("USAGE", `"${name.slice(0, 40)}" is not a usable server name`, {
      fix: "use 1-31 lowercase letters, digits or _ starting with a letter (it prefixes the tools' names)",
    });
  }
  if (Boolean(flags.url) === command.length > 0) {
    throw new JarvisError("USAGE", "give either a command after -- or --url", {
      fix: "jarvis mcp add NAME -- COMMAND [ARGS…]",
    });
  }
  const paths = pathsFor(resolveHome(context.env));
  if (loadConfig(paths.config).mcp.servers[name]) {
    throw new JarvisError("USAGE", `mcp.servers.${name} already exists`, {
      fix: `remove it first with \`jarvis mcp remove ${name}\``,
    });
  }
  const secretNames = flags.url
    ? [...flags.headerSecret, ...(flags.bearerSecret ? ["Authorization"] : [])]
    : flags.envSecret;
  if (!flags.url && (flags.header.length > 0 || flags.headerSecret.length > 0 || flags.bearerSecret)) {
    throw new JarvisError("USAGE", "headers are for --url servers", {
      fix: "use --env or --env-secret for a stdio server",
    });
  }
  const entry: Record<string, unknown> = flags.url
    ? { url: flags.url, headers: Object.fromEntries(flags.header.map((h) => splitPair(h, ":", "--header"))) }
    : {
        command: command[0],
        args: command.slice(1),
        env: {
          ...Object.fromEntries(flags.env.map((pair) => splitPair(pair, "=", "--env"))),
          ...Object.fromEntries(
            flags.envFrom
              .map((pair) => splitPair(pair, "=", "--env-from"))
              .map(([key, variable]) => [key, { env: variable }]),
          ),
        },
        ...(flags.cwd ? { cwd: flags.cwd } : {}),
      };
  if (flags.tier) entry.tier = flags.tier;
  if (flags.protocol) entry.protocol = flags.protocol;
  // Secrets first, into the keychain; the config only names them.
  const values = await readSecrets(
    context,
    secretNames.map((secret) => `${secret} for ${name}`),
  );
  const target = (flags.url ? entry.headers : entry.env) as Record<string, unknown>;
  const stored: string[] = [];
  const keychain = systemKeychain({ env: context.env });
  if (secretNames.length > 0) {
    const unavailable = await keychain.unavailable();
    if (unavailable) {
      throw new JarvisError("UNAVAILABLE", `the OS keychain is not available: ${unavailable}`, {
        fix: "use --env-from KEY=VAR to read the secret from Jarvis' environment instead",
      });
    }
  }
  try {
    for (const [index, secretName] of secretNames.entries()) {
      const value = values[index] ?? "";
      if (!value)
        throw new JarvisError("USAGE", `no value for ${secretName} on stdin`, {
          fix: "pipe one line per secret",
        });
      const key = mcpKeychainKey(name, secretName);
      await keychain.set(key, value, `Jarvis MCP ${name} ${secretName}`);
      stored.push(key);
      target[secretName] = {
        keychain: key,
        ...(flags.bearerSecret && secretName === "Authorization" ? { prefix: "Bearer " } : {}),
      };
    }
    setConfigValue(paths.config, `mcp.servers.${name}`, entry);
  } catch (error) {
    for (const key of stored) await keychain.delete(key).catch(() => false);
    throw error;
  }
  const kind = flags.url ? `Streamable HTTP ${flags.url}` : `stdio: ${command.join(" ")}`;
  context.print(`added ${name} (${kind}); check it with \`jarvis mcp test ${name}\``);
  if (stored.length > 0) context.print(`secrets in the OS keychain: ${stored.join(", ")}`);
  await tellService(context);
  const fetched = flags.url ? undefined : packageRunBy(command);
  if (fetched) {
    context.print(
      `note: npx looks ${fetched} up again at every start (often 1-3 s); for a quick start install it once (\`npm install -g ${fetched}\`) and add its own command`,
    );
  }
}

/** The package a command runs through npx (`npx -y pkg args`), if it does. */
function packageRunBy(command: readonly string[]): string | undefined {
  const [program, ...rest] = command;
  if (!program || !/(^|\/)npx$/.test(program)) return undefined;
  return rest.find((arg) => !arg.startsWith("-"));
}

function splitPair(text: string, separator: string, flag: string): [string, string] {
  const index = text.indexOf(separator);
  if (index <= 0) throw new JarvisError("USAGE", `${flag} "${text.slice(0, 40)}" needs KEY${separator}VALUE`);
  return [text.slice(0, index).trim(), text.slice(index + 1).trim()];
}

function describeServer(server: McpServerConfig): Record<string, unknown> {
  return isStdioServer(server)
    ? {
        kind: "stdio",
        target: [server.command, ...server.args].join(" "),
        tier: server.tier,
        enabled: server.enabled,
      }
    : { kind: "http", target: server.url, tier: server.tier, enabled: server.enabled };
}

function listLine(name: string, server: McpServerConfig, status: ServerStatus | undefined): string {
  const described = describeServer(server);
  const state = !server.enabled
    ? "disabled"
    : !status
      ? "not connected (Jarvis is not running)"
      : status.state === "ready"
        ? `ready, ${status.tools.length} tools`
        : status.state === "needs_login"
          ? `needs sign-in → jarvis mcp login ${name}`
          : `${status.state}${status.error ? `: ${status.error.message}` : ""}`;
  return `${name.padEnd(16)} ${String(described.kind).padEnd(5)} ${String(described.tier).padEnd(11)} ${state}\n${" ".repeat(17)}${String(described.target).slice(0, 100)}`;
}

function keychainKeysOf(server: McpServerConfig): string[] {
  const refs = isStdioServer(server) ? Object.values(server.env) : Object.values(server.headers);
  return refs.flatMap((value) => (typeof value === "object" && "keychain" in value ? [value.keychain] : []));
}
