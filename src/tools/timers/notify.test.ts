import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { notifySendNotifier } from "./notify.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("notify-send notifier", () => {
  it("passes title and body as argv (no shell), after --", async () => {
    dir = mkdtempSync(join(tmpdir(), "jarvis-notify-"));
    const log = join(dir, "argv.txt");
    const script = join(dir, "notify-send");
    writeFileSync(script, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> '${log}'; done\n`);
    chmodSync(script, 0o755);
    const hostile = '-u low; touch /tmp/pwned $(id) `id` "quoted"';
    const sent = await notifySendNotifier({ PATH: dir }).notify(hostile, "body with $HOME");
    expect(sent).toBe(true);
    expect(readFileSync(log, "utf8").split("\n").filter(Boolean)).toEqual([
      "--app-name=Jarvis",
      "--urgency=critical",
      "--",
      hostile,
      "body with $HOME",
    ]);
  });

  it("reports false, without throwing, when notify-send is not installed", async () => {
    dir = mkdtempSync(join(tmpdir(), "jarvis-notify-"));
    await expect(notifySendNotifier({ PATH: dir }).notify("title", "body")).resolves.toBe(false);
  });
});
