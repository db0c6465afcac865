import type { Interface } from "node:readline";
import type { WebSocket } from "ws";
import { toJarvisError } from "../../core/errors.js";
import type { ConfirmRequestData, JarvisEvent } from "../../core/events.js";
import { askLine, formatQuestion, readAnswer } from "../confirm-prompt.js";
import type { CliContext } from "../context.js";
import { chatLines, EventPrinter } from "./agent-support.js";
import {
  type AttachFlags,
  connect,
  fetchHistory,
  latestSession,
  requireService,
  type Target,
} from "./attach-target.js";

type Pending = ConfirmRequestData & { runId: string };

const HELP = `commands: /stop (stop this session's running task)  /new (new conversation)  /history  /exit
alerts: /snooze [minutes]  /dismiss
confirmations (from any window): y = yes, n = no, a = always for this session`;

/**
 * `jarvis chat --attach`: the terminal joins the running server over its WebSocket. It shows
 * the session's runs as they stream (whichever window started them), starts turns in that
 * session, and answers confirmations from any window; the first answer anywhere wins.
 */
export async function attachChat(
  context: CliContext,
  flags: AttachFlags & { verbose?: boolean },
  options: { fresh?: boolean } = {},
): Promise<void> {
  const target = requireService(context.env, flags);
  const socket = await connect(target);
  const sessionId = flags.session ?? (options.fresh ? undefined : await latestSession(target));
  await new AttachedChat(context, socket, target, sessionId, flags.verbose).run();
}

class AttachedChat {
  private readonly printer: EventPrinter;
  private readonly tty: boolean;
  private readonly sessions = new Map<string, string>(); // runId → sessionId
  private readonly mine = new Set<string>();
  private readonly running = new Set<string>(); // runs of this session in flight
  private readonly unseen = new Map<string, JarvisEvent[]>(); // events of runs not placed yet
  private readonly waiting = new Map<string, (message: Record<string, unknown>) => void>();
  private pending: Pending[] = [];
  /** What is ringing now (timers, alarms, reminders, routines), newest last. */
  private alerts: Array<{ id: string; title: string; message: string }> = [];
  private answered = new Set<string>();
  private nextId = 1;
  private closing = false;
  private finish: () => void = () => {};

  constructor(
    private readonly context: CliContext,
    private readonly socket: WebSocket,
    private readonly target: Target,
    private sessionId: string | undefined,
    verbose = false,
  ) {
    this.printer = new EventPrinter(context, false, verbose);
    this.tty = Boolean(context.stdin.isTTY);
  }

  async run(): Promise<void> {
    const { context } = this;
    const rl = chatLines(context);
    const done = new Promise<void>((resolve) => {
      this.finish = resolve;
    });
    this.socket.on("message", (data) => this.receive(String(data), rl));
    this.socket.on("close", () => {
      if (!this.closing) {
        context.printError("the connection to Jarvis closed (was the server stopped?)");
        context.exitCode = 1;
      }
      this.closing = true;
      rl.close();
      this.finish();
    });
    const interrupt = () => {
      if (this.running.size > 0) this.stop();
      else rl.close();
    };
    rl.on("SIGINT", interrupt);
    process.on("SIGINT", interrupt);
    rl.on("line", (raw) => void this.line(raw.trim(), rl));
    rl.on("close", () => {
      this.closing = true;
      this.maybeFinish();
    });
    context.printError(
      `Attached to Jarvis at ${this.target.url}, ${this.sessionId ? `session ${this.sessionId}` : "new session"}. ${this.tty ? HELP : ""}`.trim(),
    );
    this.prompt(rl);
    try {
      await done;
    } finally {
      process.off("SIGINT", interrupt);
      if (this.socket.readyState === this.socket.OPEN) this.socket.close(1000, "bye");
    }
  }

  private prompt(rl: Interface): void {
    if (this.tty && !this.closing && this.pending.length === 0) rl.prompt();
  }

  private maybeFinish(): void {
    if (this.closing && ![...this.running].some((r) => this.mine.has(r))) this.finish();
  }

