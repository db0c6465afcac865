import { createInterface } from "node:readline";
import type { Nlu } from "../brain/nlu/types.js";
import type { ConfirmAnswer } from "../core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../gate/confirm.js";
import type { UserAnswer } from "../gate/inbox.js";
import type { Style } from "./style.js";

type Question = Pick<ConfirmationRequest, "tool" | "tier" | "ask" | "why" | "preview" | "reason">;

/**
 * The question as every terminal surface shows it: the call in words, exactly what will happen
 * (the preview), and why it asks. `verbose` (`--verbose`) adds the tool, its tier and the gate's
 * own reason, for people debugging a run.
 */
export function formatQuestion(request: Question, style: Style, verbose = false): string {
  const rule = style.unicode ? "──" : "--";
  const tint = request.tier === "destructive" || request.tier === "dangerous" ? style.red : style.yellow;
  const lines = [`${tint(rule)} ${style.bold(request.ask)} ${tint(rule)}`];
  if (request.preview.trim() && request.preview.trim() !== request.ask) lines.push(request.preview);
  lines.push(style.dim(`Why: ${request.why}`));
  if (verbose) lines.push(style.dim(`(${request.tool}, ${request.tier}: ${request.reason})`));
  return `\n${lines.join("\n")}\n`;
}

/** The line that asks, with the seconds left when known. */
export function askLine(seconds?: number): string {
  return `Allow? [y]es / [n]o / [a]lways this session${seconds === undefined ? "" : ` (${seconds}s)`}`;
}

/**
 * A typed answer: y / yes / ok, n / no, a / always; otherwise the NLU's dialog reading ("sure,
 * go ahead"). Undefined when the line is not an answer.
 */
export function readAnswer(text: string, nlu?: Pick<Nlu, "parse">): UserAnswer | undefined {
  const line = text.trim().toLowerCase();
  if (["y", "yes", "ok", "okay"].includes(line)) return "approve";
  if (["n", "no"].includes(line)) return "deny";
  if (["a", "always"].includes(line)) return "approve_session";
  if (!nlu || !line) return undefined;
  try {
    const parsed = nlu.parse(text);
    if (parsed.kind !== "dialog") return undefined;
    if (parsed.dialog === "yes") return "approve";
    if (parsed.dialog === "no" || parsed.dialog === "cancel") return "deny";
  } catch {
    // an NLU failure is simply "not an answer"
  }
  return undefined;
}

/**
 * Asks on the terminal with the exact preview and reads one line: yes approves once, always
 * approves for the session, anything else (or no answer before the gate's timeout) denies.
 */
export class TerminalConfirmationBroker implements ConfirmationBroker {
  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
    private readonly style: Style,
    private readonly now: () => number = Date.now,
    private readonly nlu?: Pick<Nlu, "parse">,
    private readonly verbose = false,
  ) {}

  request(request: ConfirmationRequest, signal: AbortSignal): Promise<ConfirmAnswer> {
    const seconds = Math.max(0, Math.round((request.expiresAt - this.now()) / 1000));
    this.output.write(`${formatQuestion(request, this.style, this.verbose)}${askLine(seconds)} `);
    const rl = createInterface({ input: this.input, terminal: false });
    return new Promise<ConfirmAnswer>((resolve) => {
      let settled = false;
      // Resolves once: closing the reader below fires "close", which must not answer again.
      const done = (answer: ConfirmAnswer) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener("abort", onAbort);
        rl.close();
        resolve(answer);
      };
      const onAbort = () => {
        this.output.write("\n(no answer: denied)\n");
        done("timeout");
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      rl.once("line", (line) => done(readAnswer(line, this.nlu) ?? "deny"));
      rl.once("close", () => done("deny"));
    });
  }
}

/**
 * Where nobody can be asked (no terminal): the exact preview is still shown, with how to
 * approve, and the call is denied.
 */
export class NoTerminalConfirmationBroker implements ConfirmationBroker {
  constructor(
    private readonly output: NodeJS.WritableStream,
    private readonly style: Style,
    private readonly verbose = false,
  ) {}

  async request(request: ConfirmationRequest): Promise<ConfirmAnswer> {
    this.output.write(
      `${formatQuestion(request, this.style, this.verbose)}Not approved: there is no terminal to ask on. Run it again with --yes to approve it (or --no to deny without asking).\n`,
    );
    return "deny";
  }
}
