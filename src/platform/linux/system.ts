import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { runChecked } from "../runner.js";
import type {
  Audio,
  BatteryInfo,
  CommandRunner,
  Media,
  Notifier,
  NowPlaying,
  Power,
  VolumeState,
} from "../types.js";

type Which = (program: string) => string | undefined;

/** `pactl get-sink-volume` prints `… front-left: 32768 /  50% / …`; the first percentage wins. */
export function parsePactlVolume(volume: string, mute: string): VolumeState {
  const level = /(\d+)%/.exec(volume);
  if (!level) throw new JarvisError("TOOL_FAILED", "pactl printed no volume");
  return { level: Number(level[1]), muted: /Mute:\s*yes/i.test(mute) };
}

/** `amixer get Master`: `Front Left: Playback 45 [70%] [-12.00dB] [on]`. */
export function parseAmixer(text: string): VolumeState {
  const m = /\[(\d+)%\](?:.*?\[(on|off)\])?/.exec(text);
  if (!m) throw new JarvisError("TOOL_FAILED", "amixer printed no volume for Master");
  return { level: Number(m[1]), muted: m[2] === "off" };
}

/** PulseAudio/PipeWire through pactl when present, else ALSA's Master control through amixer. */
export class LinuxAudio implements Audio {
  constructor(
    private readonly run: CommandRunner,
    private readonly which: Which,
  ) {}

  private get pactl(): boolean {
    return this.which("pactl") !== undefined;
  }

  async get(signal?: AbortSignal): Promise<VolumeState> {
    if (this.pactl) {
      const [volume, mute] = await Promise.all([
        runChecked(this.run, "pactl", ["get-sink-volume", "@DEFAULT_SINK@"], { signal }),
        runChecked(this.run, "pactl", ["get-sink-mute", "@DEFAULT_SINK@"], { signal }),
      ]);
      return parsePactlVolume(volume, mute);
    }
    return parseAmixer(await runChecked(this.run, "amixer", ["-M", "get", "Master"], { signal }));
  }

  async setLevel(level: number, signal?: AbortSignal): Promise<void> {
    const percent = `${Math.round(level)}%`;
    if (this.pactl)
      await runChecked(this.run, "pactl", ["set-sink-volume", "@DEFAULT_SINK@", percent], { signal });
    else await runChecked(this.run, "amixer", ["-q", "-M", "set", "Master", percent], { signal });
  }

