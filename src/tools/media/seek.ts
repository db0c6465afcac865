import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { ok, type ToolDefinition } from "../../core/tool.js";
import { type DesktopKit, desktopTool } from "../../platform/kit.js";
import { osascript, SCRIPTS } from "../../platform/macos/osascript.js";
import type { CommandRunner } from "../../platform/types.js";

/** Where to jump: `by` seconds from here (negative = back) or `to` seconds from the start. */
export type SeekTarget = { by: number } | { to: number };

/** Where playback is after the jump, as far as the player reports it (seconds). */
export interface SeekResult {
  position?: number | undefined;
  length?: number | undefined;
  player?: string | undefined;
}

/**
 * Seeking within the current track. Like shuffle/repeat it lives beside the media tools (the
 * platform `Media` interface covers playback only) and spawns argv arrays through a
 * `CommandRunner`, so the exact commands are testable on any OS.
 */
export interface PlayerSeeker {
  seek(target: SeekTarget, signal?: AbortSignal): Promise<SeekResult>;
}

const MAX_S = 86_400;
const NO_PLAYER = () =>
  new JarvisError("NOT_FOUND", "no media player is running", {
    fix: "start a player (Spotify, VLC, a browser tab)",
  });

/** 65 → "1:05", 3725 → "1:02:05". */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** 30 → "30 s", 90 → "1 min 30 s", 3600 → "1 h". */
export function span(seconds: number): string {
  const total = Math.round(Math.abs(seconds) * 10) / 10;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = Math.round((total % 60) * 10) / 10;
  const parts = [h ? `${h} h` : "", m ? `${m} min` : "", s || (!h && !m) ? `${s} s` : ""];
  return parts.filter(Boolean).join(" ");
}

/** A read value: finite and not negative, else unknown (streams have no length). */
function seconds(text: string | undefined, scale: number): number | undefined {
  if (!text || !/^\d+(?:\.\d+)?$/.test(text)) return undefined;
  return Number(text) / scale;
}

