import type { Command } from "commander";
import type { RunDetail, RunSummary, StepRecord } from "../../agent/types.js";
import { JarvisError } from "../../core/errors.js";
import { callService, findService, openRunStream, type ServiceTarget } from "../../runtime/service-client.js";
import { followRun } from "../attach.js";
import { brokerFor } from "../broker.js";
import type { CliContext } from "../context.js";
import { exitCodeForTurn } from "../exit-codes.js";
import { action } from "../run.js";

const STATES = ["running", "interrupted", "finished", "denied", "failed", "cancelled"] as const;

export function registerRunsCommands(program: Command, context: CliContext): void {
  const runs = program.command("runs").description("durable runs: list, inspect, resume after a crash");

  runs
    .command("list")
    .description("recent runs, newest first (interrupted ones can be resumed)")
    .option("--json", "one JSON object per run")
    .option("--status <state>", `only runs in this state (${STATES.join(", ")})`)
    .option("--limit <n>", "how many (default 20)", "20")
    .option("--local", "read the store in this process even when the service runs")
    .action(
      action(context, async (flags: { json?: boolean; status?: string; limit: string; local?: boolean }) => {
        const limit = Number(flags.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
          throw new JarvisError(
            "USAGE",
            `--limit must be a whole number from 1 to 10000 (got "${flags.limit}")`,
          );
        }
        if (flags.status && !(STATES as readonly string[]).includes(flags.status)) {
          throw new JarvisError(
            "USAGE",
            `--status must be one of ${STATES.join(", ")} (got "${flags.status}")`,
          );
        }
        const filter = { limit, ...(flags.status ? { status: flags.status as RunSummary["status"] } : {}) };
        const target = flags.local ? undefined : findService(context.env);
        const list = target
          ? (
              await callService<{ runs: RunSummary[] }>(
                target,
                "GET",
                `/api/runs?${new URLSearchParams({ limit: String(limit), ...(flags.status ? { status: flags.status } : {}) })}`,
              )
            ).runs
          : (await localRuns(context)).list(filter);
        for (const run of list) {
          if (flags.json) context.print(JSON.stringify(run));
          else context.print(summaryLine(run));
        }
        if (!flags.json && list.length === 0) context.printError("no runs yet");
      }),
    );

  runs
    .command("show <id>")
    .description("a run and every step it took")
    .option("--json", "the run as one JSON object")
    .option("--local", "read the store in this process even when the service runs")
    .action(
      action(context, async (id: string, flags: { json?: boolean; local?: boolean }) => {
        const target = flags.local ? undefined : findService(context.env);
        const run = target ? await remoteRun(target, id) : (await localRuns(context)).detail(id);
        if (!run)
          throw new JarvisError("NOT_FOUND", `no run ${id.slice(0, 60)}`, { fix: "see `jarvis runs list`" });
        if (flags.json) {
          context.print(JSON.stringify(run));
          return;
        }
        context.print(summaryLine(run));
        if (run.error) context.print(`  ${run.error.code}: ${run.error.message}`);
        if (run.result) context.print(`  answer: ${oneLine(run.result, 200)}`);
        const tokens = tokensLine(run);
        if (tokens) context.print(`  ${tokens}`);
        for (const step of run.steps) context.print(stepLine(step));
      }),
    );

  runs
    .command("resume <id>")
    .description(
      "continue an interrupted run: finished steps are not repeated; uncertain ones are asked about",
    )
    .option("--json", "print the event stream as JSON lines")
    .option("--yes", "approve confirmations (including re-running an uncertain step)")
    .option("--no", "deny confirmations (an uncertain step is not run again)")
    .option("--local", "resume it in this process even when the service runs")
    .action(
      action(
        context,
        async (id: string, flags: { json?: boolean; yes?: boolean; no?: boolean; local?: boolean }) => {
          if (flags.yes && flags.no) throw new JarvisError("USAGE", "--yes and --no cannot be used together");
          // Attached: the service resumes it (its tools, its gate); the events stream here.
          const target = flags.local ? undefined : findService(context.env);
          if (target) {
            const response = await openRunStream(target, `/api/runs/${encodeURIComponent(id)}/resume`, {});
            context.exitCode = (await followRun(target, response, flags, context)).exit;
            return;
          }
          const { openAgent, streamTurn } = await import("./agent-support.js"); // the agent, only here
          const agent = await openAgent(context);
          const handle = agent.resume(id, brokerFor(context, flags, agent.deps.nlu));
          const result = await streamTurn(context, agent, handle, flags.json ?? false);
          context.exitCode = exitCodeForTurn(result);
        },
      ),
    );
}

