import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openKnowledge } from "../../src/knowledge/index.js";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { probeTools } from "../../src/testing/probe-tools.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { createFilesTools } from "../../src/tools/files/index.js";
import { speaking } from "../../src/tools/groups.js";
import { createKnowledgeTools } from "../../src/tools/knowledge/index.js";
import { GROUP_SPEECH } from "../../src/tools/speech.js";
import { createTimerTools } from "../../src/tools/timers/index.js";
import {
  action,
  launchChromium,
  type ServerHarness,
  startServerHarness,
  uiBuilt,
  watchConsole,
} from "./harness.js";

const ok = hasPrograms(["chromium"], "chromium");
const keep = process.env.JARVIS_SCREENSHOTS === "1";

/** Dropped files into the knowledge base, timers ringing in every tab, images in answers. */
describe.skipIf(!ok)("web UI: knowledge drops, notices, images", () => {
  let h: ServerHarness;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    uiBuilt();
    h = await startServerHarness({
      nlu: { "tea timer": action("timer_set", { duration_s: 1, label: "tea" }) },
      // With their groups' words, as the product has them (the questions say the call in words)
      tools: (deps) => [
        ...speaking(createFilesTools, GROUP_SPEECH.files!)(deps),
        ...probeTools(deps),
        ...speaking(createKnowledgeTools, GROUP_SPEECH.knowledge!)(deps),
        ...speaking(createTimerTools, GROUP_SPEECH.timers!)(deps),
      ],
      tasks: { notifier: { notify: async () => {}, alert: async () => undefined } },
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

  async function openTab(): Promise<Page> {
    context ??= await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto(h.openUrl);
    await page.locator(".connection-open").waitFor();
    return page;
  }
  async function fresh(): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    return openTab();
  }
  async function dropPath(page: Page, path: string) {
    await page.evaluate((p) => {
      const data = new DataTransfer();
      data.setData("text/uri-list", `file://${p}`);
      document
        .querySelector(".chat")!
        .dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    }, path);
  }

  it("adds a dropped file to the knowledge base through the gate, asking first when policy says so", async () => {
    const page = await fresh();
    const errors = watchConsole(page);
    const path = join(h.temp.home, "Documents", "orchard notes.md");
    writeFileSync(path, "# Orchard\n\nThe quince trees flower in late April.\n");
    await dropPath(page, path);
    const chips = page.getByRole("list", { name: "Dropped files" });
    await chips.getByText("orchard notes.md").waitFor();
    await expect.poll(() => page.getByLabel("Message Jarvis").inputValue()).toBe(`"${path}"`);
    const tools = h.runtime.config.policy.tools as Record<string, string>;
    tools.knowledge_add = "confirm";
    try {
      await chips.getByRole("button", { name: "Add orchard notes.md to the knowledge base" }).click();
      const dialog = page.getByRole("dialog", { name: /^Add .*orchard notes\.md to your documents\?$/ });
      await dialog.waitFor();
      await expect(dialog.locator(".preview").textContent()).resolves.toContain("orchard notes.md");
      if (keep) await page.screenshot({ path: join(REPO_ROOT, "docs", "screenshots", "knowledge-drop.png") });
      await dialog.getByRole("button", { name: "Approve" }).click();
    } finally {
      delete tools.knowledge_add;
    }
    const turn = page.locator("section.turn", { hasText: `Add ${path} to the knowledge base` });
    await turn.locator("article.tool-card.stage-done", { hasText: "knowledge_add" }).waitFor();
    await turn.locator(".bubble.assistant", { hasText: "1 added" }).waitFor();
    await chips.getByRole("status").filter({ hasText: "✓ added to the knowledge base" }).waitFor();
    const found = await openKnowledge(h.runtime.deps).search("quince flower");
    expect(found.results[0]?.source).toBe(path);
    // it stays in the conversation after a reload
    await page.reload();
    await page.locator("section.turn", { hasText: "to the knowledge base" }).locator(".stage-done").waitFor();
    expect(h.runtime.audit.list({ tool: "knowledge_add" }).some((e) => e.outcome === "approve")).toBe(true);
    expect(errors).toEqual([]);
  });

  it("rings a timer in every open tab (title too) until it is dismissed in any of them", async () => {
    const first = await fresh();
    const second = await openTab();
    const errors = [watchConsole(first), watchConsole(second)];
    await first.getByLabel("Message Jarvis").fill("tea timer");
    await first.keyboard.press("Enter");
    await first.locator(".bubble.assistant", { hasText: /Timer "tea" set for 1 second/ }).waitFor();
    for (const page of [first, second]) {
      await page.getByRole("alert").filter({ hasText: 'Timer "tea" is done (1 second).' }).waitFor();
      await expect.poll(() => page.title()).toBe("(1) ⏰ Jarvis");
    }
    if (keep) await second.screenshot({ path: join(REPO_ROOT, "docs", "screenshots", "timer-notice.png") });
    await second.getByRole("button", { name: /^Dismiss: Timer "tea"/ }).click();
    for (const page of [first, second]) {
      await page.getByRole("alert").filter({ hasText: "tea" }).waitFor({ state: "detached" });
      await expect.poll(() => page.title()).toBe("Jarvis");
    }
    expect(errors.flat()).toEqual([]);
  });

  it("shows data: images, and never fetches a third-party image from an answer", async () => {
    const page = await fresh();
    const errors = watchConsole(page);
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const dot =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
    h.model.push({
      text: `Steps:\n\n1. first\n   - detail\n2. second\n\n![a dot](${dot}) ![pixel](https://tracker.example/p.gif?who=me)`,
    });
    await page.getByLabel("Message Jarvis").fill("show me the steps");
    await page.keyboard.press("Enter");
    const answer = page.locator(".bubble.assistant .markdown").last();
    await answer.locator("ol > li > ul > li", { hasText: "detail" }).waitFor();
    expect(
      await answer.locator("img").evaluateAll((images) => images.map((i) => i.getAttribute("alt"))),
    ).toEqual(["a dot"]);
    await expect(answer.locator("a.image-link").getAttribute("href")).resolves.toBe(
      "https://tracker.example/p.gif?who=me",
    );
    expect(requests.filter((url) => url.includes("tracker.example"))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
