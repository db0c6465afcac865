import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { ok, type ToolDefinition } from "../../core/tool.js";
import { type DesktopKit, desktopKit, desktopTool } from "../../platform/kit.js";
import { createCommandRunner } from "../../platform/runner.js";
import type { NowPlaying, Platform } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";
import { type PlayerSeeker, playerSeeker, seekTool } from "./seek.js";
import { type PlayerSettings, playerSettings, REPEAT_MODES, type RepeatMode } from "./settings.js";

export { MacPlayerSeeker, PlayerctlSeeker, type PlayerSeeker, playerSeeker, SEEK_SCRIPTS } from "./seek.js";
export {
  MacPlayerSettings,
  PlayerctlSettings,
  type PlayerSettings,
  playerSettings,
  type RepeatMode,
  SETTINGS_SCRIPTS,
} from "./settings.js";

const empty = z.object({});
const shuffleSchema = z
  .object({
    on: z.boolean().optional().describe("true = shuffle on, false = off; omit to toggle"),
  })
  .strict();
const repeatSchema = z
  .object({
    mode: z
      .enum(REPEAT_MODES as [RepeatMode, ...RepeatMode[]])
      .describe("none = stop repeating, track = repeat this song, playlist = repeat the playlist/album"),
  })
  .strict();

const REPEAT_SAID: Record<RepeatMode, string> = {
  none: "Repeat is off",
  track: "Repeating this track",
  playlist: "Repeating the playlist",
};
const playSchema = z.object({
  query: z.string().min(1).max(200).optional().describe("song, artist or album to play; omit to resume"),
});

export function describeNowPlaying(now: NowPlaying | undefined): string {
  if (!now) return "nothing is playing (no media player is running)";
  if (now.status === "stopped" || !now.title) return `${now.player} is ${now.status}`;
  const by = now.artist ? ` by ${now.artist}` : "";
  const from = now.album ? ` (${now.album})` : "";
  return `${now.player} is ${now.status}: ${now.title}${by}${from}`;
}

function control(
  kit: DesktopKit,
  name: string,
  verb: string,
  examples: string[],
  run: (signal: AbortSignal) => Promise<void>,
) {
  return desktopTool<Record<string, never>>(kit, ["media"], {
    name,
    group: "media",
    description: `${verb} in the media player that is running (Spotify, Music, VLC, a browser …).`,
    parameters: parametersFrom(empty),
    effects: ["ui"],
    risk: "caution",
    examples,
    async execute(_args, ctx) {
      await run(ctx.signal);
      return ok(`${verb.toLowerCase()}: done`);
    },
  });
}

/**
 * Playback, now playing, shuffle, repeat and seek. `settings`/`seeker` are for tests (a fake
 * runner); by default they spawn playerctl or osascript for the platform the kit drives.
 */
export function createMediaTools(
  deps: ToolDeps,
  platform?: Platform,
  settings?: PlayerSettings,
  seeker?: PlayerSeeker,
): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  const media = kit.platform.media;
  const player = settings ?? playerSettings(kit.platform.os, createCommandRunner(deps.env));
  const seek = seeker ?? playerSeeker(kit.platform.os, createCommandRunner(deps.env));
  return [
    desktopTool<z.infer<typeof playSchema>>(kit, ["media"], {
      name: "media_play",
      group: "media",
      description:
        "Resume playback in the media player that is running (Spotify, Music, VLC, a browser …), or play a song/artist/album by name where the player can search (Music on macOS).",
      parameters: parametersFrom(playSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["play music", "resume", "play {query}", "put on {query}"],
      async execute(args, ctx) {
        return ok(await media.play(args.query, ctx.signal));
      },
    }),
    control(kit, "media_pause", "Pause playback", ["pause", "pause the music", "stop the music"], (s) =>
      media.pause(s),
    ),
    control(kit, "media_next", "Skip to the next track", ["next song", "skip", "next track"], (s) =>
      media.next(s),
    ),
    control(
      kit,
      "media_previous",
      "Go back to the previous track",
      ["previous song", "go back a song", "last track"],
      (s) => media.previous(s),
    ),
    desktopTool<Record<string, never>>(kit, ["media"], {
      name: "media_now_playing",
      group: "media",
      description: "What the media player is playing: title, artist, album and whether it is paused.",
      parameters: parametersFrom(empty),
      effects: ["read"],
      risk: "safe",
      trust: "untrusted",
      examples: ["what is playing", "what song is this", "now playing"],
      async execute(_args, ctx) {
        const now = await media.nowPlaying(ctx.signal);
        return ok(describeNowPlaying(now), now ?? { status: "none" });
      },
    }),
    desktopTool<z.infer<typeof shuffleSchema>>(kit, ["media"], {
      name: "media_shuffle",
      group: "media",
      description:
        "Turn shuffle on or off in the media player that is running (omit `on` to toggle); says which state is now in force.",
      parameters: parametersFrom(shuffleSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["toggle shuffle", "shuffle [my] (music|songs|playlist)", "turn (on|off) shuffle"],
      async execute(args, ctx) {
        const result = await player.shuffle(args.on, ctx.signal);
        const where = result.player ? ` in ${result.player}` : "";
        return ok(`Shuffle is ${result.shuffle ? "on" : "off"}${where}.`, {
          shuffle: result.shuffle,
          player: result.player,
        });
      },
    }),
    desktopTool<z.infer<typeof repeatSchema>>(kit, ["media"], {
      name: "media_repeat",
      group: "media",
      description: "Set repeat in the media player that is running: none, track (this song) or playlist.",
      parameters: parametersFrom(repeatSchema),
      effects: ["ui"],
      risk: "caution",
      examples: ["(repeat|loop) this (song|track)", "turn (on|off) repeat", "stop repeating"],
      async execute(args, ctx) {
        const result = await player.repeat(args.mode, ctx.signal);
        const where = result.player ? ` in ${result.player}` : "";
        return ok(`${REPEAT_SAID[args.mode]}${where}.`, { mode: args.mode, player: result.player });
      },
    }),
    seekTool(kit, seek),
  ];
}