/** A number for argv without exponent notation: 30 → "30", 2.5 → "2.5". */
function decimal(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * MPRIS players through playerctl: `position 30+` / `position 10-` seek (MPRIS Seek),
 * `position 252` jumps (SetPosition). playerctl refuses both itself when CanSeek is false.
 */
export class PlayerctlSeeker implements PlayerSeeker {
  constructor(private readonly run: CommandRunner) {}

  private async playerctl(args: string[], signal?: AbortSignal): Promise<string> {
    const result = await this.run("playerctl", args, { signal });
    if (result.code === 0) return result.stdout.trim();
    const stderr = result.stderr.trim();
    if (/no players? found/i.test(stderr)) throw NO_PLAYER();
    // playerctl's words when the player's CanSeek is false (live streams, some browsers)
    if (/no player could handle|not supported/i.test(stderr)) {
      throw new JarvisError("UNAVAILABLE", "the media player that is running cannot seek");
    }
    throw new JarvisError(
      "TOOL_FAILED",
      `playerctl ${args.join(" ")} failed: ${stderr.split("\n")[0] || `exit ${result.code}`}`,
    );
  }

  /** Position and track length in one spawn; a player that reports neither is not an error. */
  private async where(signal?: AbortSignal): Promise<SeekResult> {
    const out = await this.playerctl(["metadata", "--format", "{{position}} {{mpris:length}}"], signal);
    const [position, length] = out.split(/\s+/);
    return { position: seconds(position, 1e6), length: seconds(length, 1e6) };
  }

  async seek(target: SeekTarget, signal?: AbortSignal): Promise<SeekResult> {
    if ("to" in target) {
      // MPRIS players silently ignore a SetPosition past the end: say so instead
      const { length } = await this.where(signal).catch((error: unknown) => {
        if (error instanceof JarvisError && error.code === "NOT_FOUND") throw error;
        return {} as SeekResult;
      });
      if (length !== undefined && target.to > length) throw pastEnd(target.to, length);
      await this.playerctl(["position", decimal(target.to)], signal);
    } else {
      await this.playerctl(
        ["position", `${decimal(Math.abs(target.by))}${target.by < 0 ? "-" : "+"}`],
        signal,
      );
    }
    // the jump happened; a player that cannot say where it is now is still a success
    return this.where(signal).catch(() => ({}));
  }
}

function pastEnd(to: number, length: number): JarvisError {
  return new JarvisError(
    "ARGS_INVALID",
    `${clockTime(to)} is past the end of this track (${clockTime(length)})`,
    {
      fix: `pick a time up to ${clockTime(length)}`,
    },
  );
}

/**
 * Constant scripts (data only through argv: "by"|"to" and milliseconds as an integer, so no
 * locale's decimal comma is involved). They answer "none" when nothing plays, "past <len>"
 * for a jump beyond the end (without jumping), else "<position> <length>" in whole seconds
 * (length -1 when the track has none, like a stream).
 */
function seekScript(app: "Music" | "Spotify", durationUnit: 1 | 1000): string {
  return `on run argv
  set mode to item 1 of argv
  set amount to (item 2 of argv as integer) / 1000
  if application "${app}" is not running then return "none"
  tell application "${app}"
    if player state is stopped then return "none"
    set len to -1
    try
      set len to (duration of current track) div ${durationUnit}
    end try
    if mode is "to" then
      if len is not -1 and amount > len then return "past " & len
      set player position to amount
    else
      set player position to (player position + amount)
    end if
    return ((player position div 1) as text) & " " & (len as text)
  end tell
end run`;
}

/** Music reports track durations in seconds, Spotify in milliseconds. */
export const SEEK_SCRIPTS = {
  music: seekScript("Music", 1),
  spotify: seekScript("Spotify", 1000),
} as const;

/** Music or Spotify (whichever the playback tools drive) through osascript. */
export class MacPlayerSeeker implements PlayerSeeker {
  constructor(private readonly run: CommandRunner) {}

  async seek(target: SeekTarget, signal?: AbortSignal): Promise<SeekResult> {
    const player =
      (await osascript(this.run, SCRIPTS.whichPlayer, [], { signal })) === "Spotify" ? "Spotify" : "Music";
    const script = player === "Spotify" ? SEEK_SCRIPTS.spotify : SEEK_SCRIPTS.music;
    const [mode, value] = "to" in target ? ["to", target.to] : ["by", target.by];
    const out = (
      await osascript(this.run, script, [mode, String(Math.round(value * 1000))], { signal })
    ).trim();
    if (out === "none") throw NO_PLAYER();
    const [first, second] = out.split(/\s+/);
    if (first === "past") throw pastEnd(value, Number(second));
    return { player, position: seconds(first, 1), length: seconds(second, 1) };
  }
}

export function playerSeeker(os: "linux" | "macos", run: CommandRunner): PlayerSeeker {
  return os === "macos" ? new MacPlayerSeeker(run) : new PlayerctlSeeker(run);
}

const seekSchema = z
  .object({
    by_s: z
      .number()
      .min(-MAX_S)
      .max(MAX_S)
      .optional()
      .describe("seconds to jump from here: positive = forward, negative = back; not 0. Omit with to_s"),
    to_s: z
      .number()
      .min(0)
      .max(MAX_S)
      .optional()
      .describe("position to jump to, in seconds from the start of the track. Omit with by_s"),
  })
  .strict();
type SeekArgs = z.infer<typeof seekSchema>;

/** "Exactly one, and by_s not 0" is beyond the gate's JSON Schema check, so it is checked here. */
export function seekTarget(args: SeekArgs): SeekTarget {
  const fix = "give by_s (e.g. 30 or -10) to jump from here, or to_s (e.g. 252) to jump to a time";
  if (args.by_s !== undefined && args.to_s !== undefined)
    throw new JarvisError("ARGS_INVALID", "give either by_s or to_s, not both", { fix });
  if (args.to_s !== undefined) return { to: args.to_s };
  if (args.by_s === undefined) throw new JarvisError("ARGS_INVALID", "missing by_s or to_s", { fix });
  if (args.by_s === 0) throw new JarvisError("ARGS_INVALID", "by_s must not be 0", { fix });
  return { by: args.by_s };
}

export function describeSeek(target: SeekTarget, result: SeekResult): string {
  const where = result.player ? ` in ${result.player}` : "";
  const of = result.length ? ` of ${clockTime(result.length)}` : "";
  if ("to" in target) return `Jumped to ${clockTime(result.position ?? target.to)}${of}${where}.`;
  const moved = `Jumped ${target.by < 0 ? "back" : "forward"} ${span(target.by)}${where}`;
  return result.position === undefined ? `${moved}.` : `${moved}, now at ${clockTime(result.position)}${of}.`;
}

export function seekTool(kit: DesktopKit, seeker: PlayerSeeker): ToolDefinition {
  return desktopTool<SeekArgs>(kit, ["media"], {
    name: "media_seek",
    group: "media",
    description:
      "Jump within the track that is playing: by_s seconds forward (positive) or back (negative), or to_s seconds from the start. Says where playback is now.",
    parameters: parametersFrom(seekSchema),
    effects: ["ui"],
    risk: "caution",
    says: ({ by_s, to_s }) =>
      to_s !== undefined
        ? `Jump to ${clockTime(to_s)} in this track`
        : by_s !== undefined
          ? `Skip ${by_s < 0 ? "back" : "ahead"} ${Math.abs(by_s)} seconds`
          : undefined,
    // Only forward jumps: a template slot cannot carry a sign, so "go back {duration}" would
    // come out as a forward jump (the NLU's own intent table handles back / jump-to phrasings)
    examples: [
      "(skip|jump|go|seek) (forward|ahead) {by_s:duration}",
      "fast forward [by] {by_s:duration}",
      "(skip|jump) {by_s:duration} (forward|ahead)",
      "skip [by] {by_s:duration}",
      "(jump|skip|seek|go) to [the] {to_s:duration} [mark]",
    ],
    async execute(args, ctx) {
      const target = seekTarget(args);
      ctx.signal.throwIfAborted();
      const result = await seeker.seek(target, ctx.signal);
      return ok(describeSeek(target, result), {
        position_s: result.position,
        length_s: result.length,
        player: result.player,
      });
    },
  });
}