  private receive(text: string, rl: Interface): void {
    const message = JSON.parse(text) as Record<string, unknown>;
    switch (message.type) {
      case "hello":
        for (const item of (message.pending as Pending[] | undefined) ?? []) this.ask(item);
        for (const alert of (message.alerts as
          | Array<{ id: string; title: string; message: string }>
          | undefined) ?? [])
          this.ring(alert);
        for (const item of (message.active as Array<{ runId: string; sessionId?: string }>) ?? []) {
          if (item.sessionId) this.sessions.set(item.runId, item.sessionId);
          if (item.sessionId && item.sessionId === this.sessionId) this.running.add(item.runId);
        }
        break;
      case "notice":
        this.context.printError(`  ⏰ ${String(message.message)}`);
        break;
      case "alert":
        this.ring(message.alert as { id: string; title: string; message: string });
        break;
      case "alert_closed": {
        const id = (message.alert as { id: string }).id;
        this.alerts = this.alerts.filter((alert) => alert.id !== id);
        break;
      }
      case "ack":
      case "error": {
        const resolve = this.waiting.get(String(message.id));
        this.waiting.delete(String(message.id));
        resolve?.(message);
        break;
      }
      case "event":
        this.event(message.event as JarvisEvent, rl);
        break;
      default:
        break;
    }
  }

  private event(event: JarvisEvent, rl: Interface): void {
    if (event.type === "run_started" && event.data.sessionId)
      this.sessions.set(event.runId, event.data.sessionId);
    if (event.type === "confirm_requested") this.ask({ ...event.data, runId: event.runId });
    if (event.type === "confirm_resolved") this.resolved(event.data.confirmationId, event.data.answer, rl);
    const session = this.sessions.get(event.runId);
    if (session === undefined || session !== this.sessionId) {
      // Maybe a run this terminal just started, whose ack has not arrived yet: keep it a moment.
      const kept = this.unseen.get(event.runId) ?? [];
      if (kept.length < 500) kept.push(event);
      this.unseen.set(event.runId, kept);
      if (this.unseen.size > 50) this.unseen.delete(this.unseen.keys().next().value as string);
      return;
    }
    this.show(event, rl);
  }

  private show(event: JarvisEvent, rl: Interface): void {
    if (event.type === "run_started") {
      this.running.add(event.runId);
      if (!this.mine.has(event.runId)) {
        const mark = this.printer.style.unicode ? "▸" : ">";
        this.context.printError(`  ${mark} (${event.data.source ?? "?"}) ${event.data.input}`);
      }
    }
    if (event.type !== "confirm_requested") this.printer.print(event);
    if (event.type === "run_finished" || event.type === "run_failed" || event.type === "run_cancelled") {
      this.running.delete(event.runId);
      this.maybeFinish();
      this.prompt(rl);
    }
  }

  private ring(alert: { id: string; title: string; message: string }): void {
    this.alerts = [...this.alerts.filter((a) => a.id !== alert.id), alert];
    this.context.printError(`  ⏰ ${alert.message}  (/snooze [minutes] or /dismiss)`);
  }

  /** `/snooze [minutes]` and `/dismiss` answer the newest alert, for every window at once. */
  private async answerAlert(action: "snooze" | "dismiss", minutes: number | undefined): Promise<void> {
    const alert = this.alerts.at(-1);
    if (!alert) {
      this.context.printError("nothing is ringing");
      return;
    }
    const ack = await this.request({
      type: "alert",
      alertId: alert.id,
      action,
      ...(minutes ? { minutes } : {}),
    });
    if (ack.type === "error") {
      this.context.printError(String((ack.error as { message?: string }).message ?? "could not do that"));
      return;
    }
    this.alerts = this.alerts.filter((a) => a.id !== alert.id);
    this.context.printError(
      action === "snooze" ? `snoozed ${minutes ?? 10} min: ${alert.message}` : `dismissed: ${alert.message}`,
    );
  }

