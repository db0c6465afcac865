import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform } from "../../src/platform/factory.js";
import { desktopHarness } from "../../src/testing/desktop-harness.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { createMediaTools } from "../../src/tools/media/index.js";
import { createSystemControlTools } from "../../src/tools/system/control.js";
import { eventually, startSessionBus } from "./session.js";

const ready = hasPrograms(
  ["dbus-daemon", "notify-send", "playerctl", "python3"],
  "dbus libnotify-bin playerctl python3-gi",
);
const SERVICES = join(dirname(fileURLToPath(import.meta.url)), "dbus_services.py");
const HOSTILE = '-u critical "; do shell script "rm -rf ~"';

describe.skipIf(!ready)("notifications and media over real D-Bus (notify-send, playerctl)", () => {
  let bus: Awaited<ReturnType<typeof startSessionBus>>;
  let services: ChildProcess;
  let harness: ReturnType<typeof desktopHarness>;
  const events: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    bus = await startSessionBus();
    const env = { PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: bus.address };
    services = spawn("/usr/bin/python3", [SERVICES], { env, stdio: ["ignore", "pipe", "inherit"] });
    createInterface({ input: services.stdout as NodeJS.ReadableStream }).on("line", (line) =>
      events.push(JSON.parse(line)),
    );
    await eventually(() => (events.some((e) => e.event === "ready") ? true : undefined), 100);
    harness = desktopHarness(createPlatform({ env }), [createSystemControlTools, createMediaTools], env);
  });

  afterAll(async () => {
    await harness?.close();
    if (services?.pid) process.kill(services.pid, "SIGKILL");
    bus?.stop();
  });

  const observe = async (tool: string, args: Record<string, unknown> = {}) =>
    (await harness.call(tool, args)).observation;

  it("shows a notification with title and body exactly as given", async () => {
    expect(await observe("system_notify", { title: HOSTILE, body: "tea is ready ✓" })).toContain(
      "notification shown",
    );
    expect(events.filter((e) => e.event === "notify")).toEqual([
      { event: "notify", app: "Jarvis", summary: HOSTILE, body: "tea is ready ✓" },
    ]);
  });

  it("drives an MPRIS player: now playing, play, next, previous, pause", async () => {
    expect(await observe("media_now_playing")).toContain(
      "jarvistest is paused: So What by Miles Davis (Kind of Blue)",
    );
    expect(await observe("media_play")).toContain("playing");
    expect(await observe("media_next")).toContain("done");
    expect(await observe("media_now_playing")).toContain(
      "jarvistest is playing: Blue in Green by Miles Davis",
    );
    await observe("media_previous");
    await observe("media_pause");
    expect(await observe("media_now_playing")).toContain("jarvistest is paused: So What");
    expect(events.filter((e) => e.event === "player").map((e) => e.method)).toEqual([
      "Play",
      "Next",
      "Previous",
      "Pause",
    ]);
    const search = await harness.call("media_play", { query: "kind of blue" });
    expect(search.code).toBe("UNAVAILABLE");
    expect(search.observation).toContain("MPRIS players cannot search for music");
  });
});
