import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FakeRunner } from "../fake.js";
import { parseChord } from "../keys.js";
import { LinuxClipboard, LinuxInput, LinuxScreen } from "./io.js";
import {
  LinuxAudio,
  LinuxMedia,
  LinuxNotifier,
  LinuxPower,
  parseAmixer,
  readPowerSupplies,
} from "./system.js";
import { LinuxWindows, normalizeWindowId, parseWmctrlList, parseWorkArea } from "./windows.js";

const HOSTILE = '"; do shell script "rm -rf ~" --help $(reboot)';
const WMCTRL = [
  "0x0040000c  0 14632  2    40   1262 763  xterm.XTerm           vm xterm",
  "0x00600003  0 14630  640  335  640  480  mousepad.Mousepad     vm Untitled 1 - Mousepad",
  "0x00800001 -1 0      0    0    1280 24   N/A                   N/A ",
  "0x00a00003  0 0      10   10   300  200  feh.feh               N/A ",
].join("\n");

describe("wmctrl parsing", () => {
  it("reads ids, pids, geometry, class and titles, marking the active one", () => {
    const windows = parseWmctrlList(WMCTRL, "0x00600003");
    expect(windows).toEqual([
      {
        id: "0x0040000c",
        title: "xterm",
        app: "xterm",
        pid: 14632,
        rect: { x: 2, y: 40, width: 1262, height: 763 },
        active: false,
      },
      {
        id: "0x00600003",
        title: "Untitled 1 - Mousepad",
        app: "mousepad",
        pid: 14630,
        rect: { x: 640, y: 335, width: 640, height: 480 },
        active: true,
      },
      {
        id: "0x00a00003",
        title: "",
        app: "feh",
        pid: undefined,
        rect: { x: 10, y: 10, width: 300, height: 200 },
        active: false,
      },
    ]);
    expect(normalizeWindowId(4194316)).toBe("0x0040000c");
    expect(normalizeWindowId("0x40000c")).toBe("0x0040000c");
    expect(() => normalizeWindowId("nope")).toThrow(/not a window id/);
    expect(
      parseWorkArea(
        "0  * DG: 1280x800  VP: 0,0  WA: 0,24 1280x776  desktop 1\n1  - DG: 1280x800  VP: N/A  WA: 0,0 1280x800  two",
      ),
    ).toEqual({ x: 0, y: 24, width: 1280, height: 776 });
  });
});

