import { homedir } from "node:os";
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { desktopAppNames } from "../../brain/nlu/apps.js";
import {
  createNluInWorker,
  type NluCall,
  type NluContext,
  type NluResult,
  type PendingCall,
} from "../../brain/nlu/index.js";
import { loadConfig } from "../../config/load.js";
import { pathsFor, resolveHome } from "../../config/paths.js";
import { systemClock } from "../../core/clock.js";
import { JarvisError } from "../../core/errors.js";
import { randomIds } from "../../core/ids.js";
import { silentLogger } from "../../core/logger.js";
import type { ToolDefinition } from "../../core/tool.js";
import { rootsFromConfig } from "../../runtime/roots.js";
import { openStore } from "../../store/database.js";
import type { ToolDeps } from "../../tools/deps.js";
import { builtinTools } from "../../tools/index.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";

interface NluFlags {
  json?: boolean;
  session?: boolean;
  now?: string;
  timezone?: string;
}

/**
 * `jarvis nlu`: one utterance per stdin line → one parse per line. The catalog comes from the
 * same tool factories the runtime registers, built over an in-memory store: no audit log, no
 * schema compilation, nothing of the user's data opened — it starts in a fraction of a second.
 */
export function registerNluCommand(program: Command, context: CliContext): void {
  program
    .command("nlu")
    .description("parse utterances from stdin with the embedded brain (one per line)")
    .option("--json", "one JSON object per line (ARCHITECTURE.md NLU contract)")
    .option("--session", 'carry the last action to the next line ("and tomorrow?")')
    .option("--now <iso>", "the current time to read dates against (ISO 8601)")
    .option("--timezone <zone>", "IANA zone dates are read in (default: the system's)")
    .action(
      action(context, async (flags: NluFlags) => {
        const now = flags.now === undefined ? undefined : new Date(flags.now);
        if (now && Number.isNaN(now.getTime())) {
          throw new JarvisError("USAGE", `--now "${flags.now}" is not a date`, {
            fix: "use ISO 8601, e.g. 2025-06-11T10:00:00Z",
          });
        }
        if (flags.timezone && !isZone(flags.timezone)) {
          throw new JarvisError("USAGE", `--timezone "${flags.timezone}" is not an IANA time zone`, {
            fix: "e.g. Europe/Paris",
          });
        }
        const tools = catalog(context.env);
        // Members of the classifier ensemble train side by side in worker threads
        const nlu = await createNluInWorker(tools, {
          cacheDir: pathsFor(resolveHome(context.env)).cache,
          apps: desktopAppNames(context.env),
          warn: (line) => context.printError(line),
          ...(flags.timezone ? { timezone: flags.timezone } : {}),
        });
        let lastCall: NluCall | undefined;
        let pending: PendingCall | undefined;
        const lines = createInterface({
          input: context.stdin,
          crlfDelay: Number.POSITIVE_INFINITY,
          terminal: false,
        });
        for await (const line of lines) {
          const parseContext: NluContext = {};
          if (now) parseContext.now = now;
          if (flags.timezone) parseContext.timezone = flags.timezone;
          if (flags.session && lastCall) parseContext.lastCall = lastCall;
          if (flags.session && pending) parseContext.pending = pending;
          const result = nlu.parse(line, parseContext);
          pending = undefined;
          if (result.kind === "action" && result.missing?.length)
            pending = { tool: result.tool!, args: result.args ?? {}, missing: result.missing };
          else if (result.kind === "action")
            lastCall = result.calls?.at(-1) ?? { tool: result.tool!, args: result.args ?? {} };
          context.print(flags.json ? JSON.stringify(result) : human(result));
        }
      }),
    );
}

/** The registered catalog without opening the user's store, audit log or schema compiler. */
function catalog(env: NodeJS.ProcessEnv): ToolDefinition[] {
  const paths = pathsFor(resolveHome(env));
  const config = loadConfig(paths.config);
  const db = openStore(":memory:");
  const closers: Array<() => unknown> = [];
  const deps: ToolDeps = {
    config,
    paths,
    db,
    roots: rootsFromConfig(config, paths.home, env.HOME ?? homedir()),
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    env,
    onClose: (fn) => closers.push(fn),
  };
  try {
    return builtinTools(deps);
  } finally {
    for (const close of closers.reverse()) {
      try {
        void close();
      } catch {
        // a tool group's cleanup failing must not stop the parser
      }
    }
    db.close();
  }
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function human(result: NluResult): string {
  const confidence = `(${result.confidence.toFixed(2)})`;
  const text = JSON.stringify(result.text.length > 80 ? `${result.text.slice(0, 77)}...` : result.text);
  switch (result.kind) {
    case "action": {
      const calls = result.calls ?? [{ tool: result.tool ?? "", args: result.args ?? {} }];
      const asks = result.missing?.length ? ` — asks: ${result.reply ?? result.missing.join(", ")}` : "";
      return `${text} → ${calls.map((c) => `${c.tool} ${JSON.stringify(c.args)}`).join(" ; ")}${asks} ${confidence}`;
    }
    case "dialog":
      return `${text} → dialog: ${result.dialog} ${confidence}`;
    case "chat":
      return `${text} → chat: ${result.reply ?? ""} ${confidence}`;
    case "question":
      return `${text} → question${result.groups?.length ? ` [${result.groups.join(", ")}]` : ""} ${confidence}`;
    default:
      return `${text} → unknown: ${result.reply ?? "not understood"} ${confidence}`;
  }
}
