import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempHome, type TempHome } from "../testing/home.js";
import { loadConfig, parseConfigText } from "./load.js";
import { parseValue, setConfigValue } from "./write.js";

let temp: TempHome;
afterEach(() => temp?.cleanup());

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return "(no error)";
}

describe("config.yaml", () => {
  it("an empty or missing file means defaults", () => {
    expect(parseConfigText("").policy.autonomy).toBe("smart");
    expect(loadConfig("/nonexistent/config.yaml").server.port).toBe(7777);
  });

  it("names the key path and the allowed values", () => {
    expect(message(() => parseConfigText("policy:\n  autonomy: yolo\n"))).toBe(
      "config.yaml: policy.autonomy must be one of ask_all, smart, full_auto",
    );
    expect(message(() => parseConfigText("policy:\n  confirm_timeout_s: soon\n"))).toBe(
      "config.yaml: policy.confirm_timeout_s must be a number",
    );
    expect(message(() => parseConfigText("polcy: {}\n"))).toBe("config.yaml: polcy is not a known key");
    expect(message(() => parseConfigText("policy:\n  effects: { send: maybe }\n"))).toBe(
      "config.yaml: policy.effects.send must be one of auto, confirm, deny",
    );
    expect(message(() => parseConfigText("shell:\n  allow: ['rm -rf /']\n"))).toContain("shell.allow.0");
    expect(message(() => parseConfigText("server: { port: 99999 }\n"))).toBe(
      "config.yaml: server.port must be at most 65535",
    );
  });

  it("refuses broken YAML with its line", () => {
    expect(message(() => parseConfigText("policy:\n  autonomy: [smart\n"))).toMatch(
      /not valid YAML at line \d/,
    );
    expect(message(() => parseConfigText("- a\n- b\n"))).toContain("top level must be a mapping");
  });

  it("set keeps comments, validates before writing, and never rewrites a broken file", () => {
    temp = createTempHome();
    const file = join(temp.jarvisHome, "config.yaml");
    writeFileSync(file, "# my settings\npolicy:\n  autonomy: smart # default\n");
    setConfigValue(file, "policy.autonomy", parseValue("ask_all"));
    setConfigValue(file, "shell.allow", parseValue("[git, ls]"));
    const text = readFileSync(file, "utf8");
    expect(text).toContain("# my settings");
    expect(loadConfig(file).policy.autonomy).toBe("ask_all");
    expect(loadConfig(file).shell.allow).toEqual(["git", "ls"]);

    const before = readFileSync(file, "utf8");
    expect(message(() => setConfigValue(file, "policy.autonomy", "yolo"))).toContain(
      "policy.autonomy must be one of",
    );
    expect(message(() => setConfigValue(file, "nonsense.key", 1))).toContain("nonsense is not a known key");
    expect(message(() => setConfigValue(file, "Bad Key!", 1))).toContain("not a dotted key path");
    expect(readFileSync(file, "utf8")).toBe(before);

    writeFileSync(file, "policy: [unclosed\n");
    expect(message(() => setConfigValue(file, "policy.autonomy", "smart"))).toContain("not valid YAML");
    expect(readFileSync(file, "utf8")).toBe("policy: [unclosed\n");
  });

  it("parses CLI values with their YAML types", () => {
    expect(parseValue("true")).toBe(true);
    expect(parseValue("5")).toBe(5);
    expect(parseValue("smart")).toBe("smart");
    expect(parseValue("[a, b]")).toEqual(["a", "b"]);
  });
});
