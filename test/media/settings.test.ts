import { describe, expect, it } from "vitest";
import { PLAYER_READY, useFakePlayer } from "./fake-player.js";

describe.skipIf(!PLAYER_READY)(
  "media_shuffle and media_repeat on a real MPRIS player (playerctl, D-Bus)",
  () => {
    const player = useFakePlayer();
    const sets = () =>
      player
        .events()
        .filter((e) => e.event === "set")
        .map((e) => [e.property, e.value]);
    const observe = async (tool: string, args: Record<string, unknown> = {}) =>
      (await player.call(tool, args)).observation;

    it("turns shuffle on, off and toggles it, saying the state now in force", async () => {
      await player.start();
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
      await player.start();
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
      await player.start(["--fixed"]);
      for (const [tool, args, what] of [
        ["media_shuffle", {}, "shuffle"],
        ["media_shuffle", { on: true }, "shuffle"],
        ["media_repeat", { mode: "track" }, "repeat"],
      ] as const) {
        const outcome = await player.call(tool, args);
        expect(outcome.code).toBe("UNAVAILABLE");
        expect(outcome.observation).toBe(
          `ERROR UNAVAILABLE: the media player that is running cannot change ${what}`,
        );
      }
      expect(sets()).toEqual([]);
      player.stop();
      const none = await player.call("media_shuffle", { on: true });
      expect(none.code).toBe("NOT_FOUND");
      expect(none.observation).toBe(
        "ERROR NOT_FOUND: no media player is running (start a player (Spotify, VLC, a browser tab))",
      );
    });
  },
);