describe("Linux argv contracts", () => {
  it("windows: focus waits for activation; move restores then sets geometry; minimize, close, maximize", async () => {
    const fake = new FakeRunner()
      .on("xdotool", ["getactivewindow"], { stdout: "6291459\n" })
      .on("wmctrl", ["-lpGx"], { stdout: WMCTRL });
    const windows = new LinuxWindows(fake.run);
    const target = (await windows.list()).find((w) => w.app === "mousepad")!;
    expect((await windows.active())?.id).toBe("0x00600003");
    fake.calls.length = 0;
    await windows.focus(target);
    await windows.move(target, { x: 0, y: 24, width: 640 });
    await windows.minimize(target);
    await windows.close(target);
    await windows.maximize(target);
    expect(fake.argv()).toEqual([
      ["wmctrl", "-i", "-a", "0x00600003"],
      ["xdotool", "getactivewindow"],
      ["wmctrl", "-i", "-r", "0x00600003", "-b", "remove,maximized_vert,maximized_horz"],
      ["wmctrl", "-i", "-r", "0x00600003", "-e", "0,0,24,640,-1"],
      ["xdotool", "windowminimize", "6291459"],
      ["wmctrl", "-i", "-c", "0x00600003"],
      ["wmctrl", "-i", "-r", "0x00600003", "-b", "add,maximized_vert,maximized_horz"],
    ]);
  });

  it("input: text goes through stdin, so hostile text is data; chords and clicks are exact", async () => {
    const fake = new FakeRunner();
    const input = new LinuxInput(fake.run);
    await input.type(`-${HOSTILE}\n`, { delayMs: 8 });
    await input.hotkey(parseChord("ctrl+shift+t"));
    await input.click({ x: 10.4, y: 20, button: "right", double: true });
    expect(fake.argv()).toEqual([
      ["xdotool", "type", "--clearmodifiers", "--delay", "8", "--file", "-"],
      ["xdotool", "key", "--clearmodifiers", "ctrl+shift+t"],
      ["xdotool", "mousemove", "--sync", "10", "20", "click", "--repeat", "2", "3"],
    ]);
    expect(fake.calls[0]?.input).toBe(`-${HOSTILE}\n`);
  });

  it("screen: import crops a region, tesseract runs single-threaded with TSV output", async () => {
    const fake = new FakeRunner().on("tesseract", [], {
      stdout:
        "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n5\t1\t1\t1\t1\t1\t1\t2\t3\t4\t90\thi\n",
    });
    const screen = new LinuxScreen(fake.run, "/usr/bin/import");
    await screen.capture("/tmp/x.png", { region: { x: 5, y: 6, width: 70, height: 80 } });
    expect(await screen.ocr("/tmp/x.png")).toHaveLength(1);
    expect(fake.argv()).toEqual([
      ["/usr/bin/import", "-window", "root", "-crop", "70x80+5+6", "+repage", "png:/tmp/x.png"],
      ["tesseract", "/tmp/x.png", "stdout", "--psm", "3", "tsv"],
    ]);
    expect(fake.calls[1]?.env).toEqual({ OMP_THREAD_LIMIT: "1" });
  });

  it("clipboard: xclip reads and writes the CLIPBOARD selection; empty is not an error", async () => {
    const fake = new FakeRunner().on("xclip", ["-selection", "clipboard", "-o"], {
      code: 1,
      stderr: "Error: target STRING not available\n",
    });
    const clipboard = new LinuxClipboard(fake.run);
    await clipboard.write("héllo ✓");
    expect(await clipboard.read()).toBe("");
    expect(fake.argv()).toEqual([
      ["xclip", "-selection", "clipboard", "-i"],
      ["xclip", "-selection", "clipboard", "-o"],
    ]);
    expect(fake.calls[0]?.input).toBe("héllo ✓");
    fake.on("xclip", ["-selection", "clipboard", "-o"], { code: 1, stderr: "Error: Can't open display: :9" });
    await expect(clipboard.read()).rejects.toThrow(/Can't open display/);
  });

  it("audio: pactl when present, amixer otherwise", async () => {
    const pulse = new FakeRunner()
      .on("pactl", ["get-sink-volume"], {
        stdout: "Volume: front-left: 32768 /  50% / -18.06 dB,   front-right: 32768 /  50% / -18.06 dB\n",
      })
      .on("pactl", ["get-sink-mute"], { stdout: "Mute: yes\n" });
    const withPactl = new LinuxAudio(pulse.run, (p) => (p === "pactl" ? "/usr/bin/pactl" : undefined));
    expect(await withPactl.get()).toEqual({ level: 50, muted: true });
    await withPactl.setLevel(33.6);
    await withPactl.setMuted(false);
    expect(pulse.argv().slice(2)).toEqual([
      ["pactl", "set-sink-volume", "@DEFAULT_SINK@", "34%"],
      ["pactl", "set-sink-mute", "@DEFAULT_SINK@", "0"],
    ]);
    const alsa = new FakeRunner().on("amixer", ["-M", "get"], {
      stdout: "Simple mixer control 'Master',0\n  Mono: Playback 45 [70%] [-12.00dB] [off]\n",
    });
    const withAmixer = new LinuxAudio(alsa.run, () => undefined);
    expect(await withAmixer.get()).toEqual({ level: 70, muted: true });
    await withAmixer.setLevel(10);
    await withAmixer.setMuted(true);
    expect(alsa.argv().slice(1)).toEqual([
      ["amixer", "-q", "-M", "set", "Master", "10%"],
      ["amixer", "-q", "set", "Master", "mute"],
    ]);
    expect(() => parseAmixer("nothing")).toThrow(/no volume/);
  });

  it("notify-send ends options before the title; playerctl drives MPRIS", async () => {
    const fake = new FakeRunner().on("playerctl", ["metadata"], {
      stdout: "spotify\u001fplaying\u001fSo What\u001fMiles Davis\u001fKind of Blue\n",
    });
    await new LinuxNotifier(fake.run).notify("--urgency=critical", HOSTILE);
    const media = new LinuxMedia(fake.run);
    await media.play(undefined);
    await media.next();
    expect(await media.nowPlaying()).toEqual({
      player: "spotify",
      status: "playing",
      title: "So What",
      artist: "Miles Davis",
      album: "Kind of Blue",
    });
    expect(fake.argv().slice(0, 3)).toEqual([
      ["notify-send", "--app-name=Jarvis", "--", "--urgency=critical", HOSTILE],
      ["playerctl", "play"],
      ["playerctl", "next"],
    ]);
    await expect(media.play("jazz")).rejects.toThrow(/cannot search/);
    fake.on("playerctl", ["pause"], { code: 1, stderr: "No players found" });
    await expect(media.pause()).rejects.toThrow(/no media player is running/);
  });
});

describe("power from sysfs", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function supply(root: string, name: string, files: Record<string, string>) {
    mkdirSync(join(root, name), { recursive: true });
    for (const [file, value] of Object.entries(files)) writeFileSync(join(root, name, file), `${value}\n`);
  }

  it("reads batteries, AC and time left; writes backlight brightness", async () => {
    dir = mkdtempSync(join(tmpdir(), "jarvis-sys-"));
    supply(join(dir, "power_supply"), "AC", { type: "Mains", online: "0" });
    supply(join(dir, "power_supply"), "BAT0", {
      type: "Battery",
      capacity: "57",
      status: "Discharging",
      energy_now: "20000000",
      power_now: "10000000",
    });
    supply(join(dir, "power_supply"), "hidpp_battery_0", {
      type: "Battery",
      scope: "Device",
      capacity: "90",
      status: "Discharging",
    });
    supply(join(dir, "backlight"), "intel_backlight", { max_brightness: "1000", brightness: "500" });
    expect(readPowerSupplies(join(dir, "power_supply"))).toEqual({
      onAc: false,
      batteries: [{ name: "BAT0", percent: 57, state: "discharging", minutesRemaining: 120 }],
    });
    expect(readPowerSupplies(join(dir, "missing"))).toEqual({ onAc: undefined, batteries: [] });
    const fake = new FakeRunner();
    const power = new LinuxPower(fake.run, () => undefined, dir);
    expect(await power.setBrightness(25)).toBe("intel_backlight");
    expect(readFileSync(join(dir, "backlight", "intel_backlight", "brightness"), "utf8")).toBe("250");
    const viaTool = new LinuxPower(
      fake.run,
      (p) => (p === "brightnessctl" ? "/usr/bin/brightnessctl" : undefined),
      dir,
    );
    await viaTool.setBrightness(40);
    expect(fake.argv()).toEqual([["brightnessctl", "--quiet", "set", "40%"]]);
    await expect(
      new LinuxPower(fake.run, () => undefined, join(dir, "none")).setBrightness(5),
    ).rejects.toThrow(/no backlight/);
  });

  it("asks UPower when the kernel shows no battery", async () => {
    dir = mkdtempSync(join(tmpdir(), "jarvis-sys-"));
    const fake = new FakeRunner()
      .on("upower", ["-e"], {
        stdout:
          "/org/freedesktop/UPower/devices/line_power_AC\n/org/freedesktop/UPower/devices/battery_BAT0\n",
      })
      .on("upower", ["-i"], {
        stdout:
          "  native-path:          BAT0\n  battery\n    state:               discharging\n    time to empty:       2.5 hours\n    percentage:          57%\n",
      });
    const power = new LinuxPower(fake.run, (p) => (p === "upower" ? "/usr/bin/upower" : undefined), dir);
    expect(await power.batteries()).toEqual({
      onAc: undefined,
      batteries: [{ name: "battery_BAT0", percent: 57, state: "discharging", minutesRemaining: 150 }],
    });
    expect(fake.argv()).toEqual([
      ["upower", "-e"],
      ["upower", "-i", "/org/freedesktop/UPower/devices/battery_BAT0"],
    ]);
  });

  it("locks with loginctl, falls back to xdg-screensaver, and says so when neither works", async () => {
    const fake = new FakeRunner().on("loginctl", ["lock-session"], {
      code: 1,
      stderr: "Could not get session\n",
    });
    const power = new LinuxPower(fake.run, (p) => `/usr/bin/${p}`);
    await power.lock();
    expect(fake.argv()).toEqual([
      ["loginctl", "lock-session"],
      ["xdg-screensaver", "lock"],
    ]);
    fake.on("xdg-screensaver", ["lock"], { code: 4, stderr: "no screensaver" });
    await expect(power.lock()).rejects.toThrow(
      /could not lock the screen \(loginctl: Could not get session; xdg-screensaver: no screensaver\)/,
    );
  });
});
