import { describe, expect, it } from "vitest";
import { parseConfigText } from "./load.js";

const errorOf = (yaml: string) => {
  try {
    parseConfigText(yaml);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};
const server = (lines: string) => `mcp:\n  servers:\n    s:\n${lines.replace(/^/gm, "      ")}\n`;

describe("the mcp section of config.yaml", () => {
  it("takes stdio and HTTP servers with secrets as references, and fills the defaults", () => {
    const config = parseConfigText(
      server(
        "command: npx\nargs: [-y, pkg]\nenv: { API_KEY: { keychain: mcp/s/API_KEY }, LOG_LEVEL: debug }",
      ),
    );
    expect(config.mcp.servers.s).toMatchObject({
      tier: "dangerous",
      effects: ["exec"],
      timeout_s: 60,
      max_output_kb: 1024,
    });
    expect(
      parseConfigText(server("url: https://x.example/mcp\nheaders: { X-Token: { env: X_TOKEN } }")).mcp
        .servers.s,
    ).toMatchObject({
      url: "https://x.example/mcp",
    });
  });

  it("refuses a secret written inline, naming the key path", () => {
    expect(errorOf(server("command: x\nenv: { OPENAI_API_KEY: sk-abcdefghijklmnopqrstuvwx }"))).toMatch(
      /^config\.yaml: mcp\.servers\.s\.env\.OPENAI_API_KEY is a secret written inline/,
    );
    expect(errorOf(server("command: x\nenv: { HARMLESS: 'Bearer abcdefghijkl' }"))).toMatch(
      /mcp\.servers\.s\.env\.HARMLESS is a secret/,
    );
    expect(errorOf(server("command: x\nargs: ['--api-key=abcdefgh12345']"))).toMatch(
      /mcp\.servers\.s\.args\.0 carries a secret inline/,
    );
    expect(errorOf(server("url: https://user:pw@x.example/mcp"))).toMatch(
      /mcp\.servers\.s\.url carries a user or password/,
    );
    expect(errorOf(server("url: https://x.example/mcp?api_key=abc"))).toMatch(
      /mcp\.servers\.s\.url carries a secret in \?api_key=/,
    );
    expect(errorOf(server("url: https://x.example/mcp\nheaders: { Cookie: 'session=abc' }"))).toMatch(
      /headers\.Cookie is a secret/,
    );
  });

  it("names what is wrong with a server's shape or name", () => {
    expect(errorOf(server("args: [x]"))).toBe(
      "config.yaml: mcp.servers.s needs command (a stdio server) or url (a Streamable HTTP server)",
    );
    expect(errorOf("mcp:\n  servers:\n    my__srv:\n      command: x\n")).toMatch(
      /mcp\.servers\.my__srv is not a usable server name: must not contain __/,
    );
    expect(errorOf(server("command: x\ntools: { t: { tier: maybe } }"))).toMatch(
      /mcp\.servers\.s\.tools\.t\.tier must be one of/,
    );
  });
});
