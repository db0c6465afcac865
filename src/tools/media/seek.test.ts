import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createNlu } from "../../brain/nlu/index.js";
import { parseTemplate } from "../../brain/nlu/template.js";
import { FakeRunner, fakeProbe } from "../../platform/fake.js";
import { createLinuxPlatform } from "../../platform/linux/index.js";
import { SCRIPTS } from "../../platform/macos/osascript.js";
import { desktopHarness } from "../../testing/desktop-harness.js";
import { builtinToolsForNlu } from "../../testing/index.js";
import { createMediaTools } from "./index.js";
import { clockTime, describeSeek, MacPlayerSeeker, PlayerctlSeeker, SEEK_SCRIPTS, span } from "./seek.js";

const WHERE = ["metadata", "--format", "{{position}} {{mpris:length}}"];

describe("seek through playerctl (argv contract)", () => {
  it("seeks relatively with N+ / N- and jumps to a time after checking the track's length", async () => {
    const fake = new FakeRunner().on("playerctl", ["metadata"], { stdout: "65000012 200000000\n" });
    const seeker = new PlayerctlSeeker(fake.run);
    expect(await seeker.seek({ by: 30 })).toEqual({ position: 65.000012, length: 200 });
    await seeker.seek({ by: -10 });
    await seeker.seek({ by: 2.5 });
    await seeker.seek({ to: 65 });
    expect(fake.argv()).toEqual([
      ["playerctl", "position", "30+"],
      ["playerctl", ...WHERE],
      ["playerctl", "position", "10-"],
      ["playerctl", ...WHERE],
      ["playerctl", "position", "2.5+"],
      ["playerctl", ...WHERE],
      ["playerctl", ...WHERE],
      ["playerctl", "position", "65"],
      ["playerctl", ...WHERE],
    ]);
  });

  it("refuses a time past the end of the track without jumping (players ignore it silently)", async () => {
    const fake = new FakeRunner().on("playerctl", ["metadata"], { stdout: "0 200000000\n" });
    await expect(new PlayerctlSeeker(fake.run).seek({ to: 252 })).rejects.toMatchObject({
      code: "ARGS_INVALID",
      message: "4:12 is past the end of this track (3:20)",
      fix: "pick a time up to 3:20",
    });
    expect(fake.argv()).toEqual([["playerctl", ...WHERE]]);
  });

  it("still jumps and succeeds when the player reports no position or length (a stream)", async () => {
    const fake = new FakeRunner()
      .on("playerctl", ["metadata"], { stdout: " \n" })
      .on("playerctl", ["metadata"], { code: 1, stderr: "No metadata\n" });
    const seeker = new PlayerctlSeeker(fake.run);
    expect(await seeker.seek({ to: 5000 })).toEqual({});
    expect(await seeker.seek({ by: 30 })).toEqual({});
    expect(fake.argv().filter((a) => a[1] === "position")).toEqual([
      ["playerctl", "position", "5000"],
      ["playerctl", "position", "30+"],
    ]);
  });

  it("says when no player runs, when it cannot seek, and other failures in one line", async () => {
    const none = new FakeRunner().on("playerctl", [], { code: 1, stderr: "No players found\n" });
    for (const target of [{ by: 30 }, { to: 10 }]) {
      await expect(new PlayerctlSeeker(none.run).seek(target)).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "no media player is running",
      });
    }
    expect(none.argv()).toEqual([
      ["playerctl", "position", "30+"],
      ["playerctl", ...WHERE],
    ]);
    const fixed = new FakeRunner().on("playerctl", ["position"], {
      code: 1,
      stderr: "No player could handle this command\n",
    });
    await expect(new PlayerctlSeeker(fixed.run).seek({ by: -10 })).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "the media player that is running cannot seek",
    });
    const broken = new FakeRunner().on("playerctl", ["position"], { code: 2, stderr: "boom\nmore\n" });
    await expect(new PlayerctlSeeker(broken.run).seek({ by: 5 })).rejects.toMatchObject({
      code: "TOOL_FAILED",
      message: "playerctl position 5+ failed: boom",
    });
  });
});

