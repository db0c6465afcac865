import { spawnSync } from "node:child_process";
import type { DoctorCheck, DoctorResult } from "../config/doctor.js";
import {
  atspiPython,
  linuxUnavailable,
  macPermissionNote,
  macUnavailable,
  type SystemProbe,
  systemProbe,
} from "./requirements.js";
import { CAPABILITIES, type Capability } from "./types.js";

const ENABLES: Record<Capability, string> = {
  apps: "apps_list/launch/quit/focus",
  windows: "windows_* and the context lock",
  input: "input_type/hotkey/click",
  accessibility: "ui_state/ui_find/ui_action",
  screen: "screen_capture",
  ocr: "screen_ocr/screen_find_text",
  clipboard: "clipboard_read/write",
  audio: "system_volume_*/system_mute",
  brightness: "system_brightness_set",
  battery: "system_battery",
  lock: "system_lock",
  notify: "system_notify",
  media: "media_*",
};

type Outcome = Omit<DoctorResult, "name" | "area">;

/** The interpreter may exist without python3-gi (a pyenv or venv python): ask it. */
function atspiImports(probe: SystemProbe): string | undefined {
  const python = atspiPython(probe);
  if (!python) return "python3 not found";
  const result = spawnSync(
    python,
    ["-c", "import gi; gi.require_version('Atspi', '2.0'); from gi.repository import Atspi"],
    {
      env: probe.env,
      timeout: 5000,
      encoding: "utf8",
    },
  );
  if (result.status === 0) return undefined;
  return `${python} cannot import the AT-SPI bindings`;
}

/** One check per desktop capability, with the exact fix (package, or macOS Settings pane). */
export function checkDesktopCapability(
  capability: Capability,
  platform: NodeJS.Platform,
  probe: SystemProbe,
): Outcome {
  const enables = ENABLES[capability];
  if (platform === "darwin") {
    const why = macUnavailable(capability, probe);
    if (why)
      return {
        status: "missing",
        detail: `${enables}: ${why.split(";")[0]}`,
        fix: why.split("; ").slice(1).join("; ") || why,
      };
    const note = macPermissionNote(capability);
    return note
      ? { status: "warn", detail: `${enables}: needs a macOS permission`, fix: note }
      : { status: "ok", detail: enables };
  }
  if (platform !== "linux") {
    return {
      status: "missing",
      detail: `${enables}: not supported on ${platform}`,
      fix: "desktop control runs on Linux (X11) and macOS",
    };
  }
  const why = linuxUnavailable(capability, probe);
  if (why) {
    const [problem, ...fix] = why.split("; ");
    return { status: "missing", detail: `${enables}: ${problem}`, fix: fix.join("; ") || why };
  }
  if (capability === "accessibility") {
    const broken = atspiImports(probe);
    if (broken) {
      return {
        status: "missing",
        detail: `${enables}: ${broken}`,
        fix: "sudo apt-get install python3-gi gir1.2-atspi-2.0 at-spi2-core (or set JARVIS_PYTHON to a python that has them)",
      };
    }
  }
  return { status: "ok", detail: enables };
}

/** With only ALSA's amixer, a machine without a sound card still "has" the program. */
function alsaMaster(probe: SystemProbe): Outcome | undefined {
  if (probe.which("pactl") || !probe.which("amixer")) return undefined;
  const result = spawnSync("amixer", ["-M", "get", "Master"], {
    env: probe.env,
    timeout: 5000,
    encoding: "utf8",
  });
  if (result.status === 0) return undefined;
  return {
    status: "missing",
    detail: `${ENABLES.audio}: no ALSA Master control (no sound card or sound server)`,
    fix: "sudo apt-get install pulseaudio-utils (with PipeWire or PulseAudio running)",
  };
}

export const DESKTOP_CHECKS: DoctorCheck[] = CAPABILITIES.map((capability) => ({
  name: `desktop ${capability}`,
  area: "desktop",
  async run(context) {
    const probe = systemProbe(context.env);
    const outcome = checkDesktopCapability(capability, process.platform, probe);
    if (outcome.status === "ok" && capability === "audio" && process.platform === "linux") {
      return alsaMaster(probe) ?? outcome;
    }
    return outcome;
  },
}));
