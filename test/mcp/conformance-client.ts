/**
 * The client under test for the MCP conformance suite (`conformance client --command …`): it
 * gets the scenario's server URL as its last argument and drives Jarvis' own MCP client through
 * the gate, as Jarvis would: connect (OAuth when asked), list the tools, call each one through
 * `gate.call` (the user approves), answer elicitations by accepting the defaults.
 *
 * The authorization "browser" follows the authorization server's redirect without a person,
 * which is what the suite's authorization servers expect.
 */

import { loadConfig } from "../../src/config/load.js";
import { JarvisError } from "../../src/core/errors.js";
import { silentLogger } from "../../src/core/logger.js";
import type { JsonSchema } from "../../src/core/tool.js";
import { McpConnection } from "../../src/extend/mcp/client/connection.js";
import { groupOf } from "../../src/extend/mcp/client/names.js";
import { authorizeAndRetry, KeychainOAuthProvider } from "../../src/extend/mcp/client/oauth.js";
import { adaptTools } from "../../src/extend/mcp/client/tools.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { SchemaValidator } from "../../src/gate/schema-validator.js";
import { createRunScope } from "../../src/gate/scope.js";
import { composeRuntime } from "../../src/runtime/compose.js";
import { createTempHome } from "../../src/testing/home.js";
import { MemoryKeychain } from "../../src/testing/memory-keychain.js";

/** The client ID metadata document URL the suite's authorization servers accept. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";
const SERVER = "conformance";

async function main(url: string): Promise<void> {
  const context = process.env.MCP_CONFORMANCE_CONTEXT
    ? (JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) as { client_id?: string; client_secret?: string })
    : {};
  const temp = createTempHome("jarvis-conformance-");
  const env = { ...temp.env, CONFORMANCE_CLIENT_SECRET: context.client_secret ?? "" };
  temp.writeConfig(
    [
      "mcp:",
      "  servers:",
      `    ${SERVER}:`,
      `      url: ${JSON.stringify(url)}`,
      "      oauth:",
      `        client_metadata_url: ${CLIENT_METADATA_URL}`,
      ...(context.client_id ? [`        client_id: ${JSON.stringify(context.client_id)}`] : []),
      ...(context.client_secret ? ["        client_secret: { env: CONFORMANCE_CLIENT_SECRET }"] : []),
      "",
    ].join("\n"),
  );
  const runtime = composeRuntime({ env, logger: silentLogger, tools: () => [], loadConfig });
  const config = runtime.config.mcp.servers[SERVER];
  if (!config || !("url" in config)) throw new Error("config did not load");
  const sources = { env, keychain: new MemoryKeychain() };
  const provider = new KeychainOAuthProvider({
    server: SERVER,
    config,
    sources,
    redirectUrl: "http://127.0.0.1:3000/callback",
  });
  const validator = new SchemaValidator();
  const broker = new FixedConfirmationBroker("approve");
  try {
    await authorizeAndRetry({
      provider,
      serverUrl: url,
      authorize: followRedirect,
      operation: async () => {
        const connection = await McpConnection.open({
          server: SERVER,
          config,
          sources,
          home: temp.home,
          logger: silentLogger,
          clientVersion: "0.1.0",
          authProvider: provider,
          // A person who accepts what the server proposes, defaults included.
          elicit: async () => ({ action: "accept", content: {} }),
          onToolsChanged: () => {},
          onLost: () => {},
        });
        try {
          const listed = await connection.listTools();
          const catalog = adaptTools(
            SERVER,
            config,
            listed,
            (name, args, signal) => connection.callTool(name, args, signal),
            validator,
          );
          runtime.registry.replaceGroup(
            groupOf(SERVER),
            catalog.tools.map((t) => t.definition),
          );
          for (const tool of catalog.tools) {
            const outcome = await runtime.gate.call(
              { tool: tool.definition.name, args: sampleArguments(tool.definition.parameters) },
              createRunScope({ runId: runtime.ids.next("run"), broker }),
            );
            if (outcome.code === "AUTH_FAILED") throw new JarvisError("AUTH_FAILED", outcome.reason);
            if (outcome.status !== "ok")
              console.error(`${tool.mcpName}: ${outcome.status} ${outcome.observation}`);
          }
        } finally {
          await connection.close();
        }
      },
    });
  } finally {
    await runtime.close();
    temp.cleanup();
  }
}

/** The authorization server redirects at once (no person): read the code off the Location. */
async function followRedirect(authorizationUrl: URL): Promise<URLSearchParams> {
  const response = await fetch(authorizationUrl, { redirect: "manual" });
  const location = response.headers.get("location");
  if (!location) throw new Error(`no redirect from the authorization server (HTTP ${response.status})`);
  return new URL(location).searchParams;
}

/** The smallest arguments a schema accepts: its required keys, each with a plain value. */
function sampleArguments(schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.fromEntries(required.map((key) => [key, sampleValue(properties[key] ?? {})]));
}

function sampleValue(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case "number":
    case "integer":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return sampleArguments(schema);
    default:
      return "jarvis";
  }
}

const url = process.argv.at(-1);
if (!url?.startsWith("http")) {
  console.error("usage: conformance-client <server-url>");
  process.exit(2);
}
main(url).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof JarvisError ? error.toLine() : error);
    process.exit(1);
  },
);
