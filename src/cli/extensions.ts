import { JarvisError } from "../core/errors.js";
import type { Extensions } from "../extend/index.js";
import type { CliContext } from "./context.js";

/** Skills, the sandbox and the tool factory of the command's runtime. */
export function extensionsOf(context: CliContext): Extensions {
  const runtime = context.runtime();
  if (!runtime.extensions) throw new JarvisError("INTERNAL", "extensions are not loaded in this runtime");
  return runtime.extensions;
}

/** A terminal broker shows the preview with its question; otherwise the command prints it. */
export function previewUnseen(context: CliContext, flags: { yes?: boolean; no?: boolean }): boolean {
  return !context.stdin.isTTY || Boolean(flags.yes) || Boolean(flags.no);
}
