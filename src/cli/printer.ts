import type { JarvisEvent, PlanStep } from "../core/events.js";

/** Where printed events go (a CLI context, or the attach client's own streams). */
export interface PrinterStreams {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** Prints a run's events for people: answer text on stdout, activity and problems on stderr. */
export class EventPrinter {
  private lineOpen = false;

  constructor(
    private readonly context: PrinterStreams,
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