  async setMuted(muted: boolean, signal?: AbortSignal): Promise<void> {
    if (this.pactl) {
      await runChecked(this.run, "pactl", ["set-sink-mute", "@DEFAULT_SINK@", muted ? "1" : "0"], { signal });
    } else {
      await runChecked(this.run, "amixer", ["-q", "set", "Master", muted ? "mute" : "unmute"], { signal });
    }
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Batteries and AC from `/sys/class/power_supply` (the kernel's view; no daemon needed). */
export function readPowerSupplies(root: string): { onAc: boolean | undefined; batteries: BatteryInfo[] } {
  let names: string[] = [];
  try {
    names = readdirSync(root).sort();
  } catch {
    return { onAc: undefined, batteries: [] };
  }
  let onAc: boolean | undefined;
  const batteries: BatteryInfo[] = [];
  for (const name of names) {
    const dir = join(root, name);
    const type = readText(join(dir, "type"));
    if (type === "Mains" || type === "USB") {
      const online = readText(join(dir, "online"));
      if (online !== undefined) onAc = (onAc ?? false) || online === "1";
      continue;
    }
    if (type !== "Battery" || readText(join(dir, "scope")) === "Device") continue;
    const capacity = Number(readText(join(dir, "capacity")));
    const status = (readText(join(dir, "status")) ?? "Unknown").toLowerCase();
    const state: BatteryInfo["state"] =
      status === "charging" || status === "discharging" || status === "full" || status === "not charging"
        ? status
        : "unknown";
    const energyNow = Number(readText(join(dir, "energy_now")) ?? readText(join(dir, "charge_now")));
    const energyFull = Number(readText(join(dir, "energy_full")) ?? readText(join(dir, "charge_full")));
    const rate = Number(readText(join(dir, "power_now")) ?? readText(join(dir, "current_now")));
    let minutesRemaining: number | undefined;
    if (rate > 0 && Number.isFinite(energyNow)) {
      if (state === "discharging") minutesRemaining = Math.round((energyNow / rate) * 60);
      else if (state === "charging" && Number.isFinite(energyFull)) {
        minutesRemaining = Math.round(((energyFull - energyNow) / rate) * 60);
      }
    }
    batteries.push({
      name,
      percent: Number.isFinite(capacity) ? capacity : Math.round((energyNow / energyFull) * 100),
      state,
      minutesRemaining,
    });
  }
  return { onAc, batteries };
}

/** `upower -i <device>`: `percentage: 57%`, `state: discharging`, `time to empty: 2.1 hours`. */
export function parseUpower(device: string, text: string): BatteryInfo | undefined {
  const field = (name: string) => new RegExp(`^\\s*${name}:\\s*(.+)$`, "m").exec(text)?.[1]?.trim();
  const percent = Number(field("percentage")?.replace("%", ""));
  if (!Number.isFinite(percent)) return undefined;
  const status = field("state") ?? "unknown";
  const state: BatteryInfo["state"] =
    status === "charging" || status === "discharging"
      ? status
      : status === "fully-charged"
        ? "full"
        : status === "pending-charge"
          ? "not charging"
          : "unknown";
  const time = /^([\d.]+) (hours|minutes)$/.exec(
    field(state === "charging" ? "time to full" : "time to empty") ?? "",
  );
  const minutesRemaining = time ? Math.round(Number(time[1]) * (time[2] === "hours" ? 60 : 1)) : undefined;
  return {
    name: device.trim().split("/").pop() ?? "battery",
    percent: Math.round(percent),
    state,
    minutesRemaining,
  };
}

export class LinuxPower implements Power {
  constructor(
    private readonly run: CommandRunner,
    private readonly which: Which,
    private readonly sysRoot = "/sys/class",
  ) {}

  async batteries(signal?: AbortSignal): Promise<{ onAc: boolean | undefined; batteries: BatteryInfo[] }> {
    const fromSysfs = readPowerSupplies(join(this.sysRoot, "power_supply"));
    if (fromSysfs.batteries.length > 0 || !this.which("upower")) return fromSysfs;
    // No kernel view (containers, some BSDs): ask UPower.
    const devices = (await runChecked(this.run, "upower", ["-e"], { signal }))
      .split("\n")
      .filter((d) => /battery_/.test(d));
    const batteries: BatteryInfo[] = [];
    for (const device of devices) {
      const battery = parseUpower(
        device,
        await runChecked(this.run, "upower", ["-i", device.trim()], { signal }),
      );
      if (battery) batteries.push(battery);
    }
    return { onAc: fromSysfs.onAc, batteries };
  }

  async setBrightness(percent: number, signal?: AbortSignal): Promise<string> {
    if (this.which("brightnessctl")) {
      await runChecked(this.run, "brightnessctl", ["--quiet", "set", `${Math.round(percent)}%`], { signal });
      return "brightnessctl";
    }
    const root = join(this.sysRoot, "backlight");
    let devices: string[] = [];
    try {
      devices = readdirSync(root).sort();
    } catch {
      // none
    }
    const device = devices[0];
    if (!device) {
      throw new JarvisError(
        "UNAVAILABLE",
        "no backlight found (external monitors are not controllable here)",
        {
          fix: "sudo apt-get install brightnessctl (or ddcutil for external monitors)",
        },
      );
    }
    const max = Number(readText(join(root, device, "max_brightness")));
    const value = Math.max(percent > 0 ? 1 : 0, Math.round((max * percent) / 100));
    try {
      writeFileSync(join(root, device, "brightness"), String(value));
    } catch (error) {
      throw new JarvisError("UNAVAILABLE", `cannot write ${device} brightness: ${(error as Error).message}`, {
        fix: "sudo apt-get install brightnessctl (its udev rule lets your user change brightness)",
      });
    }
    return device;
  }

  async lock(signal?: AbortSignal): Promise<void> {
    const attempts: Array<[string, string[]]> = [
      ["loginctl", ["lock-session"]],
      ["xdg-screensaver", ["lock"]],
    ];
    const problems: string[] = [];
    for (const [program, args] of attempts) {
      if (!this.which(program)) continue;
      const result = await this.run(program, args, { signal });
      if (result.code === 0) return;
      problems.push(`${program}: ${result.stderr.trim().split("\n")[0] || `exit ${result.code}`}`);
    }
    throw new JarvisError(
      "TOOL_FAILED",
      `could not lock the screen (${problems.join("; ") || "no locker"})`,
      {
        fix: "install a screen locker (e.g. `sudo apt-get install light-locker` or xscreensaver)",
      },
    );
  }
}

/** Desktop notifications through notify-send; `--` keeps a title starting with "-" a title. */
export class LinuxNotifier implements Notifier {
  constructor(private readonly run: CommandRunner) {}

  async notify(title: string, body: string | undefined, signal?: AbortSignal): Promise<void> {
    const args = ["--app-name=Jarvis", "--", title];
    if (body) args.push(body);
    await runChecked(this.run, "notify-send", args, { signal });
  }

  /** Critical urgency (stays until answered); notify-send prints the chosen action's key. */
  async alert(
    title: string,
    body: string,
    actions: ReadonlyArray<{ key: string; label: string }>,
    signal?: AbortSignal,
  ): Promise<string | undefined> {
    const buttons = actions.map((action) => `--action=${action.key}=${action.label}`);
    const args = ["--app-name=Jarvis", "--urgency=critical", ...buttons, "--", title, body];
    const chosen = (await runChecked(this.run, "notify-send", args, { signal })).trim();
    return actions.some((action) => action.key === chosen) ? chosen : undefined;
  }
}

const SEP = "\u001f";

/** MPRIS players (Spotify, VLC, browsers, Rhythmbox …) through playerctl. */
export class LinuxMedia implements Media {
  constructor(private readonly run: CommandRunner) {}

  private async control(command: string, signal?: AbortSignal): Promise<void> {
    const result = await this.run("playerctl", [command], { signal });
    if (result.code !== 0) {
      if (/no players? found/i.test(result.stderr)) {
        throw new JarvisError("NOT_FOUND", "no media player is running", {
          fix: "start a player (Spotify, VLC, a browser tab)",
        });
      }
      throw new JarvisError(
        "TOOL_FAILED",
        `playerctl ${command} failed: ${result.stderr.trim() || `exit ${result.code}`}`,
      );
    }
  }

  async play(query: string | undefined, signal?: AbortSignal): Promise<string> {
    if (query) {
      throw new JarvisError("UNAVAILABLE", "MPRIS players cannot search for music", {
        fix: "open the player and pick it, or call media_play without a query to resume",
      });
    }
    await this.control("play", signal);
    return "playing";
  }

  pause(signal?: AbortSignal): Promise<void> {
    return this.control("pause", signal);
  }

  next(signal?: AbortSignal): Promise<void> {
    return this.control("next", signal);
  }

  previous(signal?: AbortSignal): Promise<void> {
    return this.control("previous", signal);
  }

  async nowPlaying(signal?: AbortSignal): Promise<NowPlaying | undefined> {
    const format = ["{{playerName}}", "{{lc(status)}}", "{{title}}", "{{artist}}", "{{album}}"].join(SEP);
    const result = await this.run("playerctl", ["metadata", "--format", format], { signal });
    if (result.code !== 0) return undefined;
    const [player = "", status = "", title, artist, album] = result.stdout.replace(/\n$/, "").split(SEP);
    return {
      player,
      status: status === "playing" || status === "paused" ? status : "stopped",
      title: title || undefined,
      artist: artist || undefined,
      album: album || undefined,
    };
  }
}
