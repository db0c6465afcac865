import { describe, expect, it } from "vitest";
import { PLAYER_READY, useFakePlayer } from "./fake-player.js";

describe.skipIf(!PLAYER_READY)("media_seek on a real MPRIS player (playerctl, D-Bus)", () => {
  const player = useFakePlayer();
  /** Where the player itself says it moved to, in seconds. */
  const seeks = () =>
    player
      .events()
      .filter((e) => e.event === "seek")
      .map((e) => Number(e.position) / 1e6);
  const methods = () =>
    player
      .events()
      .filter((e) => e.event === "call")
      .map((e) => e.method);

  it("moves the position forward, back and to a time, saying where playback is now", async () => {
    await player.start();
    const said = async (args: Record<string, unknown>) => (await player.call("media_seek", args)).observation;
    expect(await said({ by_s: 30 })).toBe("Jumped forward 30 s, now at 0:30 of 3:20.");
    expect(await said({ by_s: -10 })).toBe("Jumped back 10 s, now at 0:20 of 3:20.");
    expect(await said({ to_s: 65 })).toBe("Jumped to 1:05 of 3:20.");
    expect(await said({ by_s: -600 })).toBe("Jumped back 10 min, now at 0:00 of 3:20.");
    expect(seeks()).toEqual([30, 20, 65, 0]);
    expect(methods()).toEqual(["Seek", "Seek", "SetPosition", "Seek"]);
  });

  it("refuses a time past the end of the track without touching the player", async () => {
    await player.start();
    const outcome = await player.call("media_seek", { to_s: 252 });
    expect(outcome.code).toBe("ARGS_INVALID");
    expect(outcome.observation).toBe(
      "ERROR ARGS_INVALID: 4:12 is past the end of this track (3:20) (pick a time up to 3:20)",
    );
    expect(methods()).toEqual([]);
  });

  it("says so in one line when the player cannot seek (CanSeek false), or none runs", async () => {
    await player.start(["--no-seek"]);
    for (const args of [{ by_s: 30 }, { by_s: -5 }, { to_s: 10 }]) {
      const outcome = await player.call("media_seek", args);
      expect(outcome.code).toBe("UNAVAILABLE");
      expect(outcome.observation).toBe("ERROR UNAVAILABLE: the media player that is running cannot seek");
    }
    expect(seeks()).toEqual([]);
    player.stop();
    const none = await player.call("media_seek", { by_s: 30 });
    expect(none.code).toBe("NOT_FOUND");
    expect(none.observation).toBe(
      "ERROR NOT_FOUND: no media player is running (start a player (Spotify, VLC, a browser tab))",
    );
  });
});
