import { homedir } from "node:os";
import type { JarvisPaths } from "../../config/paths.js";
import type { JarvisConfig } from "../../config/schema.js";
import { type Keychain, systemKeychain } from "../../config/secrets.js";
import type { Clock } from "../../core/clock.js";
import type { Logger } from "../../core/logger.js";
import type { ToolRegistry } from "../../gate/registry.js";
import { McpHub, type McpHubOptions } from "./client/hub.js";
import { savedSignIn } from "./client/oauth.js";
import { createMcpResourceTools } from "./client/resources.js";
import { writeStatus } from "./client/status.js";

export { McpHub, type McpHubOptions } from "./client/hub.js";
export { readStatus, type StatusFile } from "./client/status.js";
export type { ServerState, ServerStatus } from "./client/supervisor.js";
export { JarvisMcpService } from "./server/expose.js";

export interface McpDeps {
  config: JarvisConfig;
  paths: JarvisPaths;
  registry: ToolRegistry;
  env: NodeJS.ProcessEnv;
  clock: Clock;
  logger: Logger;
  onClose(fn: () => Promise<void> | void): void;
}

/**
 * The MCP servers of config.yaml, connected for a surface that runs tools (the agent, the
 * server): their tools join the registry as each comes up. Waits up to `waitMs` for the first
 * connections (a one-shot command wants them; the server does not wait). The running set is
 * written to JARVIS_HOME for `jarvis doctor`.
 */
export async function attachMcp(
  deps: McpDeps,
  options: { waitMs: number; version: string; keychain?: Keychain; hub?: Partial<McpHubOptions> },
): Promise<McpHub | undefined> {
  if (Object.keys(deps.config.mcp.servers).length === 0) return undefined;
  const keychain = options.keychain ?? systemKeychain({ env: deps.env });
  const hub = new McpHub({
    config: deps.config.mcp,
    registry: deps.registry,
    env: deps.env,
    keychain,
    home: deps.env.HOME ?? homedir(),
    clock: deps.clock,
    logger: deps.logger,
    version: options.version,
    authProvider: savedSignIn({ env: deps.env, keychain }),
    onChange: (statuses) => {
      try {
        writeStatus(deps.paths.home, statuses, deps.clock.now());
      } catch (error) {
        deps.logger.debug({ err: (error as Error).message }, "mcp status not written");
      }
    },
    ...options.hub,
  });
  deps.onClose(() => hub.close());
  for (const tool of createMcpResourceTools(hub))
    if (!deps.registry.has(tool.name)) deps.registry.register(tool);
  await hub.startWithin(options.waitMs);
  return hub;
}
