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

describe.skipIf(!ready)("media_seek on a real MPRIS player (playerctl, D-Bus)", () => {
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
  /** Where the player itself says it moved to, in seconds. */
  const seeks = () => events.filter((e) => e.event === "seek").map((e) => Number(e.position) / 1e6);
  const methods = () => events.filter((e) => e.event === "call").map((e) => e.method);

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

  it("moves the position forward, back and to a time, saying where playback is now", async () => {
    await startPlayer();
    const said = async (args: Record<string, unknown>) =>
      (await harness.call("media_seek", args)).observation;
    expect(await said({ by_s: 30 })).toBe("Jumped forward 30 s, now at 0:30 of 3:20.");
    expect(await said({ by_s: -10 })).toBe("Jumped back 10 s, now at 0:20 of 3:20.");
    expect(await said({ to_s: 65 })).toBe("Jumped to 1:05 of 3:20.");
    expect(await said({ by_s: -600 })).toBe("Jumped back 10 min, now at 0:00 of 3:20.");
    expect(seeks()).toEqual([30, 20, 65, 0]);
    expect(methods()).toEqual(["Seek", "Seek", "SetPosition", "Seek"]);
  });

  it("refuses a time past the end of the track without touching the player", async () => {
    await startPlayer();
    const outcome = await harness.call("media_seek", { to_s: 252 });
    expect(outcome.code).toBe("ARGS_INVALID");
    expect(outcome.observation).toBe(
      "ERROR ARGS_INVALID: 4:12 is past the end of this track (3:20) (pick a time up to 3:20)",
    );
    expect(methods()).toEqual([]);
  });

  it("says so in one line when the player cannot seek (CanSeek false), or none runs", async () => {
    await startPlayer(["--no-seek"]);
    for (const args of [{ by_s: 30 }, { by_s: -5 }, { to_s: 10 }]) {
      const outcome = await harness.call("media_seek", args);
      expect(outcome.code).toBe("UNAVAILABLE");
      expect(outcome.observation).toBe("ERROR UNAVAILABLE: the media player that is running cannot seek");
    }
    expect(seeks()).toEqual([]);
    stopPlayer();
    const none = await harness.call("media_seek", { by_s: 30 });
    expect(none.code).toBe("NOT_FOUND");
    expect(none.observation).toBe(
      "ERROR NOT_FOUND: no media player is running (start a player (Spotify, VLC, a browser tab))",
    );
  });
});
