import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPlatform } from "../../src/platform/factory.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { desktopHarness } from "../../src/tools/input/harness.js";
import { createMediaTools } from "../../src/tools/media/index.js";
import { eventually, startSessionBus } from "../desktop/session.js";

const ready = hasPrograms(["dbus-daemon", "playerctl", "python3"], "dbus playerctl python3-gi");
const PLAYER = join(dirname(fileURLToPath(import.meta.url)), "mpris_player.py");

describe.skipIf(!ready)("media_shuffle and media_repeat on a real MPRIS player (playerctl, D-Bus)", () => {
  let bus: Awaited<ReturnType<typeof startSessionBus>>;
  let env: NodeJS.ProcessEnv;
  let player: ChildProcess | undefined;
  let harness: ReturnType<typeof desktopHarness>;
  let events: Array<Record<string, unknown>> = [];

  const startPlayer = async (args: string[] = []) => {
    events = [];
    player = spawn("/usr/bin/python3", [PLAYER, ...args], { env, stdio: ["ignore", "pipe", "inherit"] });
    createInterface({ input: player.stdout as NodeJS.ReadableStream }).on("line", (line) =>
      events.push(JSON.parse(line)),
    );
    await eventually(() => (events.some((e) => e.event === "ready") ? true : undefined), 100);
  };
  const stopPlayer = () => {
    if (player?.pid) process.kill(player.pid, "SIGKILL");
    player = undefined;
  };
  const sets = () => events.filter((e) => e.event === "set").map((e) => [e.property, e.value]);
  const observe = async (tool: string, args: Record<string, unknown> = {}) =>
    (await harness.call(tool, args)).observation;

  beforeAll(async () => {
    bus = await startSessionBus();
    env = { PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: bus.address };
    harness = desktopHarness(createPlatform({ env }), [createMediaTools], env);
  });
  afterEach(stopPlayer);
  afterAll(async () => {
    stopPlayer();
    await harness?.close();
    bus?.stop();
  });

  it("turns shuffle on, off and toggles it, saying the state now in force", async () => {
    await startPlayer();
    expect(await observe("media_shuffle", { on: true })).toBe("Shuffle is on.");
    expect(await observe("media_shuffle")).toBe("Shuffle is off.");
    expect(await observe("media_shuffle")).toBe("Shuffle is on.");
    expect(await observe("media_shuffle", { on: false })).toBe("Shuffle is off.");
    expect(sets()).toEqual([
      ["Shuffle", true],
      ["Shuffle", false],
      ["Shuffle", true],
      ["Shuffle", false],
    ]);
  });

  it("sets repeat to track, playlist and none", async () => {
    await startPlayer();
    expect(await observe("media_repeat", { mode: "track" })).toBe("Repeating this track.");
    expect(await observe("media_repeat", { mode: "playlist" })).toBe("Repeating the playlist.");
    expect(await observe("media_repeat", { mode: "none" })).toBe("Repeat is off.");
    expect(sets()).toEqual([
      ["LoopStatus", "Track"],
      ["LoopStatus", "Playlist"],
      ["LoopStatus", "None"],
    ]);
  });

  it("says so in one line when the player cannot shuffle or repeat, or none runs", async () => {
    await startPlayer(["--fixed"]);
    for (const [tool, args, what] of [
      ["media_shuffle", {}, "shuffle"],
      ["media_shuffle", { on: true }, "shuffle"],
      ["media_repeat", { mode: "track" }, "repeat"],
    ] as const) {
      const outcome = await harness.call(tool, args);
      expect(outcome.code).toBe("UNAVAILABLE");
      expect(outcome.observation).toBe(
        `ERROR UNAVAILABLE: the media player that is running cannot change ${what}`,
      );
    }
    expect(sets()).toEqual([]);
    stopPlayer();
    const none = await harness.call("media_shuffle", { on: true });
    expect(none.code).toBe("NOT_FOUND");
    expect(none.observation).toBe(
      "ERROR NOT_FOUND: no media player is running (start a player (Spotify, VLC, a browser tab))",
    );
  });
});
