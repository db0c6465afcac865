import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ValidateFunction } from "ajv";
import { afterAll, describe, expect, it } from "vitest";
import { type JsonSchema, ok, type ToolDefinition } from "../core/tool.js";
import { createRuntime } from "../runtime/runtime.js";
import { createTempHome } from "../testing/home.js";
import { KeptValidators } from "./kept-validators.js";
import { ToolRegistry } from "./registry.js";

const temp = createTempHome();
afterAll(() => temp.cleanup());

/** ajv's compiled validators carry their schema environment; kept (standalone) code does not. */
const fromAjv = (validate: ValidateFunction) => "schemaEnv" in validate;

/** Arguments around a schema: nothing, an unknown key, and per property a plausible and a wrong value. */
function samples(schema: JsonSchema): unknown[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const plausible = (property: JsonSchema): unknown => {
    if (Array.isArray(property.enum)) return property.enum[0];
    switch (property.type) {
      case "string":
        return property.format === "date" ? "2026-01-31" : "x".repeat(Number(property.minLength ?? 1));
      case "integer":
      case "number":
        return Number(property.minimum ?? 1);
      case "boolean":
        return true;
      case "array":
        return [];
      case "object":
        return {};
      default:
        return "x";
    }
  };
  const all = Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, plausible(p)]));
  const out: unknown[] = [{}, { unknown_key: 1 }, all];
  for (const [key, property] of Object.entries(properties)) {
    out.push({ [key]: plausible(property) });
    out.push({ ...all, [key]: property.type === "string" ? 12 : "twelve" });
    if (property.type === "string") out.push({ ...all, [key]: "" }, { ...all, [key]: "y".repeat(300_000) });
  }
  return out;
}

const decide = (validate: ValidateFunction, args: unknown) => {
  const copy = structuredClone(args);
  const valid = validate(copy);
  const error = validate.errors?.[0];
  return {
    valid,
    copy,
    error: error && { keyword: error.keyword, path: error.instancePath, params: error.params },
  };
};

describe("kept validators (ajv's standalone code of built-in schemas)", () => {
  it("decide every built-in tool's arguments as ajv does: same verdict, first error and defaults", () => {
    const runtime = createRuntime({ env: temp.env });
    let tools: ToolDefinition[];
    try {
      tools = runtime.registry.list();
    } finally {
      void runtime.close();
    }
    expect(tools.length).toBeGreaterThan(100);
    const dir = join(temp.dir, "cache-all");
    const compiling = new ToolRegistry({ kept: new KeptValidators(dir, "identity-a") });
    const plain = new ToolRegistry();
    compiling.registerAll(tools, { builtIn: true });
    plain.registerAll(tools, { builtIn: true });
    // Compiled by ajv and kept (a tool whose schema is another's, byte for byte, reads its file)
    for (const tool of tools) compiling.get(tool.name)!.validate;
    const reading = new ToolRegistry({ kept: new KeptValidators(dir, "identity-a") });
    reading.registerAll(tools, { builtIn: true });
    for (const tool of tools) {
      const kept = reading.get(tool.name)!.validate;
      expect(fromAjv(kept), tool.name).toBe(false);
      const ajv = plain.get(tool.name)!.validate;
      for (const args of samples(tool.parameters))
        expect(decide(kept, args), `${tool.name} ${JSON.stringify(args).slice(0, 80)}`).toEqual(
          decide(ajv, args),
        );
    }
  });

  const schema: JsonSchema = {
    type: "object",
    properties: {
      when: { type: "string", format: "date" },
      count: { type: "integer", minimum: 1, default: 3 },
    },
    required: ["when"],
  };
  const tool: ToolDefinition = {
    name: "demo_tool",
    group: "demo",
    description: "demo",
    parameters: schema,
    effects: ["read"],
    risk: "safe",
    execute: async () => ok(""),
  };
  const registryWith = (dir: string, identity = "identity-b", builtIn = true) => {
    const registry = new ToolRegistry({ kept: new KeptValidators(dir, identity) });
    registry.register(tool, { builtIn });
    return registry;
  };
  const keptFiles = (dir: string) =>
    readdirSync(join(dir, "validators"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));

  it("keeps a compiled schema once, reads it back, and checks with it (formats, defaults)", () => {
    const dir = join(temp.dir, "cache-one");
    expect(fromAjv(registryWith(dir).get("demo_tool")!.validate)).toBe(true);
    expect(keptFiles(dir)).toHaveLength(1);
    const validate = registryWith(dir).get("demo_tool")!.validate;
    expect(fromAjv(validate)).toBe(false);
    const args: Record<string, unknown> = { when: "2026-02-28" };
    expect(validate(args)).toBe(true);
    expect(args.count).toBe(3);
    expect(validate({ when: "2026-02-30" })).toBe(false);
    expect(validate({ when: "2026-02-28", extra: 1 })).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe("additionalProperties");
  });

  it("ignores a damaged or edited file and writes it again; another code's folder goes", async () => {
    const dir = join(temp.dir, "cache-damaged");
    mkdirSync(join(dir, "validators", "other-code"), { recursive: true });
    registryWith(dir).get("demo_tool")!.validate;
    expect(existsSync(join(dir, "validators", "other-code"))).toBe(false);
    const [file] = keptFiles(dir);
    const good = readFileSync(file!, "utf8");
    for (const bad of [
      good.slice(0, good.length / 2),
      good.replace("module.exports = validate", "module.exports = 1 || validate"),
      "not a file",
    ]) {
      writeFileSync(file!, bad);
      expect(fromAjv(registryWith(dir).get("demo_tool")!.validate)).toBe(true);
      expect(readFileSync(file!, "utf8")).toBe(good);
    }
    // A file whose code asks for another module is not run, even with a matching digest
    const { createHash } = await import("node:crypto");
    const foreign = 'require("node:child_process");module.exports = () => true;';
    writeFileSync(file!, `// ${createHash("sha256").update(foreign).digest("hex")}\n${foreign}`);
    expect(fromAjv(registryWith(dir).get("demo_tool")!.validate)).toBe(true);
  });

  it("keeps nothing for a schema from outside the code, and another identity reads nothing", async () => {
    const dir = join(temp.dir, "cache-untrusted");
    registryWith(dir, "identity-c", false).get("demo_tool")!.validate;
    expect(existsSync(join(dir, "validators"))).toBe(false);
    registryWith(dir, "identity-c").get("demo_tool")!.validate;
    expect(fromAjv(registryWith(dir, "identity-d").get("demo_tool")!.validate)).toBe(true);
  });

  it("ready() loads ajv only when a named tool has no kept validator, and validation works either way", async () => {
    const dir = join(temp.dir, "cache-ready");
    const first = registryWith(dir);
    await first.ready(["demo_tool"]);
    expect(first.get("demo_tool")!.validate({ when: "2026-01-01" })).toBe(true);
    const second = registryWith(dir);
    await second.ready(["demo_tool", "no_such_tool"]);
    const validate = second.get("demo_tool")!.validate;
    expect(fromAjv(validate)).toBe(false);
    expect(validate({})).toBe(false);
  });
});
