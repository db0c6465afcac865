import type { IncomingMessage } from "node:http";
import type { CallReport, TurnResult } from "../agent/types.js";
import { isJarvisError, JarvisError } from "../core/errors.js";
import type { JarvisEvent } from "../core/events.js";
import {
  callService,
  findService,
  openRunStream,
  type ServiceTarget,
  sseFrames,
} from "../runtime/service-client.js";
import { brokerFor } from "./broker.js";
import { exitCodeForTurn } from "./exit-codes.js";
import { EventPrinter } from "./printer.js";

export { callService, findService, type ServiceTarget } from "../runtime/service-client.js";

/**
 * The CLI attached to a running service: `jarvis ask` talks to it over its local API instead of
 * opening the runtime, so it imports nothing heavy (no catalog, no NLU, no SQLite).
 */
export interface Streams {
  env: NodeJS.ProcessEnv;
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
  verbose: boolean;
}

/** `ask` arguments this client understands; anything else is left to the full CLI (undefined). */
export function parseAsk(argv: readonly string[]): AskFlags | undefined {
  if (argv[0] !== "ask") return undefined;
  const flags: AskFlags = { text: "", json: false, yes: false, no: false, continue: false, verbose: false };
  const words: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") flags.json = true;
    else if (arg === "--yes") flags.yes = true;
    else if (arg === "--verbose") flags.verbose = true;
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
    const response = await openRunStream(target, "/api/turns", {
      text: flags.text,
      source: "cli",
      ...(sessionId ? { sessionId } : {}),
    });
    return (await followRun(target, response, flags, streams)).exit;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED" || code === "ECONNRESET") return undefined; // a stale server.json
    if (!isJarvisError(error)) throw error;
    streams.stderr.write(`${error.toLine()}\n`);
    return error.exitCode;
  }
}

export interface FollowFlags {
  json?: boolean | undefined;
  yes?: boolean | undefined;
  no?: boolean | undefined;
  /** Print the run's events (ask, resume); a single call (`tools call`) reports only its outcome. */
  quiet?: boolean | undefined;
  /** Name the tools in progress lines (`--verbose`). */
  verbose?: boolean | undefined;
}

/**
 * Follows a run in the service to its end: prints its events as in-process, answers its
 * confirmations here, and Ctrl-C stops it there. The exit code is the in-process one
 * (`exitCodeForTurn`), from the run's result the service sends last.
 */
export async function followRun(
  target: ServiceTarget,
  response: IncomingMessage,
  flags: FollowFlags,
  streams: Streams,
): Promise<{ exit: number; result?: TurnResult }> {
  const printer = new EventPrinter(streams, flags.json ?? false, flags.verbose ?? false);
  let runId: string | undefined;
  let result: TurnResult | undefined;
  const onSigint = () => {
    if (runId) void callService(target, "POST", "/api/kill", { runId }).catch(() => undefined);
    if (!flags.json) streams.stderr.write("\nstopping…\n");
  };
  process.on("SIGINT", onSigint);
  try {
    for await (const { type, data } of sseFrames(response)) {
      if (type === "turn") runId = (JSON.parse(data) as { runId: string }).runId;
      else if (type === "result") result = JSON.parse(data) as TurnResult;
      else {
        const event = JSON.parse(data) as JarvisEvent;
        if (!flags.quiet) printer.print(event);
        if (event.type === "confirm_requested") await answer(target, event, flags, streams);
      }
    }
  } finally {
    process.off("SIGINT", onSigint);
  }
  // No result: the service went away before the run ended.
  return result ? { exit: exitCodeForTurn(result), result } : { exit: 1 };
}

/**
 * One exact tool call run by the service (`POST /api/calls`) as a run of its own, its
 * confirmation asked here; what became of the call (`tools call`, `tools make`, `skills add`…).
 */
export async function callInService(
  target: ServiceTarget,
  call: { tool: string; args: unknown; input: string },
  flags: Omit<FollowFlags, "quiet">,
  streams: Streams,
): Promise<CallReport & { runId: string }> {
  const response = await openRunStream(target, "/api/calls", { ...call, source: "cli" });
  const { result } = await followRun(target, response, { ...flags, quiet: true }, streams);
  const report = result?.calls[0];
  if (!report)
    throw new JarvisError(
      result?.error?.code === "CANCELLED" ? "CANCELLED" : "INTERNAL",
      result?.error?.message ?? "the call did not run",
    );
  return { ...report, runId: result.runId };
}

/**
 * A confirmation of this run, asked here as in-process (`--yes`, `--no`, the terminal, or shown
 * and denied when nobody can be asked); the answer goes to the service. No answer in time: the
 * service's own timeout decides.
 */
async function answer(
  target: ServiceTarget,
  event: Extract<JarvisEvent, { type: "confirm_requested" }>,
  flags: FollowFlags,
  streams: Streams,
): Promise<void> {
  const { data } = event;
  const reply = await brokerFor(streams, flags).request(
    { ...data, runId: event.runId, args: {} },
    AbortSignal.timeout(Math.max(1_000, data.expiresAt - Date.now())),
  );
  if (reply === "timeout") return;
  await callService(target, "POST", `/api/confirmations/${encodeURIComponent(data.confirmationId)}`, {
    answer: reply,
  }).catch(() => undefined);
}
