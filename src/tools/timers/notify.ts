import { execFile } from "node:child_process";
import { findProgram } from "../../platform/programs.js";

/** Shows a desktop notification; never throws (a missing notifier only loses the popup). */
export interface DesktopNotifier {
  notify(title: string, body: string): Promise<boolean>;
}

/** `notify-send` when it is installed, spawned with an argv array (no shell, no quoting). */
export function notifySendNotifier(env: NodeJS.ProcessEnv): DesktopNotifier {
  return {
    notify(title, body) {
      const program = findProgram("notify-send", env);
      if (!program) return Promise.resolve(false);
      // "--" ends options, so a label starting with "-" is text, not a flag
      const argv = [
        "--app-name=Jarvis",
        "--urgency=critical",
        "--",
        title.slice(0, 200),
        body.slice(0, 1000),
      ];
      return new Promise((resolve) => {
        execFile(program, argv, { env, timeout: 5_000 }, (error) => resolve(!error));
      });
    },
  };
}
