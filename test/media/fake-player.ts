import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createPlatform } from "../../src/platform/factory.js";
import { desktopHarness } from "../../src/testing/desktop-harness.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { createMediaTools } from "../../src/tools/media/index.js";
import { eventually, startSessionBus } from "../desktop/session.js";

export const PLAYER_READY = hasPrograms(["dbus-daemon", "playerctl", "python3"], "dbus playerctl python3-gi");
const PLAYER = join(dirname(fileURLToPath(import.meta.url)), "mpris_player.py");

/**
 * mpris_player.py on a private session bus with the media tools wired to it: call inside a
 * `describe`. Each test starts the player it needs; it is killed after every test.
 */
export function useFakePlayer() {
  let bus: Awaited<ReturnType<typeof startSessionBus>>;
  let env: NodeJS.ProcessEnv;
  let player: ChildProcess | undefined;
  let harness: ReturnType<typeof desktopHarness>;
  let events: Array<Record<string, unknown>> = [];

  const stop = () => {
    if (player?.pid) process.kill(player.pid, "SIGKILL");
    player = undefined;
  };
  beforeAll(async () => {
    bus = await startSessionBus();
    env = { PATH: process.env.PATH, DBUS_SESSION_BUS_ADDRESS: bus.address };
    harness = desktopHarness(createPlatform({ env }), [createMediaTools], env);
  });
  afterEach(stop);
  afterAll(async () => {
    stop();
    await harness?.close();
    bus?.stop();
  });

  return {
    /** Starts the player (flags such as `--no-seek`) and waits until it is on the bus. */
    async start(args: string[] = []) {
      events = [];
      player = spawn("/usr/bin/python3", [PLAYER, ...args], { env, stdio: ["ignore", "pipe", "inherit"] });
      createInterface({ input: player.stdout as NodeJS.ReadableStream }).on("line", (line) =>
        events.push(JSON.parse(line)),
      );
      await eventually(() => (events.some((e) => e.event === "ready") ? true : undefined), 100);
    },
    /** Kills the player now (to see what the tools say when none runs). */
    stop,
    /** What the player reported: method calls, property sets, seeks. */
    events: () => events,
    call: (tool: string, args: Record<string, unknown> = {}) => harness.call(tool, args),
  };
}
