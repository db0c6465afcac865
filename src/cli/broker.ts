import { type ConfirmationBroker, FixedConfirmationBroker } from "../gate/confirm.js";
import type { CliContext } from "./context.js";
import { TerminalConfirmationBroker } from "./terminal-broker.js";

/** `--yes` approves, `--no` denies, a terminal asks, anything else denies (nobody to ask). */
export function brokerFor(context: CliContext, flags: { yes?: boolean; no?: boolean }): ConfirmationBroker {
  if (flags.yes) return new FixedConfirmationBroker("approve");
  if (flags.no) return new FixedConfirmationBroker("deny");
  if (context.stdin.isTTY) return new TerminalConfirmationBroker(context.stdin, context.stderr);
  return new FixedConfirmationBroker("deny");
}
