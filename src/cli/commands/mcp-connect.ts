import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { homedir } from "node:os";
import type { Command } from "commander";
import { loadConfig } from "../../config/load.js";
import { isStdioServer } from "../../config/mcp.js";
import { pathsFor, resolveHome } from "../../config/paths.js";
import { systemKeychain } from "../../config/secrets.js";
import { systemClock } from "../../core/clock.js";
import { JarvisError } from "../../core/errors.js";
import { silentLogger } from "../../core/logger.js";
import { McpConnection } from "../../extend/mcp/client/connection.js";
import {
  type Authorizer,
  authorizeAndRetry,
  KeychainOAuthProvider,
  savedSignIn,
} from "../../extend/mcp/client/oauth.js";
import { McpHub } from "../../extend/mcp/index.js";
import { ToolRegistry } from "../../gate/registry.js";
import type { CliContext } from "../context.js";
import { VERSION } from "../main.js";
import { action } from "../run.js";

/** A hub with only `name` (a test, a sign-in, a resource read): connects now, nothing else starts. */
async function connectOne(
  context: CliContext,
  name: string,
): Promise<{ hub: McpHub; registry: ToolRegistry }> {
  const paths = pathsFor(resolveHome(context.env));
  const config = loadConfig(paths.config);
  const server = config.mcp.servers[name];
  if (!server) {
    throw new JarvisError("NOT_FOUND", `no MCP server named "${name.slice(0, 40)}"`, {
      fix: "see `jarvis mcp list`",
    });
  }
  const registry = new ToolRegistry();
  const keychain = systemKeychain({ env: context.env });
  const hub = new McpHub({
    config: { ...config.mcp, servers: { [name]: { ...server, enabled: true } } },
    registry,
    env: context.env,
    keychain,
    home: context.env.HOME ?? homedir(),
    clock: systemClock,
    logger: silentLogger,
    version: VERSION,
    authProvider: savedSignIn({ env: context.env, keychain }),
    // One attempt: the command reports, it does not keep retrying.
    schedule: () => () => {},
  });
  await hub.start();
  return { hub, registry };
}

/** Runs `use` on the live connection to `name`, then disconnects. */
async function withServer<T>(
  context: CliContext,
  name: string,
  use: (live: McpConnection) => Promise<T>,
): Promise<T> {
  const { hub } = await connectOne(context, name);
  try {
    return await use(hub.server(name).live());
  } finally {
    await hub.close();
  }
}

