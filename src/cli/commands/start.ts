import { spawn } from "node:child_process";
import { type Command, Option } from "commander";
import { JarvisError } from "../../core/errors.js";
import { securityWarnings } from "../../runtime/warnings.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";

interface StartFlags {
  port?: string;
  host?: string;
  allowRemote?: boolean;
  open: boolean;
  service?: boolean;
}

export function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) {
    throw new JarvisError("USAGE", `--port must be a number from 0 to 65535 (got "${value.slice(0, 20)}")`, {
      fix: "e.g. --port 7777 (0 picks a free port)",
    });
  }
  return Number(value);
}

/** Opens the link in the desktop's browser; silently does nothing where there is none. */
function openBrowser(url: string, env: NodeJS.ProcessEnv): void {
  if (env.BROWSER === "none" || env.CI === "true") return;
  const [program, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["explorer.exe", [url]]
        : env.DISPLAY || env.WAYLAND_DISPLAY
          ? ["xdg-open", [url]]
          : [undefined, []];
  if (!program) return;
  try {
    const child = spawn(program, args as string[], { detached: true, stdio: "ignore", env });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // no opener: the printed link is enough
  }
}

function waitForStop(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(signal);
    };
    const onInt = () => stop("SIGINT");
    const onTerm = () => stop("SIGTERM");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
  });
}

export function registerStartCommand(program: Command, context: CliContext): void {
  program
    .command("start")
    .description("the local server and web UI (what `npm start` runs)")
    .option("--port <port>", "port to listen on (default: server.port, 7777)")
    .option("--host <host>", "address to bind (default: server.host, 127.0.0.1)")
    .option("--allow-remote", "allow binding an address other than loopback (prints a warning)")
    .option("--no-open", "do not open the browser")
    .addOption(
      new Option(
        "--service",
        "run as the user service: no browser, and the token link is not printed (logs are kept)",
      ).hideHelp(),
    )
    .action(
      action(context, async (flags: StartFlags) => {
        const port = flags.port === undefined ? undefined : parsePort(flags.port);
        const { launchServer } = await import("../../server/launch.js");
        const launched = await launchServer({
          env: context.env,
          ...(flags.host !== undefined ? { host: flags.host } : {}),
          ...(port !== undefined ? { port } : {}),
          allowRemote: flags.allowRemote ?? false,
          ...(context.tools ? { tools: context.tools } : {}),
        });
        const stopped = waitForStop(); // listening before the link is printed: a quick Ctrl+C still stops cleanly
        if (launched.remote) {
          context.printError(
            `WARNING: Jarvis is reachable from the network at ${launched.url}. Anyone who has the token can act as you; use this only on a network you trust.`,
          );
        }
        for (const notice of launched.runtime.notices) context.printError(`NOTE: ${notice}`);
        for (const warning of securityWarnings(launched.runtime.config)) {
          context.printError(`WARNING: ${warning}`);
        }
        if (flags.service) {
          // A journal is a log: the link with the token is never written there.
          context.print(`Jarvis service running at ${launched.url} (pid ${process.pid})`);
        } else {
          context.print(`Jarvis is running at ${launched.url}`);
          context.print(`Open this link to use it (it carries your access token; keep it private):`);
          context.print(`  ${launched.openUrl}`);
          context.print("Press Ctrl+C to stop.");
          if (flags.open) openBrowser(launched.openUrl, context.env);
        }
        // The browser loads the UI while the agent finishes starting; a failure ends it all.
        const first = await Promise.race([
          launched.ready.then(
            () => undefined,
            (error: unknown) => ({ error }),
          ),
          stopped.then((signal) => ({ signal })),
        ]);
        if (first && "error" in first) {
          await launched.close();
          throw first.error;
        }
        const signal = first && "signal" in first ? first.signal : await stopped;
        context.print(`\nstopping (${signal})…`);
        await launched.close();
      }),
    );
}
