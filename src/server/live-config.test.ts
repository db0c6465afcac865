import { describe, expect, it } from "vitest";
import { configSchema, defaultConfig } from "../config/schema.js";
import { changedSettings, FOLLOWING, followingOf, pendingRestart, restartOnly } from "./live-config.js";

const config = (patch: Record<string, unknown>) => configSchema.parse(patch);

describe("how the running service follows config.yaml", () => {
  it("decides for every setting of the schema: read at use, rebuilt, or said to wait for a restart", () => {
    const defaults = defaultConfig() as unknown as Record<string, Record<string, unknown>>;
    const undecided = Object.entries(defaults).flatMap(([section, value]) =>
      followingOf(section)
        ? []
        : Object.keys(value)
            .map((key) => `${section}.${key}`)
            .filter((path) => !followingOf(path)),
    );
    expect(undecided).toEqual([]);
    // And nothing in the table that the schema does not have
    for (const path of Object.keys(FOLLOWING)) {
      const [section, key] = path.split(".");
      expect(section! in defaults, path).toBe(true);
      // A key the (strict) schema does not know is refused as unrecognized, whatever its value
      const parsed = configSchema.safeParse({ [section!]: key ? { [key]: null } : {} });
      const unknown = parsed.error?.issues.some((issue) => issue.code === "unrecognized_keys") ?? false;
      expect([path, unknown]).toEqual([path, false]);
    }
  });

  it("says each setting that waits for a restart in words, with the value in the file and the one in use", () => {
    const started = config({});
    const file = config({
      server: { port: 7799 },
      service: { speak_alerts: true },
      voice: { tts: "piper" },
      policy: { autonomy: "ask_all" },
      models: { fast_path_threshold: 0.8 },
    });
    expect(changedSettings(started, file)).toEqual([
      "policy",
      "models",
      "service.speak_alerts",
      "voice",
      "server.port",
    ]);
    expect(restartOnly(changedSettings(started, file))).toEqual([
      "service.speak_alerts",
      "voice",
      "server.port",
    ]);
    expect(pendingRestart(started, file, { "server.port": 41234 })).toEqual([
      "config.yaml sets speaking alerts aloud to on, but Jarvis still uses off: it applies when Jarvis restarts.",
      "config.yaml changes the voice settings (wake word, speech recognition and voice): it applies when Jarvis restarts.",
      "config.yaml sets the port Jarvis listens on to 7799, but Jarvis still uses 41234: it applies when Jarvis restarts.",
    ]);
    expect(pendingRestart(started, started)).toEqual([]);
  });
});