  private ask(request: Pending): void {
    if (this.pending.some((p) => p.confirmationId === request.confirmationId)) return;
    this.pending.push(request);
    if (this.pending.length === 1) this.showQuestion();
  }

  private showQuestion(): void {
    const request = this.pending[0];
    if (!request) return;
    this.context.stderr.write(
      `${formatQuestion(request, this.printer.style, this.printer.verbose)}${askLine()} › `,
    );
  }

  private resolved(confirmationId: string, answer: string, rl: Interface): void {
    const index = this.pending.findIndex((p) => p.confirmationId === confirmationId);
    if (index < 0) return;
    this.pending.splice(index, 1);
    if (!this.answered.delete(confirmationId)) this.context.printError(`\n  (answered elsewhere: ${answer})`);
    if (index === 0) this.showQuestion();
    this.prompt(rl);
  }

  private request(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    const id = String(this.nextId++);
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ ...message, id }));
    });
  }

  private async line(line: string, rl: Interface): Promise<void> {
    const question = this.pending[0];
    if (question) {
      if (line === "/stop") return this.stop();
      const answer = readAnswer(line);
      if (!answer) {
        this.context.stderr.write("please answer y, n or a › ");
        return;
      }
      this.answered.add(question.confirmationId);
      const ack = await this.request({ type: "confirm", confirmationId: question.confirmationId, answer });
      if (ack.answered !== true) this.answered.delete(question.confirmationId);
      return;
    }
    if (line.startsWith("/")) return this.command(line, rl);
    if (!line) return this.prompt(rl);
    const ack = await this.request({
      type: "turn",
      text: line,
      ...(this.sessionId ? { sessionId: this.sessionId } : {}),
    });
    if (ack.type === "error") {
      const error = ack.error as { code?: string; message?: string };
      this.context.printError(`${error.code ?? "ERROR"}: ${error.message ?? "failed"}`);
      return this.prompt(rl);
    }
    const runId = String(ack.runId);
    this.mine.add(runId);
    this.running.add(runId);
    this.sessionId = String(ack.sessionId);
    this.sessions.set(runId, this.sessionId);
    for (const event of this.unseen.get(runId) ?? []) this.show(event, rl);
    this.unseen.delete(runId);
  }

  /** This session's conversation, printed like `jarvis chat`'s /history. */
  private async history(): Promise<void> {
    if (!this.sessionId) {
      this.context.printError("no conversation yet (it starts with your next message)");
      return;
    }
    try {
      const messages = await fetchHistory(this.target, this.sessionId);
      for (const message of messages) {
        this.context.print(`${message.role === "user" ? "you" : "jarvis"}: ${message.text}`);
      }
    } catch (error) {
      this.context.printError(toJarvisError(error).message);
    }
  }

  private stop(): void {
    const runs = [...this.running];
    if (runs.length === 0) {
      this.context.printError("nothing is running in this session");
      return;
    }
    for (const runId of runs) void this.request({ type: "kill", runId });
    this.context.printError("stopping…");
  }

  private command(line: string, rl: Interface): void {
    const [name, arg] = line.split(/\s+/);
    switch (name) {
      case "/snooze": {
        const minutes = arg === undefined ? undefined : Number(arg);
        if (minutes !== undefined && !(Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440)) {
          this.context.printError("/snooze takes minutes from 1 to 1440, e.g. /snooze 5");
          break;
        }
        void this.answerAlert("snooze", minutes).finally(() => this.prompt(rl));
        return;
      }
      case "/dismiss":
        void this.answerAlert("dismiss", undefined).finally(() => this.prompt(rl));
        return;
      case "/stop":
        this.stop();
        break;
      case "/new":
        this.sessionId = undefined;
        this.context.printError("new conversation (it starts with your next message)");
        break;
      case "/history":
        void this.history().finally(() => this.prompt(rl));
        return;
      case "/exit":
      case "/quit":
        rl.close();
        return;
      case "/help":
        this.context.printError(HELP);
        break;
      default:
        this.context.printError(`unknown command ${name}; ${HELP}`);
    }
    this.prompt(rl);
  }
}
