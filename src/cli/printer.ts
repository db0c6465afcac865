import type { JarvisEvent, PlanStep } from "../core/events.js";
import { type Style, styleFor } from "./style.js";

/** Where printed events go (a CLI context, or the attach client's own streams). */
export interface PrinterStreams {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Decides colour (`NO_COLOR`, `FORCE_COLOR`, `TERM`); none means plain text. */
  env?: NodeJS.ProcessEnv;
}

/** Prints a run's events for people: answer text on stdout, activity and problems on stderr. */
export class EventPrinter {
  readonly style: Style;
  private lineOpen = false;
  /** What each call in flight is doing, in words (from its `tool_started`). */
  private readonly doing = new Map<string, string>();

  /**
   * `verbose` (`--verbose`) names the tools and the gate's own reasons, for people debugging a
   * run; otherwise activity is said in words the person chose ("Reading ~/notes.txt").
   */
  constructor(
    private readonly context: PrinterStreams,
    private readonly json = false,
    readonly verbose = false,
  ) {
    this.style = styleFor(context.stderr as { isTTY?: boolean }, context.env ?? {});
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
      case "tool_started": {
        const doing = this.verbose ? event.data.tool : (event.data.doing ?? WORKING);
        this.doing.set(event.data.callId, doing);
        this.note(dim(`  ${mark.run} ${doing}`));
        break;
      }
      case "tool_finished": {
        const { callId, ok, durationMs, error } = event.data;
        const doing = this.verbose ? event.data.tool : (this.doing.get(callId) ?? WORKING);
        this.doing.delete(callId);
        const failure = this.verbose
          ? `${error?.code ?? "ERROR"} ${error?.message ?? ""}`.trimEnd()
          : (error?.message ?? "it did not work");
        this.note(
          ok
            ? `  ${green(mark.ok)} ${doing} ${dim(`(${durationMs} ms)`)}`
            : `  ${red(mark.fail)} ${doing}: ${failure}`,
        );
        break;
      }
      case "tool_decided":
        // The gate's reasons name tools and settings; the answer already says what was refused,
        // and a call done without asking is told in words after it ran (a `notice`).
        if (event.data.decision === "deny" && this.verbose) {
          const code = event.data.code ? `${event.data.code} ` : "";
          this.note(`  ${red(mark.deny)} ${event.data.tool}: ${code}${event.data.reason}`);
        } else if (event.data.decision === "notify" && this.verbose) {
          this.note(`  ${mark.info} ${event.data.tool}: ${event.data.reason}`);
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

/** A call whose tool has no words for it (an MCP or generated tool). */
const WORKING = "Working on it";

function planMark(step: PlanStep): string {
  const mark = { pending: "[ ]", running: "[>]", done: "[x]", failed: "[!]" }[step.status];
  return `${mark} ${step.title}`;
}
