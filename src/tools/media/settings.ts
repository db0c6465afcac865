import { JarvisError } from "../../core/errors.js";
import { osascript, SCRIPTS } from "../../platform/macos/osascript.js";
import type { CommandRunner } from "../../platform/types.js";

export type RepeatMode = "none" | "track" | "playlist";
export const REPEAT_MODES: readonly RepeatMode[] = ["none", "track", "playlist"];

/** What was set, and on which player when the adapter can tell. */
export interface SettingResult {
  player?: string | undefined;
}

/**
 * Shuffle and repeat of the running player. Kept beside the media tools (the platform `Media`
 * interface covers playback only); each adapter spawns argv arrays through a `CommandRunner`
 * so the exact commands are testable on any OS.
 */
export interface PlayerSettings {
  /** Sets shuffle, or flips it when `on` is undefined; resolves to the state now in force. */
  shuffle(on: boolean | undefined, signal?: AbortSignal): Promise<SettingResult & { shuffle: boolean }>;
  repeat(mode: RepeatMode, signal?: AbortSignal): Promise<SettingResult>;
}

const LOOP: Record<RepeatMode, string> = { none: "None", track: "Track", playlist: "Playlist" };

/** MPRIS players through playerctl (`shuffle On|Off`, `loop None|Track|Playlist`). */
export class PlayerctlSettings implements PlayerSettings {
  constructor(private readonly run: CommandRunner) {}

  private async playerctl(args: string[], what: string, signal?: AbortSignal): Promise<string> {
    const result = await this.run("playerctl", args, { signal });
    if (result.code === 0) return result.stdout.trim();
    const stderr = result.stderr.trim();
    if (/no players? found/i.test(stderr)) {
      throw new JarvisError("NOT_FOUND", "no media player is running", {
        fix: "start a player (Spotify, VLC, a browser tab)",
      });
    }
    // playerctl's words when the player lacks the optional MPRIS property
    if (/no such property|no player could handle|not supported/i.test(stderr)) {
      throw new JarvisError("UNAVAILABLE", `the media player that is running cannot change ${what}`);
    }
    throw new JarvisError(
      "TOOL_FAILED",
      `playerctl ${args.join(" ")} failed: ${stderr.split("\n")[0] || `exit ${result.code}`}`,
    );
  }

  async shuffle(on: boolean | undefined, signal?: AbortSignal) {
    // a toggle reads first and then sets explicitly, so the reply states what is now in force
    // (reading back after `shuffle Toggle` races players that apply the change asynchronously)
    const target = on ?? (await this.playerctl(["shuffle"], "shuffle", signal)) !== "On";
    await this.playerctl(["shuffle", target ? "On" : "Off"], "shuffle", signal);
    return { shuffle: target };
  }

  async repeat(mode: RepeatMode, signal?: AbortSignal) {
    await this.playerctl(["loop", LOOP[mode]], "repeat", signal);
    return {};
  }
}

/** Constant scripts (data only through argv), one per player as their dictionaries differ. */
export const SETTINGS_SCRIPTS = {
  music: `on run argv
  set cmd to item 1 of argv
  set value to item 2 of argv
  tell application "Music"
    if cmd is "shuffle" then
      if value is "toggle" then
        set shuffle enabled to not shuffle enabled
      else
        set shuffle enabled to (value is "on")
      end if
      return shuffle enabled as text
    else if cmd is "repeat" then
      if value is "track" then
        set song repeat to one
      else if value is "playlist" then
        set song repeat to all
      else
        set song repeat to off
      end if
      return "ok"
    end if
  end tell
  error "unknown command"
end run`,
  spotify: `on run argv
  set cmd to item 1 of argv
  set value to item 2 of argv
  tell application "Spotify"
    if cmd is "shuffle" then
      if value is "toggle" then
        set shuffling to not shuffling
      else
        set shuffling to (value is "on")
      end if
      return shuffling as text
    else if cmd is "repeat" then
      set repeating to (value is "playlist")
      return "ok"
    end if
  end tell
  error "unknown command"
end run`,
} as const;

/** Music or Spotify (whichever the playback tools drive) through osascript. */
export class MacPlayerSettings implements PlayerSettings {
  constructor(private readonly run: CommandRunner) {}

  private async player(signal?: AbortSignal): Promise<"Spotify" | "Music"> {
    return (await osascript(this.run, SCRIPTS.whichPlayer, [], { signal })) === "Spotify"
      ? "Spotify"
      : "Music";
  }

  private script(player: "Spotify" | "Music") {
    return player === "Spotify" ? SETTINGS_SCRIPTS.spotify : SETTINGS_SCRIPTS.music;
  }

  async shuffle(on: boolean | undefined, signal?: AbortSignal) {
    const player = await this.player(signal);
    const value = on === undefined ? "toggle" : on ? "on" : "off";
    const out = await osascript(this.run, this.script(player), ["shuffle", value], { signal });
    return { player, shuffle: out.trim() === "true" };
  }

  async repeat(mode: RepeatMode, signal?: AbortSignal) {
    const player = await this.player(signal);
    if (player === "Spotify" && mode === "track") {
      // Spotify's AppleScript has one on/off "repeating" (the playlist); it cannot loop one song
      throw new JarvisError("UNAVAILABLE", "Spotify cannot be told to repeat one song from here", {
        fix: "press the repeat button twice in Spotify, or ask to repeat the playlist",
      });
    }
    await osascript(this.run, this.script(player), ["repeat", mode], { signal });
    return { player };
  }
}

export function playerSettings(os: "linux" | "macos", run: CommandRunner): PlayerSettings {
  return os === "macos" ? new MacPlayerSettings(run) : new PlayerctlSettings(run);
}
