import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { brokerFor } from "../broker.js";
import type { CliContext } from "../context.js";
import { exitCodeForTurn } from "../exit-codes.js";
import { action } from "../run.js";

export interface AskFlags {
  json?: boolean;
  yes?: boolean;
  no?: boolean;
  session?: string;
  continue?: boolean;
  verbose?: boolean;
}

export function registerAskCommand(program: Command, context: CliContext): void {
  program
    .command("ask <text...>")
    .description("one turn: the answer streams to stdout; --json prints every event as a JSON line")
    .option("--json", "print the event stream as JSON lines")
    .option("--yes", "approve confirmations without asking")
    .option("--no", "deny confirmations without asking")
    .option("--session <id>", "continue this session (follow-ups see its handles)")
    .option("-c, --continue", "continue the most recent `ask` session")
    .option(
      "--verbose",
      "also name the tools each step uses (for debugging); normally steps are said in words",
    )
    .addHelpText(
      "after",
      `
Examples:
  jarvis ask "what time is it in Tokyo"
  jarvis ask --yes "move ~/Downloads/report.pdf to ~/Documents"
  jarvis ask -c "and the day after?"            continue the last conversation
  jarvis ask --json "list my timers" | jq .type  the event stream, one JSON object a line

Without a terminal (piped, in a script) nothing can be asked: a call that needs a yes is
shown and denied; pass --yes to approve.`,
    )
    .action(askAction(context));
}

/**
 * What `jarvis ask` does with its words and flags. `main` runs it without commander for the
 * plainest command line (`jarvis ask` and words, no option: `plainAsk`), so that commander
 * is not loaded for it; every other command line comes here through commander.
 */
export function askAction(context: CliContext): (words: string[], flags: AskFlags) => Promise<void> {
  return action(context, async (words: string[], flags: AskFlags) => {
    if (flags.yes && flags.no) throw new JarvisError("USAGE", "--yes and --no cannot be used together");
    if (flags.session && flags.continue)
      throw new JarvisError("USAGE", "--session and --continue cannot be used together");
    const text = words.join(" ").trim();
    if (!text)
      throw new JarvisError("USAGE", "nothing to ask", { fix: 'jarvis ask "set a timer for 5 minutes"' });
    // The agent's modules load once the command line is known to be good
    const { openAgent, streamTurn } = await import("./agent-support.js");
    const agent = await openAgent(context);
    const sessionId = flags.session ?? (flags.continue ? agent.latestSession("cli") : undefined);
    const handle = agent.startTurn({
      text,
      source: "cli",
      broker: brokerFor(context, flags, agent.deps.nlu),
      ...(sessionId ? { sessionId } : {}),
    });
    const result = await streamTurn(context, agent, handle, flags.json ?? false, flags.verbose);
    context.exitCode = exitCodeForTurn(result);
  });
}
