import { createInterface, type Interface } from "node:readline";
import type { AgentService } from "../../agent/service.js";
import type { TurnHandle, TurnResult } from "../../agent/types.js";
import type { JarvisEvent, PlanStep } from "../../core/events.js";
import { attachMcp } from "../../extend/mcp/index.js";
import { openAgentService } from "../../runtime/agent.js";
import type { CliContext } from "../context.js";
import { VERSION } from "../main.js";
import { type Style, styleFor } from "../style.js";

/**
 * The agent for one CLI command: runtime, models from config/env, the embedded NLU, and the
 * MCP servers of config.yaml (waited for briefly, so a one-shot command can use their tools).
 */
export async function openAgent(context: CliContext): Promise<AgentService> {
  const runtime = context.runtime();
  await attachMcp({ ...runtime, onClose: runtime.deps.onClose }, { waitMs: 15_000, version: VERSION });
  return openAgentService(runtime);
}

/** Prints a run's events for people: answer text on stdout, activity and problems on stderr. */
export class EventPrinter {
  readonly style: Style;
  private lineOpen = false;

  constructor(
    private readonly context: Pick<CliContext, "stdout" | "stderr" | "env">,
    private readonly json = false,
  ) {
    this.style = styleFor(context.stderr as { isTTY?: boolean }, context.env);
  }

  print(event: JarvisEvent): void {
    if (this.json) {
      this.context.stdout.write(`${JSON.stringify(event)}\n`);
      return;
    }
    const { mark, green, red, yellow, dim } = this.style;
    switch (event.type) {
      case "text_delta":
        this.context.stdout.write(event.data.text);
        this.lineOpen = !event.data.text.endsWith("\n");
        break;
      case "tool_started":
        this.note(dim(`  ${mark.run} ${event.data.tool}`));
        break;
      case "tool_finished":
        this.note(
          event.data.ok
            ? `  ${green(mark.ok)} ${event.data.tool} ${dim(`(${event.data.durationMs} ms)`)}`
            : `  ${red(mark.fail)} ${event.data.tool}: ${event.data.error?.code ?? "ERROR"} ${event.data.error?.message ?? ""}`.trimEnd(),
        );
        break;
      case "tool_decided":
        if (event.data.decision === "deny") {
          const code = event.data.code ? `${event.data.code} ` : "";
          this.note(`  ${red(mark.deny)} ${event.data.tool}: ${code}${event.data.reason}`);
        }
        break;
      case "confirm_resolved":
        if (event.data.answer !== "approve" && event.data.answer !== "approve_session") {
          this.note(`  ${yellow(mark.unapproved)} not approved (${event.data.answer})`);
        }
        break;
      case "plan_updated":
        this.note(`  plan: ${event.data.steps.map(planMark).join("  ")}`);
        break;
      case "notice":
        this.note(`  ${event.data.level === "warn" ? yellow(mark.warn) : mark.info} ${event.data.message}`);
        break;
      case "run_finished":
        this.endLine();
        break;
      case "run_failed":
        this.endLine();
        this.context.stderr.write(`${red(event.data.code)}: ${event.data.message}\n`);
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

/** A chat's line reader: a prompt and line editing on a terminal, plain lines from a pipe. */
export function chatLines(context: Pick<CliContext, "stdin" | "stderr">): Interface {
  const tty = Boolean(context.stdin.isTTY);
  return createInterface({
    input: context.stdin,
    ...(tty ? { output: context.stderr } : {}),
    terminal: tty,
    prompt: "you › ",
  });
}
