import { join } from "node:path";

/** What the user service runs and where it keeps things. */
export interface UnitSpec {
  /** The Node executable (absolute) and the CLI entry (bin/jarvis.js, absolute). */
  node: string;
  entry: string;
  jarvisHome: string;
  /** PATH for the service (user services start with a bare one: notify-send, espeak-ng live on it). */
  path: string;
  /** Where launchd writes the service's output (systemd uses the journal). */
  logDir: string;
}

export const SYSTEMD_UNIT = "jarvis.service";
export const LAUNCHD_LABEL = "dev.jarvis.service";

/** The argv the service runs: the foreground server, without opening a browser or printing its link. */
export function serviceArgv(spec: UnitSpec): string[] {
  return [spec.node, spec.entry, "start", "--service"];
}

/**
 * A systemd user unit. Values are quoted for systemd (spaces, quotes, backslashes) and `%` is
 * doubled (it starts a specifier). It restarts on failure with a pause; the service's own
 * supervisor restarts the parts inside it.
 */
export function systemdUnit(spec: UnitSpec): string {
  const exec = serviceArgv(spec)
    .map((arg) => systemdQuote(arg.replaceAll("$", "$$$$")))
    .join(" ");
  return `# Written by \`jarvis service install\`; \`jarvis service uninstall\` removes it.
[Unit]
Description=Jarvis, the local personal assistant (timers, reminders, routines, web UI)
After=network-online.target
Wants=network-online.target
StartLimitIntervalSec=300
StartLimitBurst=10

[Service]
Type=simple
ExecStart=${exec}
Environment=${systemdQuote(`JARVIS_HOME=${spec.jarvisHome}`)}
Environment=${systemdQuote(`PATH=${spec.path}`)}
Restart=on-failure
RestartSec=5
TimeoutStopSec=20
KillMode=mixed
UMask=0077
NoNewPrivileges=yes

[Install]
WantedBy=default.target
`;
}

/** Double-quoted when needed (C-style escapes), `%` doubled (it starts a specifier). */
function systemdQuote(value: string): string {
  const escaped = value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("%", "%%");
  return /[\s"'\\;%]/.test(value) ? `"${escaped}"` : escaped;
}

/** A launchd agent: started at login, kept alive after a crash (not after a clean stop). */
export function launchdPlist(spec: UnitSpec): string {
  const strings = (values: string[]) => values.map((v) => `    <string>${xml(v)}</string>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${LAUNCHD_LABEL}</string>
  <key>ProgramArguments</key>
  <array>
${strings(serviceArgv(spec))}
  </array>
  <key>EnvironmentVariables</key>
  <dict>
    <key>JARVIS_HOME</key>
    <string>${xml(spec.jarvisHome)}</string>
    <key>PATH</key>
    <string>${xml(spec.path)}</string>
  </dict>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>ThrottleInterval</key>
  <integer>5</integer>
  <key>ProcessType</key>
  <string>Interactive</string>
  <key>StandardOutPath</key>
  <string>${xml(join(spec.logDir, "service.out.log"))}</string>
  <key>StandardErrorPath</key>
  <string>${xml(join(spec.logDir, "service.err.log"))}</string>
</dict>
</plist>
`;
}

function xml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

export type ServiceAction = "install" | "uninstall" | "start" | "stop" | "status" | "logs";

/** Where the unit file goes for this user. */
export function unitPath(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === "darwin") return join(home, "Library", "LaunchAgents", `${LAUNCHD_LABEL}.plist`);
  const config = env.XDG_CONFIG_HOME?.trim() || join(home, ".config");
  return join(config, "systemd", "user", SYSTEMD_UNIT);
}

/**
 * The commands each action runs (argv arrays, never a shell string): systemctl/journalctl for
 * the user manager on Linux, launchctl in the user's GUI domain on macOS.
 */
export function servicePlan(
  action: ServiceAction,
  platform: NodeJS.Platform,
  options: { uid: number; unitFile: string; follow?: boolean; lines?: number },
): string[][] {
  if (platform === "darwin") {
    const domain = `gui/${options.uid}`;
    const target = `${domain}/${LAUNCHD_LABEL}`;
    switch (action) {
      case "install":
        return [["launchctl", "bootstrap", domain, options.unitFile]];
      case "uninstall":
        return [["launchctl", "bootout", target]];
      case "start":
        return [["launchctl", "kickstart", target]];
      case "stop":
        return [["launchctl", "kill", "SIGTERM", target]];
      case "status":
        return [["launchctl", "print", target]];
      case "logs":
        return [];
    }
  }
  const unit = SYSTEMD_UNIT;
  switch (action) {
    case "install":
      return [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", unit],
      ];
    case "uninstall":
      return [
        ["systemctl", "--user", "disable", "--now", unit],
        ["systemctl", "--user", "daemon-reload"],
      ];
    case "start":
      return [["systemctl", "--user", "start", unit]];
    case "stop":
      return [["systemctl", "--user", "stop", unit]];
    case "status":
      return [["systemctl", "--user", "is-active", unit]];
    case "logs":
      return [
        [
          "journalctl",
          "--user",
          "--unit",
          unit,
          "--lines",
          String(options.lines ?? 100),
          "--no-pager",
          ...(options.follow ? ["--follow"] : []),
        ],
      ];
  }
}
