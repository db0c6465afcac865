import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

/**
 * A private X11 desktop for tests and benchmarks: Xvfb on a display it picks itself
 * (`-displayfd`), a private D-Bus session bus, the AT-SPI bus and openbox. Every process is
 * started in its own process group and killed by PID in `stop()`.
 */
export interface DesktopSession {
  env: NodeJS.ProcessEnv;
  dir: string;
  display: string;
  /** Remember a process to kill at the end (apps the test launched). */
  track(pid: number | undefined): void;
  /** Runs an X program in the session (test-side checks, not through Jarvis). */
  x(file: string, args: string[]): string;
  stop(): Promise<void>;
}

const TERMINAL_ENTRY = `[Desktop Entry]
Type=Application
Name=Jarvis Test Terminal
Comment=xterm with a large font, running cat so typed text is only echoed
Exec=xterm -fa Monospace -fs 20 -bg white -fg black -geometry 60x12+0+0 -T "Jarvis Test Terminal" -e cat
StartupWMClass=XTerm
`;

function readLine(
  child: ChildProcess,
  stream: NodeJS.ReadableStream,
  what: string,
  timeoutMs = 10_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start`)), timeoutMs);
    stream.setEncoding?.("utf8");
    stream.on("data", (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf("\n");
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(buffer.slice(0, newline).trim());
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}`));
    });
  });
}

export async function startDesktopSession(size = "1280x800"): Promise<DesktopSession> {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-x11-"));
  const pids: number[] = [];
  const start = (
    file: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    stdio: Array<"ignore" | "pipe"> = ["ignore", "ignore", "ignore"],
  ) => {
    const child = spawn(file, args, { env, detached: true, stdio });
    if (child.pid) pids.push(child.pid);
    child.on("error", () => {});
    return child;
  };
  const stop = async () => {
    for (const pid of [...pids].reverse()) {
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await delay(200);
    for (const pid of pids) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const xvfb = start(
      "Xvfb",
      ["-displayfd", "3", "-screen", "0", `${size}x24`, "-nolisten", "tcp"],
      process.env,
      ["ignore", "ignore", "ignore", "pipe"],
    );
    const display = `:${await readLine(xvfb, xvfb.stdio[3] as NodeJS.ReadableStream, "Xvfb")}`;
    const home = join(dir, "home");
    const dataHome = join(home, ".local", "share");
    mkdirSync(join(dataHome, "applications"), { recursive: true });
    mkdirSync(join(dir, "runtime"), { recursive: true, mode: 0o700 });
    writeFileSync(join(dataHome, "applications", "jarvis-test-terminal.desktop"), TERMINAL_ENTRY);
    const base: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      DISPLAY: display,
      XDG_DATA_HOME: dataHome,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_RUNTIME_DIR: join(dir, "runtime"),
      XDG_DATA_DIRS: "/usr/local/share:/usr/share",
      LANG: "C.UTF-8",
      LC_ALL: "C.UTF-8",
      GSETTINGS_BACKEND: "memory",
      NO_AT_BRIDGE: "0",
      GTK_MODULES: "gail:atk-bridge",
      // GTK apps ask the accessibility bus for the tree only when this says a reader is on.
      GTK_A11Y: "atspi",
    };
    const bus = start("dbus-daemon", ["--session", "--nofork", "--print-address=1"], base, [
      "ignore",
      "pipe",
      "ignore",
    ]);
    const address = await readLine(bus, bus.stdout as NodeJS.ReadableStream, "dbus-daemon");
    const env = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
    start("/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"], env);
    const x = (file: string, args: string[]) =>
      execFileSync(file, args, {
        env,
        encoding: "utf8",
        timeout: 10_000,
        stdio: ["ignore", "pipe", "ignore"],
      });
    await startWindowManager(env, dir, start, x);
    return {
      env,
      dir,
      display,
      track: (pid) => {
        if (pid) pids.push(pid);
      },
      x,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Only a private D-Bus session bus (for tests of D-Bus services that need no display). */
export async function startSessionBus(): Promise<{ address: string; stop(): void }> {
  const bus = spawn("dbus-daemon", ["--session", "--nofork", "--print-address=1"], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  const stop = () => {
    try {
      if (bus.pid) process.kill(-bus.pid, "SIGKILL");
    } catch {
      // gone
    }
  };
  try {
    return { address: await readLine(bus, bus.stdout as NodeJS.ReadableStream, "dbus-daemon"), stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** openbox, restarted if it dies before it manages the screen (seen under heavy load, silently). */
async function startWindowManager(
  env: NodeJS.ProcessEnv,
  dir: string,
  start: (
    file: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    stdio?: Array<"ignore" | "pipe">,
  ) => ChildProcess,
  x: (file: string, args: string[]) => string,
): Promise<void> {
  const rounds = 3;
  for (let round = 0; round < rounds; round++) {
    const wm = start("openbox", ["--sm-disable"], env, ["ignore", "ignore", "pipe"]);
    let log = "";
    wm.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      log += chunk;
    });
    let exited = false;
    let how = "";
    wm.once("exit", (code, signal) => {
      exited = true;
      how = signal ? `signal ${signal}` : `code ${code}`;
    });
    for (let attempt = 0; attempt < 300 && !exited; attempt++) {
      try {
        if (x("wmctrl", ["-m"]).includes("Openbox")) return;
      } catch {
        // not managing yet
      }
      await delay(50);
    }
    writeFileSync(join(dir, `openbox-${round}.log`), log);
    if (!exited) throw new Error(`openbox did not start: ${log.slice(-500)}`);
    console.warn(`openbox exited during start-up (${how}): ${log.slice(-300)}`);
    await delay(200 * (round + 1));
  }
  throw new Error(`openbox exited ${rounds} times during start-up`);
}

/** Polls until `check` returns a value (or the attempts run out, returning the last error). */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  attempts = 100,
  everyMs = 100,
): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await delay(everyMs);
  }
  throw last instanceof Error ? last : new Error("condition not reached");
}
