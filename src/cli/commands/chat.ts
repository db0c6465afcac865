import type { createInterface } from "node:readline";
import type { Command } from "commander";
import type { AgentService } from "../../agent/service.js";
import type { TurnHandle } from "../../agent/types.js";
import { JarvisError, toJarvisError } from "../../core/errors.js";
import { ConfirmationInbox } from "../../gate/inbox.js";
import { findService } from "../../runtime/service-client.js";
import { askLine, formatQuestion, readAnswer } from "../confirm-prompt.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";
import { chatLines, EventPrinter, openAgent } from "./agent-support.js";

const HELP = `commands: /stop (stop the running task)  /new (new conversation)  /history  /exit
confirmations: y = yes, n = no, a = always for this session`;

type ChatFlags = {
  session?: string;
  continue?: boolean;
  attach?: boolean;
  url?: string;
  local?: boolean;
  verbose?: boolean;
};

export function registerChatCommand(program: Command, context: CliContext): void {
  program
    .command("chat")
    .description(
      "interactive chat: streaming answers, confirmations (y / n / a = always), /stop, /new, /history",
    )
    .option("--session <id>", "continue this session")
    .option("-c, --continue", "continue the most recent chat session")
    .option(
      "--attach",
      "join the running `jarvis start` server: its latest session, confirmations from any window",
    )
    .option("--url <url>", "with --attach: the server's address (default: the one `jarvis start` recorded)")
    .option("--local", "do not join a running service; chat in this process")
    .option(
      "--verbose",
      "also name the tools each step uses (for debugging); normally steps are said in words",
    )
    .action(
      action(context, async (flags: ChatFlags) => {
        if (flags.session && flags.continue)
          throw new JarvisError("USAGE", "--session and --continue cannot be used together");
        if (flags.url !== undefined && !flags.attach) throw new JarvisError("USAGE", "--url needs --attach");
        // With the service running, the chat joins it: its session, its alerts, one inbox.
        if (flags.attach || (!flags.local && !flags.session && !flags.continue && findService(context.env))) {
          const { attachChat } = await import("./chat-attach.js");
          return attachChat(context, flags, { fresh: !flags.attach });
        }
        const agent = await openAgent(context);
        if (flags.session && !agent.deps.sessions.get(flags.session)) {
          throw new JarvisError("NOT_FOUND", `no session ${flags.session.slice(0, 60)}`, {
            fix: "omit --session to start a new one",
          });
        }
        const sessionId =
          flags.session ??
          (flags.continue ? agent.latestSession("chat") : undefined) ??
          agent.newSession("chat");
        await new ChatLoop(context, agent, sessionId, flags.verbose).run();
      }),
    );
}

/**
 * One terminal conversation. Lines typed while a task runs are queued; while a confirmation
 * is pending the next line answers it. Ctrl-C (or /stop) stops the running task, not the
 * process; with nothing running, Ctrl-C or end of input leaves.
 */
class ChatLoop {
  private readonly broker = new ConfirmationInbox();
  private readonly printer: EventPrinter;
  private readonly queued: string[] = [];
  private readonly tty: boolean;
  private current: TurnHandle | undefined;
  private closing = false;
  private finish: () => void = () => {};

  constructor(
    private readonly context: CliContext,
    private readonly agent: AgentService,
    private sessionId: string,
    verbose = false,
  ) {
    this.printer = new EventPrinter(context, false, verbose);
    this.tty = Boolean(context.stdin.isTTY);
  }

  async run(): Promise<void> {
    const { context } = this;
    const rl = chatLines(context);
    const prompt = () => {
      if (this.tty && !this.current && !this.closing) rl.prompt();
    };
    this.broker.onRequest((request) => {
      context.stderr.write(
        `${formatQuestion(request, this.printer.style, this.printer.verbose)}${askLine()} › `,
      );
    });
    const done = new Promise<void>((resolve) => {
      this.finish = resolve;
    });
    const interrupt = () => {
      if (this.current) this.stop();
      else rl.close();
    };
    rl.on("SIGINT", interrupt); // terminal: readline catches Ctrl-C
    process.on("SIGINT", interrupt); // piped input: the signal reaches the process
    rl.on("line", (raw) => {
      const line = raw.trim();
      if (this.broker.size > 0) {
        if (line === "/stop") this.stop();
        else {
          const answer = readAnswer(line, this.agent.deps.nlu);
          if (answer) this.broker.answerOldest(answer);
          else context.stderr.write("please answer y, n or a › ");
        }
        return;
      }
      if (line.startsWith("/")) this.command(line, rl);
      else if (line) {
        this.queued.push(line);
        this.next(prompt);
      }
      prompt();
    });
    rl.on("close", () => {
      this.closing = true;
      this.broker.denyAll();
      if (!this.current && this.queued.length === 0) this.finish();
    });
    if (this.tty) context.stderr.write(`Jarvis chat (${this.sessionId}). ${HELP}\n`);
    prompt();
    try {
      await done;
    } finally {
      process.off("SIGINT", interrupt);
    }
  }

  private next(prompt: () => void): void {
    if (this.current) return;
    const text = this.queued.shift();
    if (text === undefined) {
      if (this.closing) this.finish();
      else prompt();
      return;
    }
    let handle: TurnHandle;
    try {
      handle = this.agent.startTurn({ text, sessionId: this.sessionId, source: "chat", broker: this.broker });
    } catch (error) {
      this.context.stderr.write(`${toJarvisError(error).toLine()}\n`);
      this.next(prompt);
      return;
    }
    this.current = handle;
    void (async () => {
      for await (const event of handle.events) this.printer.print(event);
      await handle.done;
      this.current = undefined;
      this.next(prompt);
    })();
  }

  private stop(): void {
    this.queued.length = 0;
    if (this.current) {
      this.agent.kill(this.current.runId);
      this.context.stderr.write("stopping…\n");
    } else {
      this.context.stderr.write("nothing is running\n");
    }
  }

  private command(line: string, rl: ReturnType<typeof createInterface>): void {
    const [name] = line.split(/\s+/);
    const { stderr, stdout } = this.context;
    switch (name) {
      case "/stop":
        this.stop();
        break;
      case "/new":
        if (this.current) stderr.write("a task is running; /stop it first\n");
        else {
          this.sessionId = this.agent.newSession("chat");
          stderr.write(`new conversation (${this.sessionId})\n`);
        }
        break;
      case "/history":
        for (const message of this.agent.history(this.sessionId)) {
          stdout.write(`${message.role === "user" ? "you" : "jarvis"}: ${message.text}\n`);
        }
        break;
      case "/exit":
      case "/quit":
        if (this.current) this.stop();
        rl.close();
        break;
      case "/help":
        stderr.write(`${HELP}\n`);
        break;
      default:
        stderr.write(`unknown command ${name}; ${HELP}\n`);
    }
  }
}
