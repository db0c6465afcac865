import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { parseTesseractTsv } from "../ocr.js";
import { runChecked } from "../runner.js";
import type {
  Audio,
  BatteryInfo,
  Clipboard,
  CommandRunner,
  Media,
  Notifier,
  NowPlaying,
  OcrWord,
  Power,
  Rect,
  Screen,
  VolumeState,
} from "../types.js";
import { osascript, SCRIPTS } from "./osascript.js";

/** pbcopy/pbpaste pick the text encoding from the locale; without UTF-8 they mangle non-ASCII. */
const UTF8 = { LANG: "en_US.UTF-8", LC_CTYPE: "UTF-8" };

export class MacScreen implements Screen {
  constructor(private readonly run: CommandRunner) {}

  async capture(file: string, options: { region?: Rect | undefined }, signal?: AbortSignal): Promise<void> {
    const args = ["-x"];
    const r = options.region;
    if (r)
      args.push(`-R${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`);
    args.push(file);
    const result = await this.run("screencapture", args, { signal });
    if (result.code !== 0) {
      throw new JarvisError(
        "UNAVAILABLE",
        `screencapture failed: ${result.stderr.trim() || `exit ${result.code}`}`,
        {
          fix: "allow your terminal (or Jarvis) in System Settings → Privacy & Security → Screen Recording",
        },
      );
    }
  }

  async ocr(file: string, signal?: AbortSignal): Promise<OcrWord[]> {
    const tsv = await runChecked(this.run, "tesseract", [file, "stdout", "--psm", "3", "tsv"], {
      signal,
      env: { OMP_THREAD_LIMIT: "1" },
    });
    return parseTesseractTsv(tsv);
  }
}

export class MacClipboard implements Clipboard {
  constructor(private readonly run: CommandRunner) {}

  read(signal?: AbortSignal): Promise<string> {
    return runChecked(this.run, "pbpaste", [], { signal, env: UTF8 });
  }

  async write(text: string, signal?: AbortSignal): Promise<void> {
    await runChecked(this.run, "pbcopy", [], { signal, input: text, env: UTF8 });
  }
}

export class MacAudio implements Audio {
  constructor(private readonly run: CommandRunner) {}

  async get(signal?: AbortSignal): Promise<VolumeState> {
    const [level, muted] = (await osascript(this.run, SCRIPTS.getVolume, [], { signal })).split(",");
    return { level: Number(level), muted: muted?.trim() === "true" };
  }

  async setLevel(level: number, signal?: AbortSignal): Promise<void> {
    await osascript(this.run, SCRIPTS.setVolume, [String(Math.round(level))], { signal });
  }

  async setMuted(muted: boolean, signal?: AbortSignal): Promise<void> {
    await osascript(this.run, SCRIPTS.setMuted, [String(muted)], { signal });
  }
}

/** `pmset -g batt`: "Now drawing from 'AC Power'" then ` -InternalBattery-0 (id=…)\t85%; charging; 1:20 remaining`. */
export function parsePmset(text: string): { onAc: boolean | undefined; batteries: BatteryInfo[] } {
  const source = /drawing from '([^']+)'/.exec(text)?.[1];
  const batteries: BatteryInfo[] = [];
  for (const line of text.split("\n")) {
    const m = /^\s*-?\s*(\S+).*?\t(\d+)%;\s*([^;]+);\s*(?:(\d+):(\d+) remaining)?/.exec(line);
    if (!m) continue;
    const status = (m[3] ?? "").trim().toLowerCase();
    const state: BatteryInfo["state"] =
      status === "charging" || status === "discharging"
        ? status
        : status === "charged" || status === "finishing charge"
          ? "full"
          : status === "ac attached"
            ? "not charging"
            : "unknown";
    batteries.push({
      name: m[1] ?? "battery",
      percent: Number(m[2]),
      state,
      minutesRemaining: m[4] === undefined ? undefined : Number(m[4]) * 60 + Number(m[5]),
    });
  }
  return { onAc: source === undefined ? undefined : source === "AC Power", batteries };
}

export class MacPower implements Power {
  constructor(
    private readonly run: CommandRunner,
    private readonly which: (program: string) => string | undefined,
  ) {}

