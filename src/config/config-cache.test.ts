import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempHome, type TempHome } from "../testing/home.js";
import { configKey, configReader, keepConfig, readConfigSource } from "./config-cache.js";
import { loadConfig } from "./load.js";

let temp: TempHome;
let path: string;
let cache: string;
beforeEach(() => {
  temp = createTempHome("jarvis-config-cache-");
  path = join(temp.jarvisHome, "config.yaml");
  cache = join(temp.jarvisHome, "cache");
});
afterEach(() => temp.cleanup());

/** What a one-shot command would read now: the reader for the file as it is, called. */
async function read(identity: string | null = "code-1") {
  return (await configReader(cache, identity ?? undefined, readConfigSource(path)))(path);
}

const kept = () => join(cache, "config.json");

describe("the kept config (a one-shot command's)", () => {
  it("is what loadConfig reads, and is read back on the next start instead of the file", async () => {
    temp.writeConfig("policy:\n  autonomy: ask_all\n");
    expect(await read()).toEqual(loadConfig(path));
    expect(existsSync(kept())).toBe(true);
    // The next start takes the kept copy: shown by a kept copy that says something else
    const key = configKey("code-1", readConfigSource(path))!;
    keepConfig(cache, key, {
      ...loadConfig(path),
      policy: { ...loadConfig(path).policy, autonomy: "full_auto" },
    });
    expect((await read()).policy.autonomy).toBe("full_auto");
  });

  it("a changed config file is read again, and kept again", async () => {
    temp.writeConfig("policy:\n  autonomy: ask_all\n");
    expect((await read()).policy.autonomy).toBe("ask_all");
    temp.writeConfig("policy:\n  autonomy: full_auto\n");
    expect((await read()).policy.autonomy).toBe("full_auto");
    expect((await read()).policy.autonomy).toBe("full_auto");
    writeFileSync(path, "");
    expect((await read()).policy.autonomy).toBe("smart");
  });

  it("no file means the defaults, kept apart from an empty file's", async () => {
    expect(await read()).toEqual(loadConfig(path));
    expect(configKey("code-1", { kind: "absent" })).not.toBe(configKey("code-1", { kind: "text", text: "" }));
  });

  it("a damaged, foreign or other code's kept file is ignored and written again, with no word", async () => {
    temp.writeConfig("server:\n  port: 7878\n");
    mkdirSync(cache, { recursive: true });
    for (const damaged of [
      "{not json",
      "[]",
      JSON.stringify({ magic: "other/1", key: "x", config: {} }),
      "",
    ]) {
      writeFileSync(kept(), damaged);
      expect((await read()).server.port).toBe(7878);
      expect(JSON.parse(readFileSync(kept(), "utf8")).config.server.port).toBe(7878);
    }
    // Kept by another build of the code: not taken
    const key = configKey("code-1", readConfigSource(path))!;
    keepConfig(cache, key, { ...loadConfig(path), server: { ...loadConfig(path).server, port: 1234 } });
    expect((await read("code-2")).server.port).toBe(7878);
  });

  it("a bad file is refused as loadConfig refuses it, when the runtime opens, and nothing is kept", async () => {
    temp.writeConfig("policy:\n  autonomy: yolo\n");
    const reader = await configReader(cache, "code-1", readConfigSource(path));
    expect(() => reader(path)).toThrow(
      "config.yaml: policy.autonomy must be one of ask_all, smart, full_auto",
    );
    expect(existsSync(kept())).toBe(false);
  });

  it("an unreadable file and code without an identity are not kept: the file is read as before", async () => {
    mkdirSync(path);
    await expect(read()).rejects.toThrow("config.yaml: cannot be read");
    expect(existsSync(kept())).toBe(false);
    rmSync(path, { recursive: true });
    temp.writeConfig("policy:\n  autonomy: ask_all\n");
    expect((await read(null)).policy.autonomy).toBe("ask_all");
    expect(existsSync(kept())).toBe(false);
  });
});
