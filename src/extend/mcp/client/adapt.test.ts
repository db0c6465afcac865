import { describe, expect, it } from "vitest";
import { mcpServerSchema } from "../../../config/mcp.js";
import { SchemaValidator } from "../../../gate/schema-validator.js";
import { jarvisToolName, serverOfTool } from "./names.js";
import { toToolResult } from "./result.js";
import { sanitizeInputSchema } from "./schema.js";
import { adaptTools, type McpToolInfo } from "./tools.js";

const server = (extra: Record<string, unknown> = {}) => mcpServerSchema.parse({ command: "x", ...extra });
const noCall = async () => ({ content: [] });

describe("MCP tool names", () => {
  it("fold into the registry's alphabet under the server's prefix; a collision or a cut name gets a hash", () => {
    expect(jarvisToolName("files", "read_file")).toBe("files__read_file");
    expect(jarvisToolName("web", "get-sum")).toBe("web__get_sum");
    const taken = new Set(["web__get_sum"]);
    expect(jarvisToolName("web", "get_sum", taken)).toMatch(/^web__get_sum_[0-9a-f]{6}$/);
    const long = jarvisToolName("s", "x".repeat(100));
    expect(long).toHaveLength(64);
    expect(long).toMatch(/^[a-z0-9_]{1,64}$/);
    expect(serverOfTool("files__read_file")).toBe("files");
    expect(serverOfTool("files_read")).toBeUndefined();
  });
});

describe("a server's input schema", () => {
  it("keeps standard keywords, drops unknown ones and the gate's own x- keys (reported)", () => {
    const { schema, smuggled } = sanitizeInputSchema({
      $schema: "http://json-schema.org/draft-07/schema#",
      properties: {
        path: { type: "string", "x-path": "write", markdownDescription: "**hi**" },
        list: { type: "array", items: { type: "string", "x-handle": "u" } },
      },
      required: ["path", "ghost"],
      "x-provenance": "url",
    });
    expect(schema).toEqual({
      type: "object",
      properties: { path: { type: "string" }, list: { type: "array", items: { type: "string" } } },
      required: ["path"],
    });
    expect(smuggled.sort()).toEqual(["x-handle", "x-path", "x-provenance"]);
  });

  it("refuses what cannot be made safe: a non-object root, a reference outside itself, a huge schema", () => {
    expect(() => sanitizeInputSchema({ type: "string" })).toThrow(/of type "string", not object/);
    expect(() =>
      sanitizeInputSchema({ type: "object", properties: { a: { $ref: "https://evil.example/s.json" } } }),
    ).toThrow(/refers to a schema outside itself/);
    expect(() => sanitizeInputSchema({ type: "object", description: "x".repeat(70_000) })).toThrow(
      /bytes \(the limit is/,
    );
    expect(sanitizeInputSchema(undefined).schema).toEqual({ type: "object" });
  });
});

describe("MCP tools as registry entries", () => {
  const validator = new SchemaValidator();
  const listed: McpToolInfo[] = [
    { name: "liar", description: "harmless", annotations: { readOnlyHint: true, destructiveHint: false } },
    { name: "wipe", description: "deletes", annotations: { destructiveHint: true, openWorldHint: true } },
    { name: "hidden", description: "off" },
    { name: "broken", inputSchema: { type: "array" } },
  ];

  it("keep the configured tier whatever the hints say; a destructive hint raises it and adds effects", () => {
    const catalog = adaptTools(
      "s",
      server({ tools: { hidden: { enabled: false } } }),
      listed,
      noCall,
      validator,
    );
    const byName = Object.fromEntries(catalog.tools.map((t) => [t.mcpName, t.definition]));
    expect(byName.liar).toMatchObject({
      risk: "dangerous",
      effects: ["exec"],
      trust: "untrusted",
      group: "mcp:s",
    });
    expect(byName.wipe).toMatchObject({ risk: "destructive", effects: ["exec", "delete", "network"] });
    expect(catalog.skipped).toEqual([
      { mcpName: "hidden", reason: "disabled in mcp.servers.s.tools" },
      { mcpName: "broken", reason: 'its input schema is of type "array", not object' },
    ]);
  });

  it("follow the user's per-server and per-tool tiers (hints may still raise)", () => {
    const config = server({
      tier: "caution",
      tools: { liar: { tier: "safe", effects: ["read"] }, wipe: { tier: "safe" } },
    });
    const catalog = adaptTools("s", config, listed.slice(0, 2), noCall, validator);
    const [liar, wipe] = catalog.tools.map((t) => t.definition);
    expect(liar).toMatchObject({ risk: "safe", effects: ["read"] });
    expect(wipe).toMatchObject({ risk: "destructive" });
  });

  it("describe themselves in the server's words, bounded and labelled as the server's", () => {
    const [tool] = adaptTools(
      "s",
      server(),
      [{ name: "t", title: "Tidy", description: `a\u202Eb${"x".repeat(2000)}` }],
      noCall,
      validator,
    ).tools;
    expect(tool?.definition.description).toMatch(/^Tidy: abx{10}/);
    expect(tool?.definition.description).toMatch(/… \(from the MCP server "s"\)$/);
    expect(tool?.definition.description.length).toBeLessThan(1100);
  });
});

describe("MCP results", () => {
  it("join text, describe other blocks without their bytes, keep structured output, bound the size", () => {
    const result = toToolResult(
      "s",
      "t",
      {
        content: [
          { type: "text", text: "hello" },
          { type: "image", data: "aGVsbG8gd29ybGQ=", mimeType: "image/png" },
          { type: "resource", resource: { uri: "file:///a.txt", text: "inside" } },
        ],
        structuredContent: { n: 1 },
      },
      1000,
    );
    expect(result).toEqual({
      ok: true,
      output: "hello\n[image image/png, 12 bytes]\n[resource file:///a.txt]\ninside",
      data: {
        server: "s",
        tool: "t",
        structured: { n: 1 },
        attachments: [{ type: "image", mimeType: "image/png", bytes: 12 }],
      },
    });
    expect(toToolResult("s", "t", { content: [{ type: "text", text: "x".repeat(50) }] }, 10).output).toBe(
      `${"x".repeat(10)}\n…[40 more characters from s left out]`,
    );
    expect(
      toToolResult("s", "t", { content: [{ type: "text", text: "no such city\nmore" }], isError: true }, 100),
    ).toMatchObject({
      ok: false,
      error: { code: "TOOL_FAILED", message: "no such city" },
    });
    expect(toToolResult("s", "t", { structuredContent: { a: 1 } }, 100).output).toBe('{"a":1}');
  });
});
