import { isJarvisError, toJarvisError } from "../core/errors.js";
import type { CliContext } from "./context.js";

/**
 * Wraps a command action: a JarvisError becomes one line (`CODE: message (fix)`) and its exit
 * code; anything else is an internal error, with the stack only under `--debug`.
 */
export function action<A extends unknown[]>(
  context: CliContext,
  fn: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (error) {
      const failure = toJarvisError(error);
      context.printError(failure.toLine());
      if (context.debug && !isJarvisError(error)) context.printError((error as Error).stack ?? String(error));
      else if (context.debug && failure.cause instanceof Error) context.printError(failure.cause.stack ?? "");
      context.exitCode = failure.exitCode;
    }
  };
}
