import { existsSync, readdirSync } from "node:fs";
import { findProgram } from "./programs.js";
import type { Capability } from "./types.js";

/** How requirement checks look at the machine; injectable so tests can describe any machine. */
export interface SystemProbe {
  which(program: string): string | undefined;
  exists(path: string): boolean;
  env: NodeJS.ProcessEnv;
}

export function systemProbe(env: NodeJS.ProcessEnv): SystemProbe {
  return { which: (program) => findProgram(program, env), exists: existsSync, env };
}

/** ImageMagick's `import`: the Debian one first, so a same-named stand-in elsewhere is not used. */
export function imagemagickImport(probe: SystemProbe): string | undefined {
  if (probe.exists("/usr/bin/import")) return "/usr/bin/import";
  return probe.which("import");
}

/** The Python that has `gi` (python3-gi installs into the system interpreter, not pyenv/venv). */
export function atspiPython(probe: SystemProbe): string | undefined {
  if (probe.env.JARVIS_PYTHON) return probe.env.JARVIS_PYTHON;
  if (probe.exists("/usr/bin/python3")) return "/usr/bin/python3";
  return probe.which("python3");
}

function atspiTypelib(probe: SystemProbe): boolean {
  const candidates = ["/usr/lib/girepository-1.0/Atspi-2.0.typelib"];
  try {
    for (const dir of readdirSync("/usr/lib")) {
      candidates.push(`/usr/lib/${dir}/girepository-1.0/Atspi-2.0.typelib`);
    }
  } catch {
    // no /usr/lib: not Linux
  }
  return candidates.some((path) => probe.exists(path));
}

function x11Display(probe: SystemProbe): string | undefined {
  if (probe.env.DISPLAY) return undefined;
  if (probe.env.WAYLAND_DISPLAY) {
    return 'this is a Wayland session without an X11 DISPLAY; desktop control needs X11 (log into an "Xorg" session, or run Jarvis under XWayland with DISPLAY set)';
  }
  return "no X11 display (DISPLAY is not set); run Jarvis inside your desktop session";
}

function needPrograms(probe: SystemProbe, programs: Array<[string, string]>): string | undefined {
  const missing = programs.filter(([program]) => !probe.which(program));
  if (missing.length === 0) return undefined;
  const names = missing.map(([program]) => program).join(", ");
  const packages = [...new Set(missing.map(([, pkg]) => pkg))].join(" ");
  return `${names} not found; install with \`sudo apt-get install ${packages}\``;
}

function anyProgram(probe: SystemProbe, programs: string[], fix: string): string | undefined {
  return programs.some((program) => probe.which(program))
    ? undefined
    : `${programs.join(" or ")} not found; ${fix}`;
}

const X11: ReadonlySet<Capability> = new Set(["windows", "input", "accessibility", "screen", "clipboard"]);

/** Linux (X11): why `capability` cannot work, with the exact fix, or undefined when it can. */
export function linuxUnavailable(capability: Capability, probe: SystemProbe): string | undefined {
  if (X11.has(capability)) {
    const display = x11Display(probe);
    if (display) return display;
  }
  switch (capability) {
    case "apps":
      return undefined;
    case "windows":
      return needPrograms(probe, [
        ["wmctrl", "wmctrl"],
        ["xdotool", "xdotool"],
      ]);
    case "input":
      return needPrograms(probe, [["xdotool", "xdotool"]]);
    case "accessibility": {
      const python = atspiPython(probe);
      if (!python)
        return "python3 not found; install with `sudo apt-get install python3 python3-gi gir1.2-atspi-2.0`";
      if (!atspiTypelib(probe)) {
        return "the AT-SPI bindings are missing; install with `sudo apt-get install python3-gi gir1.2-atspi-2.0 at-spi2-core`";
      }
      return undefined;
    }
    case "screen":
      return imagemagickImport(probe)
        ? undefined
        : "import not found; install with `sudo apt-get install imagemagick`";
    case "ocr":
      return (
        needPrograms(probe, [["tesseract", "tesseract-ocr tesseract-ocr-eng"]]) ??
        linuxUnavailable("screen", probe)
      );
    case "clipboard":
      return needPrograms(probe, [["xclip", "xclip"]]);
    case "audio":
      return anyProgram(
        probe,
        ["pactl", "amixer"],
        "install with `sudo apt-get install pulseaudio-utils` (or alsa-utils)",
      );
    case "brightness":
      return probe.which("brightnessctl") || probe.exists("/sys/class/backlight")
        ? undefined
        : "no backlight control found; install with `sudo apt-get install brightnessctl` (external monitors need ddcutil)";
    case "battery":
      return probe.exists("/sys/class/power_supply") || probe.which("upower")
        ? undefined
        : "no power-supply information; install with `sudo apt-get install upower`";
    case "lock":
      return anyProgram(
        probe,
        ["loginctl", "xdg-screensaver"],
        "install with `sudo apt-get install xdg-utils`",
      );
    case "notify":
      return needPrograms(probe, [["notify-send", "libnotify-bin"]]);
    case "media":
      return needPrograms(probe, [["playerctl", "playerctl"]]);
  }
}

const MAC_ACCESSIBILITY =
  "allow your terminal (or Jarvis) in System Settings → Privacy & Security → Accessibility";
const MAC_SCREEN =
  "allow your terminal (or Jarvis) in System Settings → Privacy & Security → Screen Recording";

/** macOS: programs that must exist; permissions are reported by `macPermissionNote`. */
export function macUnavailable(capability: Capability, probe: SystemProbe): string | undefined {
  const need = (program: string, fix: string) =>
    probe.which(program) ? undefined : `${program} not found; ${fix}`;
  const osascript = () => need("osascript", "osascript ships with macOS; check PATH includes /usr/bin");
  switch (capability) {
    case "apps":
      return need("open", "check PATH includes /usr/bin") ?? osascript();
    case "windows":
    case "input":
    case "accessibility":
    case "audio":
    case "lock":
    case "notify":
    case "media":
      return osascript();
    case "screen":
      return need("screencapture", "check PATH includes /usr/sbin");
    case "ocr":
      return need("tesseract", "install with `brew install tesseract`") ?? macUnavailable("screen", probe);
    case "clipboard":
      return (
        need("pbpaste", "check PATH includes /usr/bin") ?? need("pbcopy", "check PATH includes /usr/bin")
      );
    case "brightness":
      return need("brightness", "install with `brew install brightness`");
    case "battery":
      return need("pmset", "check PATH includes /usr/bin");
  }
}

/** Permissions macOS asks for that no program lookup can see; doctor prints these as the fix. */
export function macPermissionNote(capability: Capability): string | undefined {
  if (capability === "windows" || capability === "input" || capability === "accessibility")
    return MAC_ACCESSIBILITY;
  if (capability === "screen" || capability === "ocr") return MAC_SCREEN;
  if (capability === "media" || capability === "apps") {
    return "the first use asks to allow Automation; if refused, allow it in System Settings → Privacy & Security → Automation";
  }
  return undefined;
}

export { MAC_ACCESSIBILITY, MAC_SCREEN };
