import type { AgentService } from "../../agent/service.js";
import type { TurnHandle, TurnResult } from "../../agent/types.js";
import { ERROR_CODES, type ErrorCode } from "../../core/errors.js";
import type { JarvisEvent, PlanStep } from "../../core/events.js";
import { openAgentService } from "../../runtime/agent.js";
import type { CliContext } from "../context.js";

/** The agent for one CLI command: runtime, models from config/env, the embedded NLU. */
export async function openAgent(context: CliContext): Promise<AgentService> {
  return openAgentService(context.runtime());
}

/** Prints a run's events for people: answer text on stdout, activity and problems on stderr. */
export class EventPrinter {
  private lineOpen = false;

  constructor(
    private readonly context: Pick<CliContext, "stdout" | "stderr">,
    private readonly json = false,
  ) {}

  print(event: JarvisEvent): void {
    if (this.json) {
      this.context.stdout.write(`${JSON.stringify(event)}\n`);
      return;
    }
    switch (event.type) {
      case "text_delta":
        this.context.stdout.write(event.data.text);
        this.lineOpen = !event.data.text.endsWith("\n");
        break;
      case "tool_started":
        this.note(`  ⚙ ${event.data.tool}`);
        break;
      case "tool_finished":
        this.note(
          event.data.ok
            ? `  ✓ ${event.data.tool} (${event.data.durationMs} ms)`
            : `  ✗ ${event.data.tool}: ${event.data.error?.code ?? "ERROR"} ${event.data.error?.message ?? ""}`.trimEnd(),
        );
        break;
      case "tool_decided":
        if (event.data.decision === "deny") {
          this.note(
            `  ⛔ ${event.data.tool}: ${event.data.code ? `${event.data.code} ` : ""}${event.data.reason}`,
          );
        }
        break;
      case "confirm_resolved":
        if (event.data.answer !== "approve" && event.data.answer !== "approve_session") {
          this.note(`  ✋ not approved (${event.data.answer})`);
        }
        break;
      case "plan_updated":
        this.note(`  plan: ${event.data.steps.map(planMark).join("  ")}`);
        break;
      case "notice":
        this.note(`  ${event.data.level === "warn" ? "!" : "·"} ${event.data.message}`);
        break;
      case "run_finished":
        this.endLine();
        break;
      case "run_failed":
        this.endLine();
        this.context.stderr.write(`${event.data.code}: ${event.data.message}\n`);
        break;
      case "run_cancelled":
        this.endLine();
        this.context.stderr.write(`cancelled: ${event.data.reason}\n`);
        break;
      default:
        break;
    }
  }

  private note(line: string): void {
    this.endLine();
    this.context.stderr.write(`${line}\n`);
  }

  private endLine(): void {
    if (this.lineOpen) this.context.stdout.write("\n");
    this.lineOpen = false;
  }
}

function planMark(step: PlanStep): string {
  const mark = { pending: "[ ]", running: "[>]", done: "[x]", failed: "[!]" }[step.status];
  return `${mark} ${step.title}`;
}

/** Streams a turn to the terminal; the first Ctrl-C stops the run, a second one exits. */
export async function streamTurn(
  context: CliContext,
  agent: AgentService,
  handle: TurnHandle,
  json: boolean,
): Promise<TurnResult> {
  const printer = new EventPrinter(context, json);
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    agent.kill(handle.runId);
    if (!json) context.stderr.write("\nstopping… (Ctrl-C again to quit at once)\n");
  };
  process.on("SIGINT", onSigint);
  try {
    for await (const event of handle.events) printer.print(event);
    return await handle.done;
  } finally {
    process.off("SIGINT", onSigint);
  }
}

/** 0 finished, 3 when policy or the user refused, 1 for anything else. */
export function exitCodeForTurn(result: TurnResult): number {
  if (result.status === "finished") return 0;
  const code = result.error?.code as ErrorCode | undefined;
  if (code && code in ERROR_CODES && ERROR_CODES[code].kind === "policy") return 3;
  return 1;
}
