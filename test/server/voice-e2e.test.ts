/**
 * Push-to-talk in the real UI, in headless Chromium whose fake microphone plays an espeak-ng
 * WAV (Chromium loops it from the start of each capture): press the button → the page streams
 * 16 kHz PCM over the WebSocket → the server transcribes and runs the turn → the transcript and
 * the tool card appear in the chat → the spoken answer comes back and the page plays it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPrograms } from "../../src/testing/programs.js";
import { createTimerTools } from "../../src/tools/timers/index.js";
import { action, type ServerHarness, startServerHarness, uiBuilt, watchConsole } from "./harness.js";
import { launchWithFakeMic, spokenPcm, warmUpVoice } from "./voice-client.js";

const ok = hasPrograms(
  ["chromium", "espeak-ng", "sox", "pocketsphinx_continuous"],
  "chromium espeak-ng sox pocketsphinx pocketsphinx-en-us",
);

/**
 * Each test loads the page, speaks a 3 s recording in real time, waits for pocketsphinx and
 * the agent, and lets the page play the spoken answer (2-3 s) to its end: 12-15 s on an idle
 * 2-core machine, 28-30 s at a load average of 20 (measured). Bounded at 60 s each.
 */
const REAL_TIME_BOUND_MS = 60_000;

describe.skipIf(!ok)(
  "push-to-talk in the web UI (headless Chromium, fake microphone)",
  { timeout: REAL_TIME_BOUND_MS },
  () => {
    let h: ServerHarness;
    let browser: Browser;
    let dir: string;

    beforeAll(async () => {
      uiBuilt();
      dir = mkdtempSync(join(tmpdir(), "jarvis-ptt-e2e-"));
      // 16-bit mono WAV: the command, then silence so the VAD ends the utterance before the loop.
      const { file } = spokenPcm(dir, "set a timer for five minutes", "command");
      h = await startServerHarness({
        nlu: { "set a timer for five minutes": action("timer_set", { duration_s: 300 }) },
        tools: (deps) => createTimerTools(deps),
        // The button only: the fake microphone loops the command, which would otherwise talk over
        // every answer (hands-free barge-in has its own test: voice-barge-e2e.test.ts).
        config: 'voice:\n  barge_in: "off"\n',
      });
      await warmUpVoice(h.url);
      browser = await launchWithFakeMic(file);
    });
    afterAll(async () => {
      await browser?.close();
      await h?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    async function openPage(before: (page: Page) => void = () => {}): Promise<Page> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(20_000);
      const page = await context.newPage();
      before(page);
      await page.goto(h.openUrl);
      await page.locator(".connection-open").waitFor();
      return page;
    }

    it("click to talk: transcript and tool card in the chat, the spoken answer played in the page", async () => {
      const page = await openPage();
      const errors = watchConsole(page);
      const button = page.getByRole("button", { name: "Push to talk" });
      await expect(button.getAttribute("aria-pressed")).resolves.toBe("false");
      await button.click(); // a click: talking stays on until Jarvis hears the end of speech
      await page.getByRole("button", { name: "Stop talking" }).waitFor();
      await page.locator(".ptt[data-phase=listening]").waitFor();
      // The chime said Jarvis is listening (the button is the wake word).
      await expect(page.locator(".ptt").getAttribute("data-chimes")).resolves.toBe("1");
      // What Jarvis heard shows beside the button (and says what went wrong if it misheard).
      const heard = page.locator(".ptt-status", { hasText: "You said" });
      await heard.waitFor();
      await expect(heard.textContent()).resolves.toContain("You said: “set a timer for five minutes”");
      // The voice turn joins the chat like a typed one: the words, then the tool card.
      const turn = page.locator("section.turn", { hasText: "set a timer for five minutes" });
      await turn.locator(".bubble.user").waitFor();
      await turn.locator("article.tool-card.stage-done", { hasText: "timer_set" }).waitFor();
      // The microphone went off by itself when Jarvis stopped listening.
      await page.getByRole("button", { name: "Push to talk" }).waitFor();
      // The answer was received, decoded and played by Web Audio.
      await page.locator(".ptt:not([data-clips='0'])").waitFor();
      await page.locator(".ptt:not([data-clips-played='0'])").waitFor({ timeout: 30_000 });
      await page.locator(".ptt[data-phase=idle]").waitFor({ timeout: 30_000 });
      // The session the voice turn started is the chat's now (it survives a reload).
      const session = await page.evaluate(() => localStorage.getItem("jarvis.session"));
      expect(session).toMatch(/\S+/);
      expect(h.agent.listRuns({ sessionId: session ?? "" }).map((r) => [r.input, r.source])).toEqual([
        ["set a timer for five minutes", "voice"],
      ]);
      expect(errors).toEqual([]);
    });

    it("holding the Space bar (focus outside the text box) talks while it is down", async () => {
      const page = await openPage();
      const errors = watchConsole(page);
      await page
        .locator("h1, .welcome, body")
        .first()
        .click({ position: { x: 5, y: 5 } });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.down(" ");
      await page.getByRole("button", { name: "Stop talking" }).waitFor();
      await page.locator(".ptt[data-phase=listening]").waitFor();
      // Held through the command; Jarvis ends the utterance at the pause, the key comes up later.
      await page
        .locator(".ptt[data-phase=transcribing], .ptt[data-phase=thinking], .ptt[data-phase=speaking]")
        .first()
        .waitFor();
      await page.keyboard.up(" ");
      await page
        .locator("section.turn", { hasText: "set a timer for five minutes" })
        .locator("article.tool-card.stage-done", { hasText: "timer_set" })
        .waitFor();
      expect(errors).toEqual([]);
    });

    it("pressing while Jarvis speaks cuts its voice at once and takes the next command", async () => {
      const barged: string[] = [];
      const page = await openPage((page) =>
        page.on("websocket", (ws) =>
          ws.on("framereceived", (frame) => {
            if (typeof frame.payload === "string" && frame.payload.includes('"barge_in"'))
              barged.push(frame.payload);
          }),
        ),
      );
      const errors = watchConsole(page);
      await page.getByRole("button", { name: "Push to talk" }).click();
      await page.locator(".ptt[data-phase=speaking]").waitFor();
      await page.locator(".ptt:not([data-clips='0'])").waitFor();
      await page.getByRole("button", { name: "Push to talk" }).click(); // over the answer
      await page.locator(".ptt[data-phase=listening]").waitFor();
      await page.locator("section.turn", { hasText: "set a timer for five minutes" }).nth(1).waitFor();
      await page.locator(".ptt[data-phase=idle]").waitFor({ timeout: 30_000 });
      expect(barged).toHaveLength(1);
      // Two answers arrived; the first was cut short, only the second played to its end (an
      // answer of several sentences is several clips).
      const clips = Number(await page.locator(".ptt").getAttribute("data-clips"));
      const played = Number(await page.locator(".ptt").getAttribute("data-clips-played"));
      expect(clips).toBeGreaterThanOrEqual(2);
      expect(played).toBeGreaterThanOrEqual(1);
      expect(played).toBeLessThan(clips);
      expect(errors).toEqual([]);
    });
  },
);
