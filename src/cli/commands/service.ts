import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import type { Command } from "commander";
import { pathsFor, resolveHome } from "../../config/paths.js";
import { JarvisError } from "../../core/errors.js";
import { codeLayout } from "../../core/package-root.js";
import { createCommandRunner } from "../../platform/runner.js";
import type { CommandRunner } from "../../platform/types.js";
import type { PartStatus } from "../../tasks/supervisor.js";
import {
  launchdPlist,
  type ServiceAction,
  servicePlan,
  systemdUnit,
  type UnitSpec,
  unitPath,
} from "../../tasks/units.js";
import { callService, findService } from "../attach.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";

export interface ServiceEnvironment {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  uid: number;
  run: CommandRunner;
  /** The CLI entry and Node the unit runs (this checkout's by default). */
  entry: string;
  node: string;
}

interface ServiceStatus {
  running: boolean;
  url?: string | undefined;
  pid?: number | undefined;
  uptimeMs?: number | undefined;
  parts: PartStatus[];
  alerts: number;
  /** Settings changed in config.yaml that it reads only at start, in words (an older service: none). */
  restartPending?: string[] | undefined;
  unit: { path: string; installed: boolean; manager?: string | undefined };
}

const NO_MANAGER: Record<string, string> = {
  linux:
    "log in to a desktop session (or run `loginctl enable-linger $USER` once), or keep `jarvis start` open instead",
  darwin: "run it from a logged-in macOS session, or keep `jarvis start` open instead",
};

/** The unit for this checkout and home. */
export function unitSpec(environment: ServiceEnvironment): UnitSpec {
  const jarvisHome = resolveHome(environment.env);
  return {
    node: environment.node,
    entry: environment.entry,
    jarvisHome,
    path: environment.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    logDir: pathsFor(jarvisHome).logs,
  };
}

function unitText(environment: ServiceEnvironment): string {
  const spec = unitSpec(environment);
  return environment.platform === "darwin" ? launchdPlist(spec) : systemdUnit(spec);
}

/**
 * One `jarvis service` action: writes or removes the unit, then runs the manager's commands
 * (argv arrays). A manager that cannot be reached (no user session) is one line with the fix.
 */
export async function serviceAction(
  name: ServiceAction,
  environment: ServiceEnvironment,
  options: { follow?: boolean; lines?: number } = {},
): Promise<string[]> {
  const { platform } = environment;
  if (platform !== "linux" && platform !== "darwin") {
    throw new JarvisError("UNAVAILABLE", `a user service is not supported on ${platform}`, {
      fix: "keep `jarvis start` open instead",
    });
  }
  const file = unitPath(platform, environment.env, environment.home);
  const out: string[] = [];
  if (name === "install") {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, unitText(environment));
    chmodSync(file, 0o644);
    out.push(`wrote ${file}`);
  }
  if ((name === "start" || name === "stop") && !existsSync(file)) {
    throw new JarvisError("NOT_FOUND", "the Jarvis service is not installed", {
      fix: "install it with `jarvis service install`",
    });
  }
  for (const argv of servicePlan(name, platform, { uid: environment.uid, unitFile: file, ...options })) {
    const [program, ...args] = argv as [string, ...string[]];
    const result = await environment
      .run(program, args)
      .catch((error: Error) => ({ code: 127, stdout: "", stderr: error.message }));
    if (result.code !== 0 && !(name === "uninstall" || name === "status")) {
      const why = result.stderr.trim().split("\n")[0] || `exit code ${result.code}`;
      throw new JarvisError("UNAVAILABLE", `${program} failed: ${why}`, { fix: NO_MANAGER[platform] });
    }
    out.push(result.stdout.trim());
  }
  if (name === "uninstall" && existsSync(file)) {
    rmSync(file);
    out.push(`removed ${file}`);
  }
  return out.filter(Boolean);
}

/** What is running: the service's own report when it answers, the unit file either way. */
async function status(environment: ServiceEnvironment): Promise<ServiceStatus> {
  const file = unitPath(environment.platform, environment.env, environment.home);
  const target = findService(environment.env);
  const unit = { path: file, installed: existsSync(file) };
  if (!target) return { running: false, parts: [], alerts: 0, unit };
  try {
    const report = await callService<{
      pid: number;
      uptimeMs: number;
      parts: PartStatus[];
      alerts: number;
      restartPending?: string[];
    }>(target, "GET", "/api/service");
    return { running: true, url: target.url, ...report, unit };
  } catch {
    return { running: false, parts: [], alerts: 0, unit };
  }
}

