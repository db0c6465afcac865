import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readProbeLog } from "../../src/testing/probe-tools.js";
import { hasPrograms } from "../../src/testing/programs.js";
import {
  action,
  launchChromium,
  type ServerHarness,
  startServerHarness,
  uiBuilt,
  watchConsole,
} from "./harness.js";

const ok = hasPrograms(["chromium"], "chromium");

/** The real UI in real headless Chromium against a real server, agent, gate and audit. */
describe.skipIf(!ok)("web UI end to end", () => {
  let h: ServerHarness;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    uiBuilt();
    h = await startServerHarness({
      nlu: {
        "delete the old backups": action("probe_danger", { key: "backups" }),
        "wipe the cache": action("probe_danger", { key: "cache" }),
        "crunch the numbers": action("probe_read", { key: "numbers", delay_ms: 60_000 }),
        "index my photos": action("probe_read", { key: "photos", delay_ms: 60_000 }),
      },
    });
    browser = await launchChromium();
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  async function openPage(): Promise<Page> {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    return openTab();
  }
  async function openTab(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(h.openUrl);
    await page.getByLabel("Message Jarvis").waitFor();
    // the token left the address bar at once
    expect(page.url()).toBe(`${h.url}/`);
    await page.locator(".connection-open").waitFor();
    return page;
  }
  async function say(page: Page, text: string) {
    await page.getByLabel("Message Jarvis").fill(text);
    await page.keyboard.press("Enter");
  }
  const card = (page: Page, tool: string) =>
    page.locator(`article.tool-card`, { has: page.locator(`code.tool-name`, { hasText: tool }) }).last();

  it("types a command, shows the tool card, approves in the modal, shows the result", async () => {
    const page = await openPage();
    const errors = watchConsole(page);
    await say(page, "delete the old backups");
    const dialog = page.getByRole("dialog", { name: /Allow probe_danger/ });
    await dialog.waitFor();
    await expect(dialog.locator(".preview").textContent()).resolves.toContain('"key": "backups"');
    await expect(dialog.getByRole("timer").textContent()).resolves.toMatch(/Denied automatically in \d+ s/);
    // focus starts on Deny: a stray Enter never approves
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/^Deny/);
    expect(await card(page, "probe_danger").getAttribute("class")).toContain("stage-confirming");
    expect(readProbeLog(h.temp.jarvisHome)).not.toContain("danger backups");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await page.locator("article.tool-card.stage-done", { hasText: "did backups" }).waitFor();
    await expect(dialog.isVisible()).resolves.toBe(false);
    await expect(card(page, "probe_danger").textContent()).resolves.toMatch(/dangerous.*you approved/i);
    expect(readProbeLog(h.temp.jarvisHome)).toContain("danger backups");
    expect(errors).toEqual([]);
  });

  it("denies with the keyboard (Escape): nothing runs and the card says so", async () => {
    const page = await openPage();
    const errors = watchConsole(page);
    await say(page, "wipe the cache");
    const dialog = page.getByRole("dialog", { name: /Allow probe_danger/ });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await page.locator("article.tool-card.stage-denied", { hasText: "you denied it" }).waitFor();
    expect(readProbeLog(h.temp.jarvisHome)).not.toContain("danger cache");
    const audit = h.runtime.audit.list({ tool: "probe_danger" });
    expect(audit.some((e) => e.stage === "confirmation" && e.outcome === "deny")).toBe(true);
    expect(errors).toEqual([]);
  });

  it("kills a slow run with the always-visible stop button", async () => {
    const page = await openPage();
    const errors = watchConsole(page);
    await say(page, "crunch the numbers");
    await card(page, "probe_read").locator(".tool-stage", { hasText: "running" }).waitFor();
    const stop = page.getByRole("button", { name: /Stop everything \(1 running\)/ });
    await stop.click();
    await page.getByText(/Stopped:/).waitFor();
    await stop.waitFor({ state: "detached" });
    expect(readProbeLog(h.temp.jarvisHome)).toContain("read-start numbers");
    expect(readProbeLog(h.temp.jarvisHome)).not.toContain("read-end numbers");
    expect(h.agent.activeRuns()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("still shows a run after a reload in the middle of it, and can stop it there", async () => {
    const page = await openPage();
    const errors = watchConsole(page);
    await say(page, "index my photos");
    await card(page, "probe_read").locator(".tool-stage", { hasText: "running" }).waitFor();
    await page.reload();
    await page.locator(".connection-open").waitFor();
    const turn = page.locator("section.turn", { hasText: "index my photos" });
    await turn.locator("article.tool-card.stage-running").waitFor();
    await turn.getByRole("button", { name: "■ Stop" }).click();
    await turn.getByText(/Stopped:/).waitFor();
    expect(readProbeLog(h.temp.jarvisHome)).not.toContain("read-end photos");
    expect(errors).toEqual([]);
  });

  it("answers a confirmation in a second tab, which closes it in the first", async () => {
    const first = await openPage();
    const second = await openTab();
    const errors = [...[watchConsole(first)], watchConsole(second)];
    await say(first, "delete the old backups");
    const one = first.getByRole("dialog", { name: /Allow probe_danger/ });
    const two = second.getByRole("dialog", { name: /Allow probe_danger/ });
    await one.waitFor();
    await two.waitFor();
    const before = readProbeLog(h.temp.jarvisHome).filter((l) => l === "danger backups").length;
    await two.getByRole("button", { name: "Always for this session" }).click();
    await one.waitFor({ state: "hidden" });
    await first.locator("article.tool-card.stage-done", { hasText: "did backups" }).last().waitFor();
    // the second tab watches the same session: it shows the run too
    await second
      .locator("section.turn", { hasText: "delete the old backups" })
      .last()
      .locator(".stage-done")
      .waitFor();
    expect(readProbeLog(h.temp.jarvisHome).filter((l) => l === "danger backups").length).toBe(before + 1);
    // "always for this session": the same request now runs without asking
    await say(first, "delete the old backups");
    await first.locator("section.turn").last().locator("article.tool-card.stage-done").waitFor();
    await expect(one.isVisible()).resolves.toBe(false);
    expect(errors.flat()).toEqual([]);
  });

  it("offers a dropped file's path in the message box", async () => {
    const page = await openPage();
    const errors = watchConsole(page);
    const local = join(h.temp.home, "Documents", "report.txt");
    writeFileSync(local, "quarterly numbers");
    // from a file manager: the drop carries a file:// URI with the real path
    await page.evaluate((path) => {
      const data = new DataTransfer();
      data.setData("text/uri-list", `file://${path}`);
      const target = document.querySelector(".chat")!;
      target.dispatchEvent(
        new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }),
      );
      target.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    }, local);
    await expect.poll(() => page.getByLabel("Message Jarvis").inputValue()).toBe(local);
    // from elsewhere (bytes only): saved where tools can read it, and that path offered
    await page.getByLabel("Message Jarvis").fill("summarize");
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(["hello"], "notes from web.txt", { type: "text/plain" }));
      const target = document.querySelector(".chat")!;
      target.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    const saved = join(h.temp.home, "Downloads", "Jarvis", "notes from web.txt");
    await expect.poll(() => page.getByLabel("Message Jarvis").inputValue()).toBe(`summarize "${saved}"`);
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!ok)("markdown from a model is rendered, never injected", () => {
  it("shows HTML and javascript: links from model text as plain text", async () => {
    uiBuilt();
    const h = await startServerHarness();
    const browser = await launchChromium();
    try {
      h.model.push({
        text: 'Here: <img src=x onerror="window.pwned=1"> **bold** [click](javascript:window.pwned=2) [ok](https://example.org) <script>window.pwned=3</script>',
      });
      const page = await browser.newPage();
      const errors = watchConsole(page);
      await page.goto(h.openUrl);
      await page.getByLabel("Message Jarvis").fill("tell me something");
      await page.keyboard.press("Enter");
      const answer = page.locator(".bubble.assistant .markdown").last();
      await answer.locator("strong", { hasText: "bold" }).waitFor();
      expect(await answer.locator("img, script").count()).toBe(0);
      expect(await answer.textContent()).toContain('<img src=x onerror="window.pwned=1">');
      expect(
        await answer.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
      ).toEqual(["https://example.org"]);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await h.close();
    }
  });
});
