import { describe, expect, it } from "vitest";
import { ok, type ToolDefinition } from "../core/tool.js";
import { ToolRegistry } from "./registry.js";

const tool = (name: string, group: string): ToolDefinition => ({
  name,
  group,
  description: name,
  parameters: { type: "object", properties: {} },
  effects: ["read"],
  risk: "safe",
  execute: async () => ok(name),
});

describe("ToolRegistry.replaceGroup (an MCP server's catalog)", () => {
  it("swaps a group's tools in one step and leaves the others alone", () => {
    const registry = new ToolRegistry();
    registry.register(tool("files_read", "files"));
    registry.replaceGroup("mcp:s", [tool("s__a", "mcp:s"), tool("s__b", "mcp:s")]);
    registry.replaceGroup("mcp:s", [tool("s__b", "mcp:s"), tool("s__c", "mcp:s")]);
    expect(registry.list().map((t) => t.name)).toEqual(["files_read", "s__b", "s__c"]);
    registry.replaceGroup("mcp:s", []);
    expect(registry.list().map((t) => t.name)).toEqual(["files_read"]);
  });

  it("refuses a name another group owns, or a bad list, and keeps what was there", () => {
    const registry = new ToolRegistry();
    registry.register(tool("files_read", "files"));
    registry.replaceGroup("mcp:s", [tool("s__a", "mcp:s")]);
    expect(() => registry.replaceGroup("mcp:s", [tool("files_read", "mcp:s")])).toThrow(
      /cannot be registered in group mcp:s/,
    );
    expect(() => registry.replaceGroup("mcp:s", [tool("s__x", "mcp:s"), tool("Bad-Name", "mcp:s")])).toThrow(
      /must match/,
    );
    expect(registry.list().map((t) => t.name)).toEqual(["files_read", "s__a"]);
  });
});

describe("ToolRegistry schema checks", () => {
  // minLength must be a non-negative integer: only the meta-schema says so, ajv compiles it
  const bad = (name: string): ToolDefinition => ({
    ...tool(name, "x"),
    parameters: { type: "object", properties: { text: { type: "string", minLength: -1 } } },
  });

  it("checks a schema from outside the code against the meta-schema on its first call", () => {
    const registry = new ToolRegistry();
    registry.register(bad("outside"));
    expect(() => registry.get("outside")?.validate).toThrow(/does not compile: schema is invalid/);
  });

  it("compiles a built-in schema without the meta-schema, and compileAll still checks it", () => {
    const registry = new ToolRegistry();
    registry.registerAll([bad("inside"), tool("fine", "x")], { builtIn: true });
    expect(registry.get("inside")?.validate({ text: "hello" })).toBe(true);
    expect(registry.get("fine")?.validate({ extra: 1 })).toBe(false);
    expect(() => registry.compileAll()).toThrow(
      /tool inside: parameter schema does not compile: schema is invalid/,
    );
  });
});

describe("ToolRegistry.registerLazy (a one-shot CLI's catalog)", () => {
  it("lists described tools at once, loads their group once when one is readied, and keeps what was unregistered", async () => {
    const registry = new ToolRegistry();
    let loads = 0;
    const loaded = [
      { ...tool("g_a", "g"), description: "loaded a" },
      { ...tool("g_b", "g"), description: "loaded b" },
    ];
    registry.registerLazy([tool("g_a", "g"), tool("g_b", "g")], async () => {
      loads += 1;
      return loaded;
    });
    registry.register(tool("other", "x"));
    expect(registry.list().map((t) => t.name)).toEqual(["g_a", "g_b", "other"]);
    expect([registry.loaded("g_a"), registry.loaded("other")]).toEqual([false, true]);
    registry.unregister("g_b");
    await Promise.all([registry.ready(["g_a"]), registry.ready(["g_a", "other"]), registry.ready()]);
    expect(loads).toBe(1);
    expect(registry.get("g_a")?.definition.description).toBe("loaded a");
    expect(registry.loaded("g_a")).toBe(true);
    expect(registry.has("g_b")).toBe(false);
    expect(registry.list().map((t) => t.name)).toEqual(["g_a", "other"]);
  });
});
