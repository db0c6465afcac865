import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { createTempHome } from "../../src/testing/home.js";
import { readProbeLog } from "../../src/testing/probe-tools.js";
import { hasPrograms } from "../../src/testing/programs.js";
import {
  action,
  launchChromium,
  type ServerHarness,
  spawnStart,
  startServerHarness,
  uiBuilt,
  watchConsole,
} from "./harness.js";

const ok = hasPrograms(["chromium"], "chromium");
const DEAD_PID = 2 ** 22 + 12_345; // above pid_max defaults: no such process

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
    // The question in words, the exact call, why it asks: no tool name in the modal
    const dialog = page.getByRole("dialog", { name: "Delete the test record backups?" });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.not.toMatch(/probe_danger/);
    await expect(dialog.locator("#confirm-reason").textContent()).resolves.toBe(
      "It deletes something, so I check with you first.",
    );
    await expect(dialog.locator(".preview").textContent()).resolves.toContain("Key: backups");
    await expect(dialog.getByRole("timer").textContent()).resolves.toMatch(/Denied automatically in \d+ s/);
    // focus starts on Deny: a stray Enter never approves
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/^Deny/);
    expect(await card(page, "probe_danger").getAttribute("class")).toContain("stage-confirming");
    expect(readProbeLog(h.temp.jarvisHome)).not.toContain("danger backups");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await page.locator(".bubble.assistant", { hasText: "did backups" }).waitFor();
    await page.locator("article.tool-card.stage-done", { hasText: "probe_danger" }).waitFor();
    await expect(dialog.isVisible()).resolves.toBe(false);
    await expect(card(page, "probe_danger").textContent()).resolves.toMatch(/dangerous.*you approved/i);
    expect(readProbeLog(h.temp.jarvisHome)).toContain("danger backups");
    expect(errors).toEqual([]);
  });

  it("denies with the keyboard (Escape): nothing runs and the card says so", async () => {
    const page = await openPage();
    const errors = watchConsole(page);
    await say(page, "wipe the cache");
    const dialog = page.getByRole("dialog", { name: /^Delete the test record \w+\?$/ });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await page.locator("article.tool-card.stage-denied", { hasText: "you denied it" }).waitFor();
    expect(readProbeLog(h.temp.jarvisHome)).not.toContain("danger cache");
    const audit = h.runtime.audit.list({ tool: "probe_danger" });
    expect(audit.some((e) => e.stage === "confirmation" && e.outcome === "deny")).toBe(true);
    // The Runs page says so too: not a green "finished"
    await page.getByRole("link", { name: "Runs", exact: true }).click();
    const row = page.locator("tr", { hasText: "wipe the cache" });
    await row.locator(".badge.status-denied", { hasText: "denied" }).waitFor();
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
    const one = first.getByRole("dialog", { name: /^Delete the test record \w+\?$/ });
    const two = second.getByRole("dialog", { name: /^Delete the test record \w+\?$/ });
    await one.waitFor();
    await two.waitFor();
    const before = readProbeLog(h.temp.jarvisHome).filter((l) => l === "danger backups").length;
    await two.getByRole("button", { name: "Always for this session" }).click();
    await one.waitFor({ state: "hidden" });
    await first.locator(".bubble.assistant", { hasText: "did backups" }).last().waitFor();
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

  it("resumes an interrupted run from the Runs page", async () => {
    // the store as a Jarvis killed mid-run left it: step a done, step b never started
    const { runs, sessions } = h.agent.deps;
    const session = sessions.create("ses_crashed", "web");
    runs.create({
      id: "run_crashed",
      sessionId: session.id,
      input: "write a and b",
      source: "web",
      size: "quick",
      pid: DEAD_PID,
    });
    runs.update("run_crashed", { mode: "model", lastSeq: 5 });
    sessions.appendMessage(session.id, "run_crashed", "user", "write a and b");
    const toolCalls = ["a", "b"].map((key, i) => ({ id: `c${i}`, name: "probe_write", input: { key } }));
    runs.startStep("run_crashed", { seq: 1, round: 1, kind: "model", status: "started" });
    runs.updateStep("run_crashed", 1, "done", { text: "", toolCalls, model: "scripted:e2e" });
    toolCalls.forEach((call, i) => {
      runs.startStep("run_crashed", {
        seq: i + 2,
        round: 1,
        kind: "tool",
        status: "pending",
        callId: call.id,
        tool: call.name,
        args: call.input,
        sideEffect: true,
      });
    });
    runs.updateStep("run_crashed", 2, "done", { status: "ok", observation: "wrote a", output: "wrote a" });
    h.model.push({ text: "Both written." });

    const page = await openPage();
    const errors = watchConsole(page);
    await page.getByRole("link", { name: "Runs", exact: true }).click();
    const row = page.locator("tr", { hasText: "write a and b" });
    await row.getByText("interrupted").waitFor();
    await row.getByRole("link", { name: "write a and b" }).click();
    await page.getByRole("button", { name: "Resume run" }).click();
    await page.locator(".page-head .badge", { hasText: "finished" }).waitFor();
    await page.locator(".bubble.assistant", { hasText: "Both written." }).waitFor();
    expect(readProbeLog(h.temp.jarvisHome).filter((l) => l.startsWith("write "))).toEqual(["write b"]);
    expect(errors).toEqual([]);
  });

  it("saves settings and tool policy to config.yaml, and shows an invalid value's key path", async () => {
    const page = await openPage();
    const errors = watchConsole(page);
    const configPath = join(h.temp.jarvisHome, "config.yaml");
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    const timeout = page.getByLabel("Deny unanswered confirmations after");
    await timeout.fill("soon");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "policy.confirm_timeout_s must be a number" }).waitFor();
    await expect(timeout.getAttribute("aria-invalid")).resolves.toBe("true");
    expect(existsSync(configPath) ? readFileSync(configPath, "utf8") : "").not.toContain("soon");
    await timeout.fill("45");
    await page.getByText("Ask for everything").click();
    await page.getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Saved to .*config\.yaml/ })
      .waitFor();
    expect(readFileSync(configPath, "utf8")).toMatch(
      /autonomy: ask_all[\s\S]*confirm_timeout_s: 45|confirm_timeout_s: 45[\s\S]*autonomy: ask_all/,
    );
    expect(h.runtime.config.policy.autonomy).toBe("ask_all");

    await page.getByRole("link", { name: "Tools", exact: true }).click();
    await page.getByLabel("Policy for probe_read").selectOption("deny");
    await page.getByRole("status").filter({ hasText: "probe_read" }).waitFor();
    expect(readFileSync(configPath, "utf8")).toMatch(/probe_read: deny/);
    expect(h.runtime.config.policy.tools).toEqual({ probe_read: "deny" });
    // back to what the other tests expect
    await page.getByLabel("Policy for probe_read").selectOption("");
    await page.getByRole("status").filter({ hasText: "back to the default" }).waitFor();
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByText("Smart (recommended)").click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "in effect now" }).waitFor();
    expect(h.runtime.config.policy).toMatchObject({ autonomy: "smart", tools: {} });
    // Chromium logs every non-2xx response; the refused save is the only one
    expect(errors).toEqual([expect.stringMatching(/status of 400 \(Bad Request\)/)]);
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

