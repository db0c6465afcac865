import type { IncomingMessage } from "node:http";
import type { JarvisEvent } from "../core/events.js";
import {
  callService,
  findService,
  openTurnStream,
  type ServiceTarget,
  sseFrames,
} from "../runtime/service-client.js";
import { EventPrinter } from "./printer.js";

export { callService, findService, type ServiceTarget } from "../runtime/service-client.js";

/**
 * The CLI attached to a running service: `jarvis ask` talks to it over its local API instead of
 * opening the runtime, so it imports nothing heavy (no catalog, no NLU, no SQLite).
 */
interface Streams {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

interface AskFlags {
  text: string;
  json: boolean;
  yes: boolean;
  no: boolean;
  session?: string | undefined;
  continue: boolean;
}

/** `ask` arguments this client understands; anything else is left to the full CLI (undefined). */
export function parseAsk(argv: readonly string[]): AskFlags | undefined {
  if (argv[0] !== "ask") return undefined;
  const flags: AskFlags = { text: "", json: false, yes: false, no: false, continue: false };
  const words: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") flags.json = true;
    else if (arg === "--yes") flags.yes = true;
    else if (arg === "--no") flags.no = true;
    else if (arg === "-c" || arg === "--continue") flags.continue = true;
    else if (arg === "--session" && argv[i + 1] !== undefined) flags.session = argv[++i];
    else if (arg === "--") {
      words.push(...argv.slice(i + 1));
      break;
    } else if (arg.startsWith("-")) return undefined;
    else words.push(arg);
  }
  flags.text = words.join(" ").trim();
  if (!flags.text || (flags.yes && flags.no) || (flags.session && flags.continue)) return undefined;
  return flags;
}

/** Policy and user refusals exit 3 (as in-process); see core/errors.ts. */
const POLICY_CODES = new Set([
  "PATH_DENIED",
  "POLICY_DENIED",
  "USER_DENIED",
  "CONFIRM_TIMEOUT",
  "FOCUS_LOST",
]);

/**
 * `jarvis ask` against the service: the turn runs there (its NLU, models and tools), events
 * stream back over SSE and print exactly as in-process; confirmations are answered here
 * (`--yes`, `--no`, or asked on the terminal). Undefined when no service answers.
 */
export async function attachAsk(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  streams: Streams,
): Promise<number | undefined> {
  const flags = parseAsk(argv);
  const target = flags ? findService(env) : undefined;
  if (!flags || !target) return undefined;
  let sessionId = flags.session;
  try {
    if (flags.continue) {
      const { runs } = await callService<{ runs: Array<{ source: string; sessionId: string }> }>(
        target,
        "GET",
        "/api/runs?limit=100",
      );
      sessionId = runs.find((run) => run.source === "cli")?.sessionId;
    }
    const response = await openTurnStream(target, {
      text: flags.text,
      source: "cli",
      ...(sessionId ? { sessionId } : {}),
    });
    return await follow(target, response, flags, streams);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED" || code === "ECONNRESET") return undefined; // a stale server.json
    const fix = (error as { fix?: string }).fix;
    streams.stderr.write(
      `${(error as { code?: string }).code ?? "UNAVAILABLE"}: ${(error as Error).message}${fix ? ` (${fix})` : ""}\n`,
    );
    return 1;
  }
}

async function follow(
  target: ServiceTarget,
  response: IncomingMessage,
  flags: AskFlags,
  streams: Streams,
): Promise<number> {
  const printer = new EventPrinter(streams, flags.json);
  let runId: string | undefined;
  let exit = 1;
  const onSigint = () => {
    if (runId) void callService(target, "POST", "/api/kill", { runId }).catch(() => undefined);
    if (!flags.json) streams.stderr.write("\nstopping…\n");
  };
  process.on("SIGINT", onSigint);
  try {
    for await (const { type, data } of sseFrames(response)) {
      if (type === "turn") {
        runId = (JSON.parse(data) as { runId: string }).runId;
        continue;
      }
      const event = JSON.parse(data) as JarvisEvent;
      printer.print(event);
      if (event.type === "confirm_requested") await answer(target, event, flags, streams);
      if (event.type === "run_finished") exit = 0;
      if (event.type === "run_failed") exit = POLICY_CODES.has(event.data.code) ? 3 : 1;
      if (event.type === "run_cancelled") exit = 1;
    }
  } finally {
    process.off("SIGINT", onSigint);
  }
  return exit;
}

/** A confirmation for this turn: `--yes`/`--no`, the terminal, or "no" when nobody can be asked. */
async function answer(
  target: ServiceTarget,
  event: Extract<JarvisEvent, { type: "confirm_requested" }>,
  flags: AskFlags,
  streams: Streams,
): Promise<void> {
  const request = event.data;
  let reply: "approve" | "deny" | "approve_session" = flags.yes ? "approve" : "deny";
  if (!flags.yes && !flags.no && streams.stdin.isTTY) {
    streams.stderr.write(
      `\n── confirm: ${request.tool} (${request.tier}) ──\n${request.preview}\nreason: ${request.reason}\nAllow? [y]es / [n]o / [a]lways this session › `,
    );
    // Loaded only when there is something to ask: most turns need no terminal question.
    const { createInterface } = await import("node:readline");
    const rl = createInterface({ input: streams.stdin, terminal: false });
    const line = await new Promise<string>((resolve) => {
      rl.once("line", resolve);
      rl.once("close", () => resolve(""));
    });
    rl.close();
    const said = line.trim().toLowerCase();
    reply =
      said === "y" || said === "yes"
        ? "approve"
        : said === "a" || said === "always"
          ? "approve_session"
          : "deny";
  }
  await callService(target, "POST", `/api/confirmations/${encodeURIComponent(request.confirmationId)}`, {
    answer: reply,
  }).catch(() => undefined);
}