describe("seek through osascript (argv contract)", () => {
  it("drives Music with a constant script and milliseconds in argv", async () => {
    const fake = new FakeRunner()
      .on("osascript", ["-"], { stdout: "Music\n" })
      .on("osascript", ["-", "by"], { stdout: "65 200\n" })
      .on("osascript", ["-", "to"], { stdout: "30 -1\n" });
    const seeker = new MacPlayerSeeker(fake.run);
    expect(await seeker.seek({ by: 30 })).toEqual({ player: "Music", position: 65, length: 200 });
    expect(await seeker.seek({ by: -10.5 })).toMatchObject({ player: "Music" });
    expect(await seeker.seek({ to: 30 })).toEqual({ player: "Music", position: 30, length: undefined });
    expect(fake.argv()).toEqual([
      ["osascript", "-"],
      ["osascript", "-", "by", "30000"],
      ["osascript", "-"],
      ["osascript", "-", "by", "-10500"],
      ["osascript", "-"],
      ["osascript", "-", "to", "30000"],
    ]);
    expect(fake.calls.map((c) => c.input)).toEqual([
      SCRIPTS.whichPlayer,
      SEEK_SCRIPTS.music,
      SCRIPTS.whichPlayer,
      SEEK_SCRIPTS.music,
      SCRIPTS.whichPlayer,
      SEEK_SCRIPTS.music,
    ]);
    expect(SEEK_SCRIPTS.music).toContain("set player position to (player position + amount)");
  });

  it("drives Spotify, and says when nothing plays or the time is past the end", async () => {
    const fake = new FakeRunner()
      .on("osascript", ["-"], { stdout: "Spotify\n" })
      .on("osascript", ["-", "by"], { stdout: "none\n" })
      .on("osascript", ["-", "to"], { stdout: "past 200\n" });
    const seeker = new MacPlayerSeeker(fake.run);
    await expect(seeker.seek({ by: 30 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(seeker.seek({ to: 252 })).rejects.toMatchObject({
      code: "ARGS_INVALID",
      message: "4:12 is past the end of this track (3:20)",
    });
    expect(fake.calls[1]?.input).toBe(SEEK_SCRIPTS.spotify);
    expect(fake.argv()[3]).toEqual(["osascript", "-", "to", "252000"]);
  });
});

describe("seek replies", () => {
  it("say how far and where playback is now", () => {
    expect(clockTime(65)).toBe("1:05");
    expect(clockTime(3725)).toBe("1:02:05");
    expect(span(90)).toBe("1 min 30 s");
    expect(span(-3600)).toBe("1 h");
    expect(describeSeek({ by: 30 }, { position: 65.00001, length: 200 })).toBe(
      "Jumped forward 30 s, now at 1:05 of 3:20.",
    );
    expect(describeSeek({ by: -10 }, {})).toBe("Jumped back 10 s.");
    expect(describeSeek({ to: 252 }, { player: "Music" })).toBe("Jumped to 4:12 in Music.");
  });
});

describe("media_seek through the gate", () => {
  let harness: ReturnType<typeof desktopHarness> | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  const setup = (programs = ["playerctl"]) => {
    const fake = new FakeRunner().on("playerctl", ["metadata"], { stdout: "20000000 200000000\n" });
    const platform = createLinuxPlatform({
      run: fake.run,
      launcher: async () => ({ pid: 1 }),
      probe: fakeProbe(programs),
    });
    harness = desktopHarness(platform, [
      (deps, p) => createMediaTools(deps, p, undefined, new PlayerctlSeeker(fake.run)),
    ]);
    return { fake, harness };
  };

  it("jumps without asking (caution) and says where playback is now", async () => {
    const { harness, fake } = setup();
    const back = await harness.call("media_seek", { by_s: -10 });
    expect(back).toMatchObject({
      status: "ok",
      tier: "caution",
      observation: "Jumped back 10 s, now at 0:20 of 3:20.",
    });
    expect((await harness.call("media_seek", { to_s: 20 })).observation).toBe("Jumped to 0:20 of 3:20.");
    expect(harness.broker.seen).toEqual([]);
    expect(fake.argv().filter((a) => a[1] === "position")).toEqual([
      ["playerctl", "position", "10-"],
      ["playerctl", "position", "20"],
    ]);
  });

  it.each([
    [{}, "ARGS_INVALID: missing by_s or to_s"],
    [{ by_s: 0 }, "ARGS_INVALID: by_s must not be 0"],
    [{ by_s: 10, to_s: 5 }, "ARGS_INVALID: give either by_s or to_s, not both"],
    [{ by_s: 90_000 }, "by_s must be <= 86400"],
    [{ by_s: -90_000 }, "by_s must be >= -86400"],
    [{ to_s: -1 }, "to_s must be >= 0"],
    [{ by_s: "30" }, "by_s must be number"],
    [{ by_s: 30, at: 5 }, 'unexpected key "at"'],
  ])("refuses %j with one line and runs nothing", async (args, message) => {
    const { harness, fake } = setup();
    const outcome = await harness.call("media_seek", args);
    expect(outcome.status).not.toBe("ok");
    expect(outcome.observation).toContain(message);
    expect(outcome.observation.split("\n")).toHaveLength(1);
    expect(fake.calls).toEqual([]);
  });

  it("names the missing program instead of running", async () => {
    const { harness, fake } = setup([]);
    const outcome = await harness.call("media_seek", { by_s: 30 });
    expect(outcome.code).toBe("UNAVAILABLE");
    expect(outcome.observation).toContain("playerctl");
    expect(fake.calls).toEqual([]);
  });
});

describe("media_seek examples", () => {
  const harness = desktopHarness(undefined, [createMediaTools]);
  afterAll(() => harness.close());
  const tools = harness.runtime.registry.list().filter((t) => t.group === "media");
  const seek = tools.find((t) => t.name === "media_seek");

  it("compile as sentence templates", () => {
    expect(seek?.examples?.length).toBeGreaterThan(0);
    for (const example of seek?.examples ?? []) expect(() => parseTemplate(example)).not.toThrow();
  });

  it("turn forward jumps and jumps to a time into calls, and never a back jump into a forward one", async () => {
    const nlu = createNlu(await builtinToolsForNlu(), {
      timezone: "UTC",
    });
    const parse = (text: string) =>
      nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
    expect(parse("skip forward 30 seconds")).toMatchObject({ tool: "media_seek", args: { by_s: 30 } });
    expect(parse("fast forward five minutes")).toMatchObject({ tool: "media_seek", args: { by_s: 300 } });
    expect(parse("skip 10 seconds")).toMatchObject({ tool: "media_seek", args: { by_s: 10 } });
    expect(parse("go to the 3 minute mark")).toMatchObject({ tool: "media_seek", args: { to_s: 180 } });
    expect(parse("skip this song")).toMatchObject({ tool: "media_next" });
    for (const text of ["go back ten seconds", "rewind 2 minutes"]) {
      const reading = parse(text) as { tool?: string; args?: { by_s?: number } };
      if (reading.tool === "media_seek") expect(reading.args?.by_s).toBeLessThan(0);
    }
  });
});
