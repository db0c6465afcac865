import { afterAll, describe, expect, it } from "vitest";
import { createRuntime } from "../runtime/runtime.js";
import { createTempHome } from "../testing/home.js";

const temp = createTempHome();
afterAll(() => temp.cleanup());

describe("built-in catalog", () => {
  it("every tool has a unique model-safe name, a description, effects and a compiling schema", async () => {
    const runtime = createRuntime({ env: temp.env });
    try {
      const tools = runtime.registry.list();
      expect(tools.length).toBeGreaterThan(20);
      expect(() => runtime.registry.compileAll()).not.toThrow();
      for (const tool of tools) {
        expect(tool.name).toMatch(/^[a-z0-9_]{1,64}$/);
        expect(tool.group).toMatch(/^[a-z]+$/);
        expect(tool.description.length).toBeGreaterThan(10);
        expect(tool.effects.length).toBeGreaterThan(0);
      }
    } finally {
      await runtime.close();
    }
  });
});
