import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";

// The bundle as the build left it (test/global-setup.ts builds it): esbuild's chunks merged by
// Rollup (scripts/bundle-cli.mjs, decision 0043). A module's top-level state (a class whose
// instances are checked with instanceof, a registry, a cache) must exist once: in two chunks it
// would be two different things that each half of the code takes for the only one.
const dir = join(REPO_ROOT, "dist", "bundle");
const files = readdirSync(dir).filter((name) => name.endsWith(".js"));
const placement = JSON.parse(readFileSync(join(dir, "chunks.json"), "utf8")) as Record<string, string[]>;

describe("the merged CLI bundle", () => {
  it("places each of esbuild's chunks in exactly one merged chunk, and lists every chunk file", () => {
    const seen = new Map<string, string>();
    for (const [chunk, parts] of Object.entries(placement)) {
      for (const part of parts) {
        expect(seen.get(part), `${part} is in ${seen.get(part)} and ${chunk}`).toBeUndefined();
        seen.set(part, chunk);
      }
    }
    expect(seen.size).toBeGreaterThan(100);
    expect(Object.keys(placement).sort()).toEqual([...files].sort());
  });

  it("declares each stateful class of the core once across all chunks", () => {
    for (const name of ["JarvisError", "ToolRegistry", "Gate", "AuditLog", "SoftmaxClassifier"]) {
      const declared = new RegExp(`^(?:var|let|const) ${name} = class\\b|^class ${name}\\b`, "m");
      const where = files.filter((file) => declared.test(readFileSync(join(dir, file), "utf8")));
      expect(where, name).toHaveLength(1);
    }
  });

  it("imports only chunks that exist", () => {
    for (const file of files) {
      const text = readFileSync(join(dir, file), "utf8");
      for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+)"/g))
        expect(files, `${file} imports ${match[1]}`).toContain(match[1]);
    }
  });
});
