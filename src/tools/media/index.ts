import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { ok, type ToolDefinition } from "../../core/tool.js";
import { type DesktopKit, desktopKit, desktopTool } from "../../platform/kit.js";
import type { NowPlaying, Platform } from "../../platform/types.js";
import type { ToolDeps } from "../deps.js";

const empty = z.object({});
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

export function createMediaTools(deps: ToolDeps, platform?: Platform): ToolDefinition[] {
  const kit = desktopKit(deps, platform);
  const media = kit.platform.media;
  return [
    desktopTool<z.infer<typeof playSchema>>(kit, ["media"], {
      name: "media_play",
      group: "media",
      description:
        "Resume playback, or play a song/artist/album by name where the player can search (Music on macOS).",
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
  ];
}
