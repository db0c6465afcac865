import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DOMParser } from "linkedom";
import { afterAll, describe, expect, it } from "vitest";
import { type ServiceEnvironment, serviceAction } from "../../src/cli/commands/service.js";
import { JarvisError } from "../../src/core/errors.js";
import { FakeRunner } from "../../src/platform/fake.js";
import { LinuxNotifier } from "../../src/platform/linux/system.js";
import { MacNotifier } from "../../src/platform/macos/system.js";
import { launchdPlist, systemdUnit, type UnitSpec } from "../../src/tasks/units.js";
import { JARVIS_BIN, runJarvis } from "../../src/testing/cli.js";
import { createTempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";

const dir = mkdtempSync(join(tmpdir(), "jarvis-units-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Paths a unit must survive: spaces, quotes, a percent sign (a systemd specifier), a dollar. */
const AWKWARD: UnitSpec = {
  node: process.execPath,
  entry: JARVIS_BIN,
  jarvisHome: join(dir, 'my "jarvis" 100% $HOME'),
  path: "/usr/local/bin:/usr/bin:/bin",
  logDir: join(dir, "logs & more"),
};

function environment(
  platform: NodeJS.Platform,
  run: FakeRunner["run"],
): ServiceEnvironment & { home: string } {
  const home = mkdtempSync(join(dir, "home-"));
  return {
    platform,
    env: { HOME: home, JARVIS_HOME: join(home, ".jarvis"), PATH: "/usr/bin:/bin" },
    home,
    uid: 501,
    run,
    entry: "/opt/jarvis/bin/jarvis.js",
    node: "/opt/node/bin/node",
  };
}

describe("the systemd user unit", () => {
  it.skipIf(!hasPrograms(["systemd-analyze"], "systemd"))(
    "passes systemd-analyze verify (user mode), with awkward paths quoted",
    () => {
      const file = join(dir, "jarvis.service");
      writeFileSync(file, systemdUnit(AWKWARD));
      const runtimeDir = mkdtempSync(join(dir, "xdg-"));
      const result = spawnSync("systemd-analyze", ["--user", "verify", file], {
        env: { ...process.env, XDG_RUNTIME_DIR: runtimeDir },
        encoding: "utf8",
      });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      const unit = readFileSync(file, "utf8");
      expect(unit).toContain(`ExecStart=${process.execPath} ${JARVIS_BIN} start --service`);
      expect(unit).toContain(`Environment="JARVIS_HOME=${join(dir, 'my \\"jarvis\\" 100%% $HOME')}"`);
      expect(unit).toMatch(/^Restart=on-failure$/m);
      expect(unit).toMatch(/^WantedBy=default.target$/m);
    },
  );

  it("install, start, stop, uninstall run these commands (argv contract) and write, then remove, the unit", async () => {
    const fake = new FakeRunner();
    const env = environment("linux", fake.run);
    await serviceAction("install", env);
    const file = join(env.home, ".config", "systemd", "user", "jarvis.service");
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect(readFileSync(file, "utf8")).toContain(
      "ExecStart=/opt/node/bin/node /opt/jarvis/bin/jarvis.js start --service",
    );
    await serviceAction("start", env);
    await serviceAction("stop", env);
    await serviceAction("uninstall", env);
    expect(fake.argv()).toEqual([
      ["systemctl", "--user", "daemon-reload"],
      ["systemctl", "--user", "enable", "--now", "jarvis.service"],
      ["systemctl", "--user", "start", "jarvis.service"],
      ["systemctl", "--user", "stop", "jarvis.service"],
      ["systemctl", "--user", "disable", "--now", "jarvis.service"],
      ["systemctl", "--user", "daemon-reload"],
    ]);
    expect(() => statSync(file)).toThrow();
  });

  it("says in one line what to do when there is no user session to talk to", async () => {
    const fake = new FakeRunner().on("systemctl", [], {
      code: 1,
      stderr: "Failed to connect to bus: No medium found\nmore",
    });
    const error = await serviceAction("install", environment("linux", fake.run)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JarvisError);
    expect((error as JarvisError).toLine()).toBe(
      "UNAVAILABLE: systemctl failed: Failed to connect to bus: No medium found (log in to a desktop session (or run `loginctl enable-linger $USER` once), or keep `jarvis start` open instead)",
    );
    const notInstalled = await serviceAction("start", environment("linux", new FakeRunner().run)).catch(
      (e: unknown) => e,
    );
    expect((notInstalled as JarvisError).toLine()).toBe(
      "NOT_FOUND: the Jarvis service is not installed (install it with `jarvis service install`)",
    );
  });
});

describe("the launchd agent (macOS, checked by contract on any OS)", () => {
  it("is a well-formed plist whose ProgramArguments are exactly the service argv", () => {
    const document = new DOMParser().parseFromString(launchdPlist(AWKWARD), "text/xml");
    const keys = [...document.querySelectorAll("plist > dict > key")].map((k) => k.textContent);
    expect(keys).toEqual(
      expect.arrayContaining(["Label", "ProgramArguments", "EnvironmentVariables", "RunAtLoad", "KeepAlive"]),
    );
    const args = [...document.querySelectorAll("array > string")].map((s) => s.textContent);
    expect(args).toEqual([process.execPath, JARVIS_BIN, "start", "--service"]);
    const strings = [...document.querySelectorAll("string")].map((s) => s.textContent);
    expect(strings).toContain(AWKWARD.jarvisHome);
    expect(strings).toContain(join(AWKWARD.logDir, "service.err.log"));
  });

  it("install, start, stop, uninstall use launchctl in the user's GUI domain", async () => {
    const fake = new FakeRunner();
    const env = environment("darwin", fake.run);
    await serviceAction("install", env);
    const file = join(env.home, "Library", "LaunchAgents", "dev.jarvis.service.plist");
    expect(readFileSync(file, "utf8")).toContain("<string>/opt/jarvis/bin/jarvis.js</string>");
    await serviceAction("start", env);
    await serviceAction("stop", env);
    await serviceAction("uninstall", env);
    expect(fake.argv()).toEqual([
      ["launchctl", "bootstrap", "gui/501", file],
      ["launchctl", "kickstart", "gui/501/dev.jarvis.service"],
      ["launchctl", "kill", "SIGTERM", "gui/501/dev.jarvis.service"],
      ["launchctl", "bootout", "gui/501/dev.jarvis.service"],
    ]);
  });
});

describe("desktop alerts with buttons (argv contract)", () => {
  const HOSTILE = '--urgency=low"; rm -rf ~ $(id) `id`';
  it("notify-send: critical urgency, Snooze and Dismiss actions, text after --; the printed key is the answer", async () => {
    const fake = new FakeRunner().on("notify-send", [], { stdout: "snooze\n" });
    const chosen = await new LinuxNotifier(fake.run).alert(HOSTILE, "body", [
      { key: "snooze", label: "Snooze 10 min" },
      { key: "dismiss", label: "Dismiss" },
    ]);
    expect(chosen).toBe("snooze");
    expect(fake.argv()).toEqual([
      [
        "notify-send",
        "--app-name=Jarvis",
        "--urgency=critical",
        "--action=snooze=Snooze 10 min",
        "--action=dismiss=Dismiss",
        "--",
        HOSTILE,
        "body",
      ],
    ]);
  });

  it("osascript: the texts and button labels are argv, never part of the script", async () => {
    const fake = new FakeRunner().on("osascript", ["-"], {
      stdout: "button returned:Dismiss, gave up:false\n",
    });
    const chosen = await new MacNotifier(fake.run).alert(HOSTILE, "body", [
      { key: "snooze", label: "Snooze 10 min" },
      { key: "dismiss", label: "Dismiss" },
    ]);
    expect(chosen).toBe("dismiss");
    expect(fake.argv()).toEqual([["osascript", "-", HOSTILE, "body", "Snooze 10 min", "Dismiss"]]);
    expect(fake.calls[0]?.input).not.toContain(HOSTILE);
  });
});

describe("jarvis service (the real CLI)", () => {
  it("prints the unit it would install, and reports a service that is not running with exit 1", async () => {
    const temp = createTempHome("jarvis-units-cli-");
    try {
      const printed = await runJarvis(["service", "install", "--print"], { env: temp.env });
      expect(printed.code).toBe(0);
      expect(printed.stdout).toContain(`Environment=JARVIS_HOME=${temp.jarvisHome}`);
      const status = await runJarvis(["service", "status"], { env: temp.env });
      expect(status.code).toBe(1);
      expect(status.stdout.trim()).toBe("not running (not installed)");
      const logs = await runJarvis(["service", "logs", "--lines", "lots"], { env: temp.env });
      expect(logs.code).toBe(2);
      expect(logs.stderr.trim()).toBe('USAGE: --lines must be a whole number from 1 to 100000 (got "lots")');
      mkdirSync(join(temp.jarvisHome, "logs"), { recursive: true });
    } finally {
      temp.cleanup();
    }
  }, 60_000);
});
