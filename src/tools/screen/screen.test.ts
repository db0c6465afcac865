import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { FakeX11Desktop, fakeProbe } from "../../platform/fake.js";
import { createLinuxPlatform } from "../../platform/linux/index.js";
import { desktopHarness } from "../../testing/desktop-harness.js";
import { createWindowsTools } from "../windows/index.js";
import { createScreenTools } from "./index.js";

const HEADER =
  "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";
const row = (line: number, word: number, x: number, y: number, text: string) =>
  `5\t1\t1\t1\t${line}\t${word}\t${x}\t${y}\t40\t20\t95\t${text}`;

function setup() {
  const desktop = new FakeX11Desktop()
    .add("0x00400001", "xterm.XTerm", "shell", 100, { x: 0, y: 0, w: 600, h: 400 })
    .add("0x00600003", "mousepad.Mousepad", "Mousepad", 200, { x: 640, y: 100, w: 640, h: 480 });
  desktop.activeId = "0x00600003";
  desktop.runner
    .on("/usr/bin/import", [], (call) => {
      writeFileSync((call.args.at(-1) ?? "").replace(/^png:/, ""), "png");
      return {};
    })
    .on("tesseract", [], {
      stdout: [
        HEADER,
        row(1, 1, 10, 10, "Save"),
        row(1, 2, 60, 10, "changes?"),
        row(2, 1, 10, 50, "Cancel"),
      ].join("\n"),
    });
  const platform = createLinuxPlatform({
    run: desktop.runner.run,
    launcher: async () => ({ pid: 1 }),
    probe: fakeProbe(["wmctrl", "xdotool", "tesseract", "import"]),
  });
  return { desktop, harness: desktopHarness(platform, [createScreenTools, createWindowsTools]) };
}

let current: ReturnType<typeof setup> | undefined;
afterEach(async () => {
  await current?.harness.close();
  current = undefined;
});

describe("screen tools", () => {
  it("reads text with boxes as untrusted output", async () => {
    current = setup();
    const ocr = await current.harness.call("screen_ocr", {});
    expect(ocr.observation).toBe(
      '<untrusted source="screen_ocr">\n(10,10 90x20) Save changes?\n(10,50 40x20) Cancel\n</untrusted>',
    );
  });

  it("clicks found text only inside the target window, reading just that window", async () => {
    current = setup();
    const { harness, desktop } = current;
    const noTarget = await harness.call("screen_find_text", { text: "cancel", click: true });
    expect(noTarget.code).toBe("FOCUS_LOST");
    await harness.call("windows_focus", { window: "Mousepad" });
    const clicked = await harness.call("screen_find_text", { text: "cancel", click: true });
    expect(clicked.status).toBe("ok");
    expect(desktop.runner.argv()).toContainEqual([
      "/usr/bin/import",
      "-window",
      "root",
      "-crop",
      "640x480+640+100",
      "+repage",
      expect.stringMatching(/^png:/),
    ]);
    // The word at (10,50) in the crop is at (650,150) on screen; its center is (670,160).
    expect(desktop.runner.argv().at(-1)).toEqual([
      "xdotool",
      "mousemove",
      "--sync",
      "670",
      "160",
      "click",
      "1",
    ]);
    const missing = await harness.call("screen_find_text", { text: "discard" });
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.observation).toContain('"discard" is not visible on screen');
  });

  it("saves screenshots into Jarvis's folder by default and mints a file handle", async () => {
    current = setup();
    const shot = await current.harness.call("screen_capture", {});
    expect(shot.status).toBe("ok");
    expect(shot.tier).toBe("safe");
    expect(shot.observation).toMatch(/saved a screenshot to .*\/screenshots\/screen-.*\.png \(#f1, 0 KiB\)/);
    const outside = await current.harness.call("screen_capture", { path: "/etc/evil.png" });
    expect(outside.code).toBe("PATH_DENIED");
  });
});
