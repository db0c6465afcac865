import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HttpError } from "./errors.js";
import { applyMergePatch, patchPaths, redactSettings, updateSettings } from "./settings.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function configFile(text?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-settings-"));
  dirs.push(dir);
  const path = join(dir, "config.yaml");
  if (text !== undefined) writeFileSync(path, text);
  return path;
}
function refusal(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("merge patch", () => {
  it("merges objects, replaces arrays and scalars, deletes on null", () => {
    expect(applyMergePatch({ a: { b: 1, c: 2 }, d: [1, 2] }, { a: { b: null, e: 3 }, d: [3] })).toEqual({
      a: { c: 2, e: 3 },
      d: [3],
    });
    expect(applyMergePatch(undefined, { a: { b: null } })).toEqual({ a: {} });
    expect(patchPaths({ policy: { autonomy: "smart", tools: { x: null } }, files: {} })).toEqual([
      ["policy", "autonomy"],
      ["policy", "tools", "x"],
      ["files"],
    ]);
  });

  it("redacts secret values but not the names of where secrets live", () => {
    expect(
      redactSettings({
        a: {
          password: "p",
          password_env: "P",
          api_key_env: "K",
          api_key: "k",
          access_token_keychain: "t",
          token: "x",
        },
      }),
    ).toEqual({
      a: {
        password: "[redacted]",
        password_env: "P",
        api_key_env: "K",
        api_key: "[redacted]",
        access_token_keychain: "t",
        token: "[redacted]",
      },
    });
  });
});

describe("updateSettings", () => {
  const original = "# keep me\npolicy:\n  autonomy: smart # inline\nshell:\n  allow: [git]\n";

  it("refuses invalid values naming the key path, writing nothing", () => {
    const path = configFile(original);
    for (const [patch, key] of [
      [{ policy: { autonomy: "yolo" } }, "policy.autonomy"],
      [{ shell: { allow: ["rm -rf"] } }, "shell.allow.0"],
      [{ server: { port: 70_000 } }, "server.port"],
      [{ policy: { surprise: 1 } }, "policy"],
    ] as const) {
      const error = refusal(() => updateSettings(path, patch));
      expect(error.status).toBe(400);
      expect(error.extra.path).toBe(key);
    }
    for (const patch of [null, [], "x", {}, { a: "[redacted]" }]) {
      expect(refusal(() => updateSettings(path, patch)).status).toBe(400);
    }
    expect(readFileSync(path, "utf8")).toBe(original);
  });

  it("never rewrites a config.yaml it cannot parse", () => {
    const path = configFile("policy: [unclosed\n");
    expect(() => updateSettings(path, { policy: { autonomy: "smart" } })).toThrow(/not valid YAML/);
    expect(readFileSync(path, "utf8")).toBe("policy: [unclosed\n");
  });

  it("edits only the touched keys, keeps comments, and says what needs a restart", () => {
    const path = configFile(original);
    const result = updateSettings(path, {
      policy: { autonomy: "ask_all", tools: { shell_run: "deny" } },
      shell: { allow: null },
      server: { port: 7788 },
    });
    expect(result.config.policy).toMatchObject({ autonomy: "ask_all", tools: { shell_run: "deny" } });
    expect(result.config.shell.allow).toContain("ls"); // back to the default
    // policy, files and shell are read at each call; the port only at start
    expect(result.restartRequired).toEqual(["server.port"]);
    const text = readFileSync(path, "utf8");
    expect(text).toContain("# keep me");
    expect(text).toContain("autonomy: ask_all # inline");
    expect(text).not.toContain("allow");
  });

  it("creates config.yaml when there is none", () => {
    const path = configFile();
    updateSettings(path, { models: { primary: { provider: "ollama", model: "qwen3:8b" } } });
    expect(readFileSync(path, "utf8")).toMatch(/provider: ollama/);
  });
});
