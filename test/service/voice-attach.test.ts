import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJarvis } from "../../src/testing/cli.js";
import { createTempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { scenario } from "../voice/corpus.js";
import { type ServiceProcess, startService } from "./process.js";

const ok = hasPrograms(
  ["espeak-ng", "sox", "pocketsphinx_continuous"],
  "espeak-ng sox pocketsphinx pocketsphinx-en-us",
);

/**
 * The voice loop attached to the running service: a spoken command (espeak-ng audio through
 * the real pipeline) runs as a turn in the service, and the timer it set is said aloud here when
 * it rings.
 */
describe.skipIf(!ok)("jarvis listen with the service running", () => {
  const temp = createTempHome("jarvis-voice-attach-");
  const dir = mkdtempSync(join(tmpdir(), "jarvis-voice-attach-"));
  let service: ServiceProcess;
  beforeAll(async () => {
    service = await startService(temp.env);
  }, 120_000);
  afterAll(() => {
    if (service?.child.exitCode === null) service.child.kill("SIGKILL");
    temp.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs the spoken turn in the service and speaks the alert when the timer rings", async () => {
    const file = join(dir, "timer.wav");
    scenario(
      dir,
      [
        800,
        { text: "hey jarvis, set a timer for five seconds", voice: { voice: "en-us", speed: 150 } },
        12_000,
      ],
      {
        noise: { kind: "pinknoise", volume: 0.01 },
        file,
      },
    );
    const out = join(dir, "out");
    const run = await runJarvis(["listen", "--file", file, "--json", "--out-dir", out], {
      env: temp.env,
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const events = run.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    expect(events.find((e) => e.type === "ready")).toMatchObject({ answeredBy: "service" });
    expect(events.find((e) => e.type === "transcript")).toMatchObject({
      text: "set a timer for five seconds",
    });
    const { body } = await service.api<{ runs: Array<{ input: string; source: string }> }>(
      "GET",
      "/api/runs?limit=3",
    );
    expect(body.runs[0]).toMatchObject({ input: "set a timer for five seconds", source: "voice" });
    expect(events.find((e) => e.type === "alert")).toMatchObject({ message: "Timer is done (5 seconds)." });
    const spoken = events.filter((e) => e.type === "tts_output").map((e) => String(e.file));
    expect(spoken.length).toBeGreaterThanOrEqual(2); // the answer, then the alert
    expect(spoken.every((f) => existsSync(f))).toBe(true);
  }, 180_000);
});
