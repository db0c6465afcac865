import { isJarvisError } from "../../core/errors.js";
import { callService, findService } from "../../runtime/service-client.js";
import type { ConfigReloaded } from "../../server/reload.js";
import type { CliContext } from "../context.js";

/**
 * After a command changed config.yaml: a running service is told to use it now (it validates
 * the file, restarts only what changed, and keeps its config if the file does not parse).
 * With none running there is nothing to tell: the next start reads the file. `required`
 * (`jarvis config reload`) makes a failure the command's error instead of a warning.
 */
export async function tellService(context: CliContext, required = false): Promise<void> {
  const target = findService(context.env);
  if (!target) {
    if (required) context.print("No Jarvis service is running; it reads config.yaml when it starts.");
    return;
  }
  let reloaded: ConfigReloaded;
  try {
    reloaded = await callService<ConfigReloaded>(target, "POST", "/api/config/reload");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED" || code === "ECONNRESET") return; // it just stopped
    if (required || !isJarvisError(error)) throw error;
    context.printError(`warning: the running service kept its old config: ${error.toLine()}`);
    context.exitCode = 1;
    return;
  }
  // Nothing changed after an edit: its file watcher was first, and it uses the change already.
  const head =
    reloaded.changed.length === 0 && required
      ? "The running service already uses this config"
      : "The running service uses the new config now";
  // What it reads only at start, in words, with what it still uses (an older service: none)
  const waiting = reloaded.restartWords ?? [];
  context.print(waiting.length > 0 ? `${head}, except:` : `${head}.`);
  for (const line of waiting) context.print(`  ${line}`);
  if (waiting.length > 0)
    context.print("To apply it now, restart Jarvis: `jarvis service stop`, then `jarvis service start`.");
}