function describePart(part: PartStatus): string {
  if (part.state !== "restarting")
    return `${part.name} ${part.state}${part.restarts ? ` (${part.restarts} restarts)` : ""}`;
  const retry = part.nextAttemptAt
    ? `, retrying in ${Math.max(0, Math.round((part.nextAttemptAt - Date.now()) / 1000))} s`
    : "";
  return `${part.name} RESTARTING (${part.restarts} restarts${retry}; last error: ${part.lastError ?? "?"})`;
}

export function defaultEnvironment(context: CliContext): ServiceEnvironment {
  const { root } = codeLayout(import.meta.url);
  return {
    platform: process.platform,
    env: context.env,
    home: context.env.HOME ?? homedir(),
    uid: process.getuid?.() ?? 0,
    run: createCommandRunner(context.env),
    entry: join(root, "bin", "jarvis.js"),
    node: process.execPath,
  };
}

export function registerServiceCommands(program: Command, context: CliContext): void {
  const service = program
    .command("service")
    .description(
      "the always-on user service (systemd user unit / launchd agent): timers, reminders, routines, web UI",
    );
  const run = (name: ServiceAction, done: string) =>
    action(context, async () => {
      for (const line of await serviceAction(name, defaultEnvironment(context))) context.printError(line);
      context.print(done);
    });
  service
    .command("install")
    .description("write the unit, enable it at login and start it now")
    .option("--print", "only print the unit it would write")
    .action(
      action(context, async (flags: { print?: boolean }) => {
        const environment = defaultEnvironment(context);
        if (flags.print) {
          context.print(unitText(environment).trimEnd());
          return;
        }
        for (const line of await serviceAction("install", environment)) context.printError(line);
        context.print(
          "Jarvis now runs in the background (and starts when you log in). See `jarvis service status`.",
        );
      }),
    );
  service
    .command("uninstall")
    .description("stop it and remove the unit")
    .action(run("uninstall", "The Jarvis service is removed."));
  service
    .command("start")
    .description("start the installed service")
    .action(run("start", "Started. See `jarvis service status`."));
  service
    .command("stop")
    .description("stop the service (it starts again at login)")
    .action(run("stop", "Stopped."));
  service
    .command("status")
    .description("whether it runs, its parts (restarts, last errors) and what is ringing")
    .option("--json", "as one JSON object")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const report = await status(defaultEnvironment(context));
        if (flags.json) context.print(JSON.stringify(report));
        else if (!report.running) {
          context.print(
            `not running${report.unit.installed ? ` (installed: ${report.unit.path})` : " (not installed)"}`,
          );
          context.printError(
            "start it with `jarvis service start` (or `jarvis service install`), or keep `jarvis start` open",
          );
        } else {
          const minutes = Math.round((report.uptimeMs ?? 0) / 60_000);
          context.print(
            `running at ${report.url} (pid ${report.pid}, up ${minutes} min)${report.unit.installed ? "" : " — in a terminal, not as a service"}`,
          );
          for (const part of report.parts) context.print(`  ${describePart(part)}`);
          if (report.alerts > 0)
            context.print(`  ${report.alerts} alert${report.alerts === 1 ? "" : "s"} ringing or missed`);
          for (const line of report.restartPending ?? []) context.print(`  ${line}`);
        }
        if (!report.running) context.exitCode = 1;
      }),
    );
  service
    .command("logs")
    .description("the service's recent log (journal on Linux, log files otherwise)")
    .option("-n, --lines <n>", "how many lines", "100")
    .option("-f, --follow", "keep printing new lines (journal only)")
    .action(
      action(context, async (flags: { lines: string; follow?: boolean }) => {
        const lines = Number(flags.lines);
        if (!Number.isInteger(lines) || lines < 1 || lines > 100_000)
          throw new JarvisError(
            "USAGE",
            `--lines must be a whole number from 1 to 100000 (got "${flags.lines}")`,
          );
        const environment = defaultEnvironment(context);
        if (
          environment.platform === "linux" &&
          existsSync(unitPath("linux", environment.env, environment.home))
        ) {
          try {
            for (const line of await serviceAction("logs", environment, {
              lines,
              follow: flags.follow ?? false,
            }))
              context.print(line);
            return;
          } catch {
            // no journal for this user: the log file below has the same lines
          }
        }
        const file = join(pathsFor(resolveHome(context.env)).logs, "jarvis.log");
        if (!existsSync(file))
          throw new JarvisError("NOT_FOUND", "no log yet", { fix: "start Jarvis first" });
        for (const line of readFileSync(file, "utf8").split("\n").filter(Boolean).slice(-lines))
          context.print(line);
      }),
    );
}