describe.skipIf(!ok)("`jarvis start` with embedded defaults, in the browser", () => {
  it("runs everyday commands from the chat with no model: a timer, then a file listing", async () => {
    uiBuilt();
    const temp = createTempHome("jarvis-e2e-start-");
    writeFileSync(join(temp.home, "Documents", "plan.txt"), "ship it");
    const run = await spawnStart(temp.env, ["--port", "0"]);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.setDefaultTimeout(15_000);
      const errors = watchConsole(page);
      await page.goto(run.openUrl);
      await page.locator(".connection-open").waitFor();
      await page.getByRole("button", { name: "set a timer for 5 minutes" }).click();
      await page
        .locator("article.tool-card.stage-done", { has: page.locator("code", { hasText: "timer_set" }) })
        .waitFor();
      await page.locator(".bubble.assistant", { hasText: /Timer set for 5 minutes/ }).waitFor();
      await page.getByLabel("Message Jarvis").fill("list the files in ~/Documents");
      await page.keyboard.press("Enter");
      await page.locator("article.tool-card.stage-done", { hasText: "files_list" }).waitFor();
      await page.locator(".bubble.assistant pre.answer-pre", { hasText: "plan.txt" }).waitFor();
      await page.getByLabel("Message Jarvis").fill("what's 15% of 240?");
      await page.keyboard.press("Enter");
      await page.locator(".bubble.assistant", { hasText: "= 36" }).waitFor();
      if (process.env.JARVIS_SCREENSHOTS === "1") {
        await page.screenshot({ path: join(REPO_ROOT, "docs", "screenshots", "chat-embedded.png") });
      }
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      run.child.kill("SIGTERM");
      await run.exited;
      temp.cleanup();
    }
  });
});
