import { describe, expect, it } from "vitest";
import { checkDesktopCapability, DESKTOP_CHECKS } from "./doctor.js";
import { fakeProbe } from "./fake.js";

describe("desktop doctor checks", () => {
  it("has one check per capability", () => {
    expect(DESKTOP_CHECKS.map((c) => c.name)).toContain("desktop accessibility");
    expect(new Set(DESKTOP_CHECKS.map((c) => c.area))).toEqual(new Set(["desktop"]));
  });

  it("gives the exact Debian fix on Linux", () => {
    const bare = fakeProbe([], { DISPLAY: ":0" });
    expect(checkDesktopCapability("windows", "linux", bare)).toEqual({
      status: "missing",
      detail: "windows_* and the context lock: wmctrl, xdotool not found",
      fix: "install with `sudo apt-get install wmctrl xdotool`",
    });
    expect(checkDesktopCapability("ocr", "linux", bare).fix).toBe(
      "install with `sudo apt-get install tesseract-ocr tesseract-ocr-eng`",
    );
    expect(checkDesktopCapability("input", "linux", fakeProbe(["xdotool"], {}))).toMatchObject({
      status: "missing",
      fix: "run Jarvis inside your desktop session",
    });
    expect(checkDesktopCapability("clipboard", "linux", fakeProbe(["xclip"]))).toEqual({
      status: "ok",
      detail: "clipboard_read/write",
    });
  });

  it("points at the macOS Settings pane for permissions and at brew for programs", () => {
    const mac = fakeProbe(["osascript", "screencapture"], {});
    expect(checkDesktopCapability("accessibility", "darwin", mac)).toEqual({
      status: "warn",
      detail: "ui_state/ui_find/ui_action: needs a macOS permission",
      fix: "allow your terminal (or Jarvis) in System Settings → Privacy & Security → Accessibility",
    });
    expect(checkDesktopCapability("screen", "darwin", mac).fix).toContain("Screen Recording");
    expect(checkDesktopCapability("ocr", "darwin", mac)).toMatchObject({
      status: "missing",
      fix: "install with `brew install tesseract`",
    });
    expect(checkDesktopCapability("apps", "win32", mac).status).toBe("missing");
  });
});
