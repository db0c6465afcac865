import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Notifier } from "../platform/types.js";

interface Shown {
  title: string;
  body: string;
  actions: string[];
  /** Set when the notification was withdrawn (dealt with elsewhere). */
  withdrawn: boolean;
  choose(key: string): void;
}

/**
 * A desktop notifier that records what it was asked to show, for in-process tests (the
 * real-process tests put `recordingNotifySend` on PATH instead). `choose` presses a button.
 */
export class RecordingNotifier implements Notifier {
  readonly shown: Shown[] = [];

  async notify(title: string, body: string | undefined): Promise<void> {
    this.shown.push({ title, body: body ?? "", actions: [], withdrawn: false, choose: () => {} });
  }

  alert(
    title: string,
    body: string,
    actions: ReadonlyArray<{ key: string; label: string }>,
    signal?: AbortSignal,
  ): Promise<string | undefined> {
    return new Promise((resolve) => {
      const entry: Shown = {
        title,
        body,
        actions: actions.map((a) => a.key),
        withdrawn: false,
        choose: (key) => resolve(key),
      };
      signal?.addEventListener(
        "abort",
        () => {
          entry.withdrawn = true;
          resolve(undefined);
        },
        { once: true },
      );
      this.shown.push(entry);
    });
  }
}

/**
 * A `notify-send` for PATH that records its argv (one JSON line per call) in `<dir>/notify.log`
 * and, when `<dir>/choose` holds an action key, prints it as if that button had been clicked.
 */
export function recordingNotifySend(dir: string): { bin: string; log: string; calls(): string[][] } {
  const bin = join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  const log = join(dir, "notify.log");
  const choose = join(dir, "choose");
  const script = join(bin, "notify-send");
  writeFileSync(
    script,
    `#!/usr/bin/env node
const fs = require("node:fs");
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(process.argv.slice(2)) + "\\n");
const wantsAnswer = process.argv.some((a) => a.startsWith("--action="));
if (!wantsAnswer) process.exit(0);
const timer = setInterval(() => {
  try {
    const key = fs.readFileSync(${JSON.stringify(choose)}, "utf8").trim();
    if (key) { fs.rmSync(${JSON.stringify(choose)}); process.stdout.write(key + "\\n"); process.exit(0); }
  } catch {}
}, 50);
process.on("SIGTERM", () => { clearInterval(timer); process.exit(0); });
`,
  );
  chmodSync(script, 0o755);
  return {
    bin,
    log,
    calls: () =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((line) => JSON.parse(line) as string[])
        : [],
  };
}
