import { afterEach, describe, expect, it } from "vitest";
import { FakeRunner, fakeProbe } from "../../platform/fake.js";
import { createLinuxPlatform } from "../../platform/linux/index.js";
import { SCRIPTS } from "../../platform/macos/osascript.js";
import { desktopHarness } from "../../testing/desktop-harness.js";
import { createMediaTools } from "./index.js";
import { MacPlayerSettings, PlayerctlSettings, SETTINGS_SCRIPTS } from "./settings.js";

describe("shuffle and repeat through playerctl (argv contract)", () => {
  it("sets shuffle and loop with one argv each; a toggle reads the state first", async () => {
    const fake = new FakeRunner().on("playerctl", ["shuffle"], (call) => ({
      stdout: call.args.length === 1 ? "On\n" : "",
    }));
    const settings = new PlayerctlSettings(fake.run);
    expect(await settings.shuffle(true)).toEqual({ shuffle: true });
    expect(await settings.shuffle(false)).toEqual({ shuffle: false });
    expect(await settings.shuffle(undefined)).toEqual({ shuffle: false });
    await settings.repeat("none");
    await settings.repeat("track");
    await settings.repeat("playlist");
    expect(fake.argv()).toEqual([
      ["playerctl", "shuffle", "On"],
      ["playerctl", "shuffle", "Off"],
      ["playerctl", "shuffle"],
      ["playerctl", "shuffle", "Off"],
      ["playerctl", "loop", "None"],
      ["playerctl", "loop", "Track"],
      ["playerctl", "loop", "Playlist"],
    ]);
  });

  it("says when no player runs, when the player cannot shuffle, and other failures in one line", async () => {
    const none = new FakeRunner().on("playerctl", [], { code: 1, stderr: "No players found\n" });
    await expect(new PlayerctlSettings(none.run).shuffle(true)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "no media player is running",
    });
    const fixed = new FakeRunner()
      .on("playerctl", ["shuffle"], { code: 1, stderr: "No player could handle this command\n" })
      .on("playerctl", ["loop"], {
        code: 1,
        stderr:
          "Could not execute command: GDBus.Error:org.freedesktop.DBus.Error.InvalidArgs: No such property “LoopStatus”\n",
      });
    await expect(new PlayerctlSettings(fixed.run).shuffle(undefined)).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "the media player that is running cannot change shuffle",
    });
    await expect(new PlayerctlSettings(fixed.run).repeat("track")).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "the media player that is running cannot change repeat",
    });
    const broken = new FakeRunner().on("playerctl", [], { code: 2, stderr: "boom\nmore\n" });
    await expect(new PlayerctlSettings(broken.run).repeat("none")).rejects.toMatchObject({
      code: "TOOL_FAILED",
      message: "playerctl loop None failed: boom",
    });
  });
});

describe("shuffle and repeat through osascript (argv contract)", () => {
  it("drives Music with constant scripts and data only in argv", async () => {
    const fake = new FakeRunner()
      .on("osascript", ["-"], { stdout: "Music\n" })
      .on("osascript", ["-", "shuffle"], { stdout: "true\n" });
    const settings = new MacPlayerSettings(fake.run);
    expect(await settings.shuffle(undefined)).toEqual({ player: "Music", shuffle: true });
    expect(await settings.repeat("track")).toEqual({ player: "Music" });
    expect(fake.argv()).toEqual([
      ["osascript", "-"],
      ["osascript", "-", "shuffle", "toggle"],
      ["osascript", "-"],
      ["osascript", "-", "repeat", "track"],
    ]);
    expect(fake.calls.map((c) => c.input)).toEqual([
      SCRIPTS.whichPlayer,
      SETTINGS_SCRIPTS.music,
      SCRIPTS.whichPlayer,
      SETTINGS_SCRIPTS.music,
    ]);
  });

  it("drives Spotify, and refuses to loop one song there without running anything", async () => {
    const fake = new FakeRunner()
      .on("osascript", ["-"], { stdout: "Spotify\n" })
      .on("osascript", ["-", "shuffle"], { stdout: "false\n" });
    const settings = new MacPlayerSettings(fake.run);
    expect(await settings.shuffle(false)).toEqual({ player: "Spotify", shuffle: false });
    expect(await settings.repeat("playlist")).toEqual({ player: "Spotify" });
    await expect(settings.repeat("track")).rejects.toMatchObject({ code: "UNAVAILABLE" });
    expect(fake.argv()).toEqual([
      ["osascript", "-"],
      ["osascript", "-", "shuffle", "off"],
      ["osascript", "-"],
      ["osascript", "-", "repeat", "playlist"],
      ["osascript", "-"],
    ]);
    expect(fake.calls[1]?.input).toBe(SETTINGS_SCRIPTS.spotify);
  });
});

describe("media_shuffle and media_repeat through the gate", () => {
  let harness: ReturnType<typeof desktopHarness> | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  const setup = (programs = ["playerctl"]) => {
    const fake = new FakeRunner().on("playerctl", ["shuffle"], { stdout: "Off\n" });
    const platform = createLinuxPlatform({
      run: fake.run,
      launcher: async () => ({ pid: 1 }),
      probe: fakeProbe(programs),
    });
    harness = desktopHarness(platform, [
      (deps, p) => createMediaTools(deps, p, new PlayerctlSettings(fake.run)),
    ]);
    return { fake, harness };
  };

  it("reports the state now in force, without asking (caution)", async () => {
    const { harness, fake } = setup();
    const toggled = await harness.call("media_shuffle", {});
    expect(toggled).toMatchObject({ status: "ok", tier: "caution", observation: "Shuffle is on." });
    expect((await harness.call("media_shuffle", { on: false })).observation).toBe("Shuffle is off.");
    expect((await harness.call("media_repeat", { mode: "track" })).observation).toBe("Repeating this track.");
    expect((await harness.call("media_repeat", { mode: "none" })).observation).toBe("Repeat is off.");
    expect(harness.broker.seen).toEqual([]);
    expect(fake.argv().slice(-2)).toEqual([
      ["playerctl", "loop", "Track"],
      ["playerctl", "loop", "None"],
    ]);
  });

  it.each([
    ["media_repeat", {}, 'missing required key "mode"'],
    ["media_repeat", { mode: "shuffle" }, "mode must be one of none, track, playlist"],
    ["media_repeat", { mode: "track", times: 2 }, 'unexpected key "times"'],
    ["media_shuffle", { on: "yes" }, "on must be boolean"],
  ])("refuses %s %j with one line and runs nothing", async (tool, args, message) => {
    const { harness, fake } = setup();
    const outcome = await harness.call(tool, args);
    expect(outcome.status).toBe("refused");
    expect(outcome.observation).toContain(message);
    expect(outcome.observation.split("\n")).toHaveLength(1);
    expect(fake.calls).toEqual([]);
  });

  it("names the missing program instead of running", async () => {
    const { harness, fake } = setup([]);
    const outcome = await harness.call("media_shuffle", { on: true });
    expect(outcome.code).toBe("UNAVAILABLE");
    expect(outcome.observation).toContain("playerctl");
    expect(fake.calls).toEqual([]);
  });
});