export function registerMcpConnectCommands(mcp: Command, context: CliContext): void {
  mcp
    .command("test <name>")
    .description("connect to one server now: its protocol version, tools with their tiers, and what is wrong")
    .option("--json", "the server's status as JSON")
    .action(
      action(context, async (name: string, flags: { json?: boolean }) => {
        const started = Date.now();
        const { hub, registry } = await connectOne(context, name);
        try {
          const status = hub.statuses()[0]!;
          if (flags.json) context.print(JSON.stringify(status));
          if (status.state !== "ready") {
            throw new JarvisError(
              status.state === "needs_login" ? "AUTH_FAILED" : "UNAVAILABLE",
              status.error?.message ?? `${name} did not start`,
              {
                fix: status.error?.fix,
              },
            );
          }
          if (flags.json) return;
          const info = status.serverInfo ? `${status.serverInfo.name} ${status.serverInfo.version}, ` : "";
          context.print(
            `ok   ${name}: ${info}protocol ${status.protocolVersion ?? "?"}, ${status.tools.length} tools in ${Date.now() - started} ms`,
          );
          for (const tool of registry.list()) {
            context.print(
              `     ${tool.name.padEnd(40)} ${String(tool.risk).padEnd(11)} ${tool.effects.join(",")}`,
            );
          }
          for (const skipped of status.skipped) context.print(`skip ${skipped.mcpName}: ${skipped.reason}`);
          for (const warning of status.warnings) context.print(`warn ${warning}`);
        } finally {
          await hub.close();
        }
      }),
    );

  mcp
    .command("login <name>")
    .description("sign in to an HTTP server with OAuth (your browser; tokens go to the OS keychain)")
    .option("--no-browser", "print the link instead of opening a browser")
    .action(
      action(context, async (name: string, flags: { browser: boolean }) => {
        const paths = pathsFor(resolveHome(context.env));
        const server = loadConfig(paths.config).mcp.servers[name];
        if (!server)
          throw new JarvisError("NOT_FOUND", `no MCP server named "${name.slice(0, 40)}"`, {
            fix: "see `jarvis mcp list`",
          });
        if (isStdioServer(server))
          throw new JarvisError("USAGE", `${name} is a stdio server; sign-in is for --url servers`);
        const callback = await loopbackCallback(server.oauth?.redirect_port ?? 0);
        const keychain = systemKeychain({ env: context.env });
        const sources = { env: context.env, keychain };
        const provider = new KeychainOAuthProvider({
          server: name,
          config: server,
          sources,
          redirectUrl: callback.url,
        });
        const authorize: Authorizer = async (url) => {
          context.print(`Sign in to ${name} in your browser:\n  ${url.href}`);
          if (flags.browser) openBrowser(url.href, context.env);
          return callback.next();
        };
        try {
          const tools = await authorizeAndRetry({
            provider,
            serverUrl: server.url,
            authorize,
            operation: async () => {
              const connection = await McpConnection.open({
                server: name,
                config: server,
                sources,
                home: context.env.HOME ?? homedir(),
                logger: silentLogger,
                clientVersion: VERSION,
                authProvider: provider,
                onToolsChanged: () => {},
                onLost: () => {},
              });
              try {
                return await connection.listTools();
              } finally {
                await connection.close();
              }
            },
          });
          context.print(`signed in to ${name}; ${tools.length} tools (the sign-in is in the OS keychain)`);
        } finally {
          await callback.close();
        }
      }),
    );

  mcp
    .command("resources <name>")
    .description("the resources a server offers (read one with `jarvis mcp read NAME URI`)")
    .action(
      action(context, async (name: string) => {
        await withServer(context, name, async (live) => {
          for (const resource of await live.listResources()) {
            context.print(
              `${resource.uri}  ${resource.name}${resource.mimeType ? ` (${resource.mimeType})` : ""}`,
            );
          }
        });
      }),
    );

  mcp
    .command("read <name> <uri>")
    .description("read one resource of a server (third-party text: shown, never obeyed)")
    .action(
      action(context, async (name: string, uri: string) => {
        await withServer(context, name, async (live) => {
          const result = await live.readResource(uri);
          for (const content of result.contents) {
            context.print(
              "text" in content ? content.text : `[${content.mimeType ?? "binary"} ${content.uri}]`,
            );
          }
        });
      }),
    );

  mcp
    .command("prompts <name>")
    .description("the prompts a server offers")
    .action(
      action(context, async (name: string) => {
        await withServer(context, name, async (live) => {
          for (const prompt of await live.listPrompts()) {
            const args = (prompt.arguments ?? []).map((a) => (a.required ? a.name : `[${a.name}]`)).join(" ");
            context.print(
              `${prompt.name}${args ? ` ${args}` : ""}${prompt.description ? `  ${prompt.description}` : ""}`,
            );
          }
        });
      }),
    );
  mcp
    .command("prompt <name> <prompt>")
    .description(
      "read one prompt of a server, filled with --arg KEY=VALUE (third-party text: shown, never obeyed)",
    )
    .option(
      "--arg <KEY=VALUE>",
      "a prompt argument",
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .action(
      action(context, async (name: string, prompt: string, flags: { arg: string[] }) => {
        const args = Object.fromEntries(
          flags.arg.map((pair) => {
            const index = pair.indexOf("=");
            if (index <= 0) throw new JarvisError("USAGE", `--arg "${pair.slice(0, 40)}" needs KEY=VALUE`);
            return [pair.slice(0, index), pair.slice(index + 1)];
          }),
        );
        await withServer(context, name, async (live) => {
          const result = await live.getPrompt(prompt, args);
          for (const message of result.messages) {
            const content = message.content as { type: string; text?: string };
            context.print(`${message.role}: ${content.type === "text" ? content.text : `[${content.type}]`}`);
          }
        });
      }),
    );
}

/** A one-shot loopback listener for the OAuth redirect (127.0.0.1 only; the first answer wins). */
async function loopbackCallback(
  port: number,
): Promise<{ url: string; next(): Promise<URLSearchParams>; close(): Promise<void> }> {
  let deliver: (params: URLSearchParams) => void = () => {};
  const answer = new Promise<URLSearchParams>((resolve) => {
    deliver = resolve;
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { "content-type": "text/plain; charset=utf-8" })
      .end("Jarvis has your answer; you can close this tab.");
    deliver(url.searchParams);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  let timer: NodeJS.Timeout | undefined;
  return {
    url: `http://127.0.0.1:${bound}/callback`,
    next: () =>
      Promise.race([
        answer,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new JarvisError("TIMEOUT", "no sign-in within 5 minutes", {
                  fix: "run `jarvis mcp login` again",
                }),
              ),
            300_000,
          );
        }),
      ]).finally(() => clearTimeout(timer)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function openBrowser(url: string, env: NodeJS.ProcessEnv): void {
  const opener = process.platform === "darwin" ? "open" : "xdg-open";
  const child = spawn(opener, [url], { env, stdio: "ignore", detached: true });
  child.on("error", () => undefined);
  child.unref();
}
