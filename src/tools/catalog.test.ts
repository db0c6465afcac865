import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime } from "../runtime/runtime.js";
import { REPO_ROOT } from "../testing/cli.js";
import { createTempHome } from "../testing/home.js";
import { TOOL_GROUPS } from "./groups.js";

const temp = createTempHome();
afterAll(() => temp.cleanup());

describe("built-in catalog", () => {
  it("lists every tool group folder once; each contributes its tools, and all of them are registered", async () => {
    const folders = readdirSync(join(REPO_ROOT, "src", "tools"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...new Set(TOOL_GROUPS.map((g) => g.folder))].sort()).toEqual(folders);
    const runtime = createRuntime({ env: temp.env });
    try {
      let total = 0;
      for (const group of TOOL_GROUPS) {
        const tools = (await group.load())(runtime.deps);
        expect(tools.length, group.folder).toBeGreaterThan(0);
        for (const tool of tools) expect(runtime.registry.has(tool.name), tool.name).toBe(true);
        total += tools.length;
      }
      // Beside the built-in groups: the service's (routines, alerts) and the extensions' tools
      const others = runtime.registry
        .list()
        .filter((tool) => !TOOL_GROUPS.some((g) => g.folder === tool.group));
      expect(runtime.registry.list().length).toBe(total + others.length);
      const extraGroups = [
        "routines",
        "alerts",
        "notify",
        "skills",
        "factory",
        "sandbox",
        "generated",
        "system",
      ];
      expect(others.map((tool) => tool.group).filter((group) => !extraGroups.includes(group))).toEqual([]);
    } finally {
      await runtime.close();
    }
  });

  it("every tool has a unique model-safe name, a description, effects and a compiling schema", async () => {
    const runtime = createRuntime({ env: temp.env });
    try {
      const tools = runtime.registry.list();
      expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
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