/** The store read in this process (neither the NLU nor a model is needed to read runs). */
async function localRuns(context: CliContext) {
  const { RunStore } = await import("../../agent/run-store.js");
  const runtime = context.runtime();
  return new RunStore(runtime.db, runtime.clock);
}

/** A run as the service's store has it; undefined when it has none by that id. */
async function remoteRun(target: ServiceTarget, id: string): Promise<RunDetail | undefined> {
  try {
    return (await callService<{ run: RunDetail }>(target, "GET", `/api/runs/${encodeURIComponent(id)}`)).run;
  } catch (error) {
    if ((error as JarvisError).code === "NOT_FOUND") return undefined;
    throw error;
  }
}

function summaryLine(run: RunSummary): string {
  const when = new Date(run.createdAt).toISOString().replace("T", " ").slice(0, 19);
  const tokens = run.tokens ? `  ${formatTokens(run.tokens.input + run.tokens.output)} tok` : "";
  return `${run.id}  ${run.status.padEnd(11)} ${when}  ${String(run.stepCount).padStart(3)} steps  ${run.mode ?? "-"}  ${oneLine(run.input, 60)}${tokens}`;
}

/** Tokens as the model provider reported them: this run, and the conversation it belongs to. */
function tokensLine(run: RunDetail): string | undefined {
  if (!run.tokens && !run.session?.tokens.input) return undefined;
  const mine = run.tokens
    ? `${formatTokens(run.tokens.input)} in / ${formatTokens(run.tokens.output)} out`
    : "none reported";
  const session = run.session
    ? ` · session: ${formatTokens(run.session.tokens.input)} in / ${formatTokens(run.session.tokens.output)} out over ${run.session.runs} run${run.session.runs === 1 ? "" : "s"}`
    : "";
  return `tokens: ${mine}${session}`;
}

function formatTokens(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)}k` : n.toLocaleString("en-US");
}

function stepLine(step: StepRecord): string {
  const result = step.result as
    | {
        message?: string;
        output?: string;
        code?: string;
        text?: string;
        toolCalls?: Array<{ name: string; repairs?: string[] }>;
        usage?: { input?: number; output?: number };
      }
    | undefined;
  if (step.kind === "model") {
    const calls = result?.toolCalls
      ?.map((c) => `${c.name}${c.repairs?.length ? " (repaired)" : ""}`)
      .join(", ");
    const said = result?.text ? ` "${oneLine(result.text, 60)}"` : "";
    const usage =
      result?.usage?.input !== undefined
        ? ` [${result.usage.input} in / ${result.usage.output ?? 0} out]`
        : "";
    return `  #${step.seq} r${step.round} propose  ${step.status.padEnd(9)}${calls ? ` → ${calls}` : ""}${said}${usage}`;
  }
  const args = step.args === undefined ? "" : oneLine(JSON.stringify(step.args), 60);
  // What a person reads of the outcome (never the model-facing observation).
  const said = result?.message || result?.output;
  const observed = said ? ` → ${result?.code ? `${result.code}: ` : ""}${oneLine(said, 80)}` : "";
  return `  #${step.seq} r${step.round} ${(step.tool ?? "?").padEnd(20)} ${step.status.padEnd(9)} ${args}${observed}`;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
