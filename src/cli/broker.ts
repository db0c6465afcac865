import type { Nlu } from "../brain/nlu/types.js";
import { type ConfirmationBroker, FixedConfirmationBroker } from "../gate/confirm.js";
import { NoTerminalConfirmationBroker, TerminalConfirmationBroker } from "./confirm-prompt.js";
import type { CliContext } from "./context.js";
import { styleFor } from "./style.js";

/**
 * `--yes` approves, `--no` denies; on a terminal the person is asked; with no terminal the
 * preview is printed and the call denied (nobody to ask, and piped input is not an answer).
 * `verbose` names the tool in the question.
 */
export function brokerFor(
  context: Pick<CliContext, "stdin" | "stderr" | "env">,
  flags: { yes?: boolean; no?: boolean; verbose?: boolean | undefined },
  nlu?: Pick<Nlu, "parse">,
): ConfirmationBroker {
  if (flags.yes) return new FixedConfirmationBroker("approve");
  if (flags.no) return new FixedConfirmationBroker("deny");
  const style = styleFor(context.stderr as { isTTY?: boolean }, context.env);
  if (context.stdin.isTTY)
    return new TerminalConfirmationBroker(context.stdin, context.stderr, style, Date.now, nlu, flags.verbose);
  return new NoTerminalConfirmationBroker(context.stderr, style, flags.verbose);
}
