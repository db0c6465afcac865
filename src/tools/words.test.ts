import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../core/clock.js";
import type { JsonSchema } from "../core/tool.js";
import { hasWords } from "../gate/describe-call.js";
import { callDescriber } from "../runtime/describe-call.js";
import { createRuntime } from "../runtime/runtime.js";
import { createTempHome } from "../testing/home.js";

const temp = createTempHome();
afterAll(() => temp.cleanup());

/** Arguments of the right types for a schema ("sample" for text), to hear a tool's words. */
function sampleArgs(schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, sampleValue(property)]),
  );
}

function sampleValue(property: JsonSchema): unknown {
  const type = Array.isArray(property.type) ? property.type[0] : property.type;
  if (Array.isArray(property.enum)) return property.enum[0];
  if (type === "number" || type === "integer")
    return typeof property.minimum === "number" ? property.minimum : 5;
  if (type === "boolean") return false;
  if (type === "array") return [sampleValue((property.items ?? {}) as JsonSchema)];
  if (type === "object") return {};
  return "sample";
}

// Every line the person reads of a call (its progress, its question, "done without asking") is
// its tool's words; a tool with none shows "Working on it" and asks "Change your files or
// settings?". Every built-in tool, the service's and the extensions' included, has words.
describe("every tool says its calls in words", () => {
  it("has a describer (its intents' describe, or its own says)", async () => {
    const runtime = createRuntime({ env: temp.env });
    try {
      const tools = runtime.registry.list();
      await runtime.registry.ready(tools.map((tool) => tool.name));
      const loaded = runtime.registry.list();
      expect(loaded.length).toBeGreaterThan(100);
      const silent = loaded.filter((tool) => !hasWords(tool)).map((tool) => `${tool.group}/${tool.name}`);
      expect(silent, "tools with no words of their own").toEqual([]);
    } finally {
      await runtime.close();
    }
  });

  it("never names a tool or a handle in them", async () => {
    const runtime = createRuntime({ env: temp.env });
    try {
      await runtime.registry.ready(runtime.registry.list().map((tool) => tool.name));
      const say = callDescriber(
        runtime.config,
        temp.env,
        new ManualClock(Date.parse("2026-03-02T10:00:00Z")),
      );
      const heard: string[] = [];
      for (const tool of runtime.registry.list()) {
        const words = await say(tool, sampleArgs(tool.parameters));
        if (!words) continue;
        heard.push(words);
        expect(words, tool.name).not.toMatch(/\b[a-z]+_[a-z_]+\b|#[a-z]\d/);
        // "sample" is no date: a describer that cannot read one says nothing, never "NaN"
        expect(words, tool.name).not.toMatch(/\b(?:undefined|NaN|null|Invalid Date)\b/);
      }
      // Most tools read these stand-in arguments; the check above is not vacuous
      expect(heard.length).toBeGreaterThan(80);
    } finally {
      await runtime.close();
    }
  });
});