  async batteries(signal?: AbortSignal): Promise<{ onAc: boolean | undefined; batteries: BatteryInfo[] }> {
    return parsePmset(await runChecked(this.run, "pmset", ["-g", "batt"], { signal }));
  }

  async setBrightness(percent: number, signal?: AbortSignal): Promise<string> {
    if (this.which("brightness")) {
      await runChecked(this.run, "brightness", [(Math.round(percent) / 100).toFixed(2)], { signal });
      return "brightness";
    }
    // Fallback: a user Shortcut named "Set Brightness" that takes a number as input.
    const dir = mkdtempSync(join(tmpdir(), "jarvis-brightness-"));
    try {
      const input = join(dir, "level.txt");
      writeFileSync(input, String(Math.round(percent)));
      const result = await this.run("shortcuts", ["run", "Set Brightness", "--input-path", input], {
        signal,
      });
      if (result.code !== 0) {
        throw new JarvisError("UNAVAILABLE", "no way to set brightness found", {
          fix: 'brew install brightness, or create a Shortcut named "Set Brightness" that takes a number',
        });
      }
      return "shortcuts";
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  async lock(signal?: AbortSignal): Promise<void> {
    await osascript(this.run, SCRIPTS.lock, [], { signal });
  }
}

export class MacNotifier implements Notifier {
  constructor(private readonly run: CommandRunner) {}

  async notify(title: string, body: string | undefined, signal?: AbortSignal): Promise<void> {
    await osascript(this.run, SCRIPTS.notify, [title, body ?? ""], { signal });
  }

  /** An alert with buttons (labels as argv, never spliced into the script); gives up after 10 min. */
  async alert(
    title: string,
    body: string,
    actions: ReadonlyArray<{ key: string; label: string }>,
    signal?: AbortSignal,
  ): Promise<string | undefined> {
    const labels = actions.map((action) => action.label);
    const out = await osascript(this.run, SCRIPTS.alert, [title, body, ...labels], { signal });
    const chosen = /button returned:([^,]*)/.exec(out)?.[1];
    return actions.find((action) => action.label === chosen)?.key;
  }
}

const SEP = "\u001f";

/** Spotify when it is running, otherwise Music; the query reaches the script only as argv. */
export class MacMedia implements Media {
  constructor(private readonly run: CommandRunner) {}

  private async player(signal?: AbortSignal): Promise<"Spotify" | "Music"> {
    return (await osascript(this.run, SCRIPTS.whichPlayer, [], { signal })) === "Spotify"
      ? "Spotify"
      : "Music";
  }

  private async command(args: string[], signal?: AbortSignal): Promise<{ player: string; out: string }> {
    const player = await this.player(signal);
    const out = await osascript(this.run, player === "Spotify" ? SCRIPTS.spotify : SCRIPTS.music, args, {
      signal,
    });
    return { player, out };
  }

  async play(query: string | undefined, signal?: AbortSignal): Promise<string> {
    const player = await this.player(signal);
    // Spotify's AppleScript plays URIs only; a search goes through Music's library instead.
    const via = query && player === "Spotify" && !query.startsWith("spotify:") ? "Music" : player;
    await osascript(
      this.run,
      via === "Spotify" ? SCRIPTS.spotify : SCRIPTS.music,
      query ? ["play", query] : ["play"],
      {
        signal,
      },
    );
    return query ? `playing "${query}" in ${via}` : `playing in ${via}`;
  }

  async pause(signal?: AbortSignal): Promise<void> {
    await this.command(["pause"], signal);
  }

  async next(signal?: AbortSignal): Promise<void> {
    await this.command(["next"], signal);
  }

  async previous(signal?: AbortSignal): Promise<void> {
    await this.command(["previous"], signal);
  }

  async nowPlaying(signal?: AbortSignal): Promise<NowPlaying | undefined> {
    const { player, out } = await this.command(["now"], signal);
    if (out === "stopped") return { player, status: "stopped" };
    const [state, title, artist, album] = out.split(SEP);
    return {
      player,
      status: state === "playing" ? "playing" : state === "paused" ? "paused" : "stopped",
      title: title || undefined,
      artist: artist || undefined,
      album: album || undefined,
    };
  }
}
