import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../testing/cli.js";
import { codeFile, codeLayout } from "./package-root.js";

const url = (...path: string[]) => pathToFileURL(join(REPO_ROOT, ...path)).href;

describe("codeLayout: Jarvis's files from any of its modules", () => {
  it("finds the package from the sources, the compiled tree and a bundle chunk alike", () => {
    expect(codeLayout(import.meta.url)).toEqual({ root: REPO_ROOT, tree: "src" });
    expect(codeLayout(url("dist", "brain", "nlu", "build.js"))).toEqual({ root: REPO_ROOT, tree: "dist" });
    expect(codeLayout(url("dist", "bundle", "chunk-ABC123.js"))).toEqual({ root: REPO_ROOT, tree: "dist" });
  });

  it("names each shipped file where the build puts it, bundled or not", () => {
    // The module asking may be a bundle chunk: the files are still the compiled tree's
    for (const from of [
      url("dist", "bundle", "chunk-ABC123.js"),
      url("dist", "extend", "sandbox", "layout.js"),
    ]) {
      expect(codeFile(from, "brain/nlu/train-worker")).toBe(
        join(REPO_ROOT, "dist/brain/nlu/train-worker.js"),
      );
      expect(codeFile(from, "extend/sandbox/net-bridge")).toBe(
        join(REPO_ROOT, "dist/extend/sandbox/net-bridge.js"),
      );
    }
    expect(codeFile(import.meta.url, "extend/sandbox/quickjs-worker")).toBe(
      join(REPO_ROOT, "src/extend/sandbox/quickjs-worker.ts"),
    );
    // dist/ is built before tests run (test/global-setup.ts): the named files exist
    for (const name of [
      "brain/nlu/train-worker",
      "extend/sandbox/net-bridge",
      "extend/sandbox/quickjs-worker",
    ])
      expect(existsSync(codeFile(url("dist", "bundle", "main.js"), name)), name).toBe(true);
  });

  const temp = mkdtempSync(join(tmpdir(), "jarvis-layout-"));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it("stops at the nearest package.json (an installed copy under node_modules)", () => {
    const pkg = join(temp, "node_modules", "jarvis");
    mkdirSync(join(pkg, "dist", "bundle"), { recursive: true });
    writeFileSync(join(temp, "package.json"), "{}");
    writeFileSync(join(pkg, "package.json"), "{}");
    expect(codeLayout(pathToFileURL(join(pkg, "dist", "bundle", "main.js")).href).root).toBe(pkg);
  });
});
