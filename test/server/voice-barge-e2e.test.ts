/**
 * Hands-free barge-in in the real UI, in headless Chromium whose fake microphone plays one
 * espeak-ng recording from the first press on: a command, a pause while Jarvis starts its
 * (long) answer, then a second command spoken over that answer. The page keeps its
 * echo-cancelled microphone open while Jarvis speaks; the server's VAD hears the second command,
 * the page stops playback at once, and the command runs as the next turn — one press in all.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPrograms } from "../../src/testing/programs.js";
import { createTimerTools } from "../../src/tools/timers/index.js";
import { action, type ServerHarness, startServerHarness, uiBuilt, watchConsole } from "./harness.js";
import { launchWithFakeMic, spokenPcm, warmUpVoice } from "./voice-client.js";

const ok = hasPrograms(
  ["chromium", "espeak-ng", "sox", "pocketsphinx_continuous"],
  "chromium espeak-ng sox pocketsphinx pocketsphinx-en-us",
);

/** About 25 s spoken: long enough to be talked over however late it starts. */
const STORY = [
  "Once upon a time there was a small robot who lived in a lighthouse.",
  "Every night it counted the ships that passed.",
  "One stormy night it counted one ship too many, and went to look.",
  "It climbed down the spiral stairs, one careful step at a time, with its lamp held high.",
  "The wind pulled at its coat and the rain drummed on its tin hat.",
  "Down at the harbour the extra ship turned out to be a whale with a lantern on its back.",
  "The two of them talked until morning, and the robot counted one friend more.",
].join(" ");

/**
 * Real time by design — two commands 10 s apart, a long answer talked over, the second answer
 * played — plus the page load, two transcriptions and speech synthesis: about 25 s on an idle
 * 2-core machine, 35-60 s at load averages of 20-70 (measured). Bounded at 90 s.
 */
const REAL_TIME_BOUND_MS = 90_000;

describe.skipIf(!ok)("barge-in by voice in the web UI (headless Chromium, fake microphone)", () => {
  let h: ServerHarness;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    uiBuilt();
    dir = mkdtempSync(join(tmpdir(), "jarvis-barge-e2e-"));
    const first = spokenPcm(dir, "set a timer for five minutes", "first").file;
    const second = spokenPcm(dir, "what time is it", "second").file;
    // The second command comes 10 s after the first ends, then a long quiet, so the loop does
    // not come round before the test ends. The story starts 1.5-2 s after the first command
    // ends on an idle 2-core machine, 5-8 s under heavy load (end of speech, pocketsphinx,
    // espeak-ng; 7.7 s measured at a load average of 70), and lasts about 25 s: 10 s puts the
    // second command inside it either way. 3 s (as it was) came before the story had started
    // whenever the machine was busy, and nothing was talked over.
    const file = join(dir, "mic.wav");
    execFileSync("sox", [first, join(dir, "first-padded.wav"), "pad", "0", "9.2"]);
    execFileSync("sox", [join(dir, "first-padded.wav"), second, file, "pad", "0", "20"]);
    h = await startServerHarness({
      nlu: {
        // A command the recognition grammar knows, answered with something long to talk over.
        "set a timer for five minutes": { kind: "chat", reply: STORY, confidence: 0.97 },
        "what time is it": action("timer_list", {}),
      },
      tools: (deps) => createTimerTools(deps),
    });
    await warmUpVoice(h.url);
    browser = await launchWithFakeMic(file);
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    "talking over the answer stops it in the page and runs what was said, without a second press",
    async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      const sent: string[] = [];
      const received: string[] = [];
      page.on("websocket", (ws) => {
        ws.on("framesent", (frame) => {
          if (typeof frame.payload === "string" && frame.payload.includes('"voice_start"'))
            sent.push(frame.payload);
        });
        ws.on("framereceived", (frame) => {
          if (typeof frame.payload === "string" && /"barge_in"|"voice_stop"/.test(frame.payload))
            received.push(frame.payload);
        });
      });
      const errors = watchConsole(page);
      await page.goto(h.openUrl);
      await page.locator(".connection-open").waitFor();

      await page.getByRole("button", { name: "Push to talk" }).click();
      await page.locator(".ptt[data-phase=speaking]").waitFor();
      // The microphone stays open over the answer (no press: the button says so).
      await page.locator(".ptt[data-hands-free=true]").waitFor();
      await expect(
        page.getByRole("button", { name: "Push to talk" }).getAttribute("aria-pressed"),
      ).resolves.toBe("false");
      // The second command, over the story: heard, run, answered.
      const second = page.locator("section.turn", { hasText: "what time is it" });
      await second
        .locator("article.tool-card.stage-done", { hasText: "timer_list" })
        .waitFor({ timeout: 30_000 });
      await page.locator(".ptt[data-phase=idle]").waitFor({ timeout: 30_000 });
      // Conversation over: the microphone is closed again.
      await page.locator(".ptt[data-hands-free=false]").waitFor();

      expect(received.filter((m) => m.includes('"barge_in"'))).toHaveLength(1);
      expect(received.some((m) => m.includes('"voice_stop"'))).toBe(true);
      // One press; the rest was listening over answers.
      expect(sent.filter((m) => !m.includes('"bargeIn":true'))).toHaveLength(1);
      expect(sent.filter((m) => m.includes('"bargeIn":true')).length).toBeGreaterThanOrEqual(1);
      const session = await page.evaluate(() => localStorage.getItem("jarvis.session"));
      expect(h.agent.listRuns({ sessionId: session ?? "" }).map((r) => [r.input, r.source])).toEqual([
        ["what time is it", "voice"],
        ["set a timer for five minutes", "voice"],
      ]);
      // The story was cut short: fewer clips played to their end than were received.
      const clips = Number(await page.locator(".ptt").getAttribute("data-clips"));
      const played = Number(await page.locator(".ptt").getAttribute("data-clips-played"));
      expect(played).toBeLessThan(clips);
      expect(errors).toEqual([]);
      await context.close();
    },
    REAL_TIME_BOUND_MS,
  );
});
