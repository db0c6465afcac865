import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";
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
/** `JARVIS_SCREENSHOTS=1` refreshes docs/screenshots; otherwise they go to a temp dir. */
const keep = process.env.JARVIS_SCREENSHOTS === "1";

/**
 * Every screen at 1280×800 and on a phone-sized window, with real content: each must render
 * its main landmark, fit the window width and log no console error.
 */
describe.skipIf(!ok)("screens", () => {
  let h: ServerHarness;
  let browser: Browser;
  let out: string;

  beforeAll(async () => {
    uiBuilt();
    out = keep ? join(REPO_ROOT, "docs", "screenshots") : mkdtempSync(join(tmpdir(), "jarvis-shots-"));
    mkdirSync(out, { recursive: true });
    h = await startServerHarness({
      nlu: { "back up my photos": action("probe_read", { key: "photos", delay_ms: 60_000 }) },
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    if (!keep && out) rmSync(out, { recursive: true, force: true });
  });

  /** Every form control and button has an accessible name (label, aria-label or text). */
  async function unlabelled(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      [...document.querySelectorAll("input, select, textarea, button")]
        .filter((el) => {
          const control = el as HTMLInputElement;
          if (control.type === "hidden" || control.closest("dialog:not([open])")) return false;
          const named =
            (control.labels?.length ?? 0) > 0 ||
            control.getAttribute("aria-label") ||
            control.getAttribute("aria-labelledby") ||
            (el.tagName === "BUTTON" && el.textContent?.trim());
          return !named;
        })
        .map((el) => el.outerHTML.slice(0, 120)),
    );
  }

  async function noHorizontalScroll(page: Page) {
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  }

  it("chat, confirmation, plan, runs, audit, tools and settings at 1280×800", async () => {
    const docs = join(h.temp.home, "Documents");
    const notes = join(docs, "notes.txt");
    writeFileSync(notes, "Groceries\n- milk\n- bread\n- coffee\n");
    writeFileSync(join(docs, "budget.csv"), "month,amount\njan,1200\n");
    mkdirSync(join(docs, "Projects"));
    const plan = (done: number) => ({
      name: "plan_update",
      args: {
        steps: ["Look at what is in Documents", "Add eggs to the grocery list", "Summarize"].map(
          (title, i) => ({
            title,
            status: i < done ? "done" : i === done ? "running" : "pending",
          }),
        ),
      },
    });
    h.model.push(
      { toolCalls: [plan(0)] },
      { toolCalls: [{ name: "files_list", args: { path: docs } }] },
      { toolCalls: [plan(1)] },
      {
        toolCalls: [
          {
            name: "files_write",
            args: { path: notes, content: "Groceries\n- milk\n- bread\n- coffee\n- eggs\n" },
          },
        ],
      },
      { toolCalls: [plan(3)] },
      {
        text: "Done. Your **Documents** folder has:\n\n- `notes.txt` — your grocery list, now with **eggs**\n- `budget.csv`\n- a `Projects` folder\n\nAnything else?",
      },
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(h.openUrl);
    await page.getByRole("heading", { name: "What can I do for you?" }).waitFor();
    await page.screenshot({ path: join(out, "chat-empty.png") });
    await page.getByLabel("Message Jarvis").fill(`add eggs to my grocery list in ${notes}`);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /^Write the file .+\?$/ });
    await dialog.waitFor();
    expect((await dialog.locator(".preview .add").allTextContents()).map((l) => l.trim())).toEqual([
      "+- eggs",
    ]);
    expect(await unlabelled(page)).toEqual([]);
    await page.screenshot({ path: join(out, "confirm.png") });
    await dialog.getByRole("button", { name: "Approve" }).click();
    await page.getByText("Anything else?").waitFor();
    await page.locator(".plan", { hasText: "3/3" }).waitFor();
    await page.screenshot({ path: join(out, "chat.png") });
    await page.getByLabel("Message Jarvis").fill("back up my photos");
    await page.keyboard.press("Enter");
    await page.locator("article.tool-card.stage-running").waitFor();
    await page.screenshot({ path: join(out, "chat-running.png") });
    await page.getByRole("button", { name: /Stop everything/ }).click();
    await page.getByText(/Stopped:/).waitFor();

    for (const [name, heading] of [
      ["Runs", "Runs"],
      ["Audit", "Audit log"],
      ["Tools", "Tools"],
      ["Settings", "Settings"],
    ] as const) {
      await page.getByRole("link", { name, exact: true }).click();
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
      await page.locator("table, fieldset").first().waitFor();
      await noHorizontalScroll(page);
      expect(await unlabelled(page), name).toEqual([]);
      await page.screenshot({ path: join(out, `${name.toLowerCase()}.png`) });
    }
    await page.getByRole("link", { name: "Runs", exact: true }).click();
    expect(await page.getByRole("row", { name: /add eggs/ }).innerText()).toMatch(
      /\d[\d,]* in \/ \d[\d,]* out/,
    );
    await page.getByRole("link", { name: /add eggs/ }).click();
    await page.getByRole("heading", { name: "Steps" }).waitFor();
    // Tokens per run and per model step, as the model server reported them
    expect(await page.locator("dl.facts").innerText()).toMatch(/Tokens\s+\d[\d,]* in \/ \d[\d,]* out/);
    expect(await page.locator(".step-head", { hasText: "model" }).first().innerText()).toMatch(
      /in \/ \d+ out/,
    );
    await page.screenshot({ path: join(out, "run.png") });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("works on a narrow window", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(h.openUrl);
    await page.getByLabel("Message Jarvis").waitFor();
    await page.getByLabel("Message Jarvis").fill("back up my photos");
    await page.keyboard.press("Enter");
    await page.locator("article.tool-card.stage-running").waitFor();
    await noHorizontalScroll(page);
    await page.screenshot({ path: join(out, "narrow-chat.png") });
    await page.getByRole("button", { name: /Stop everything/ }).click();
    await page.getByText(/Stopped:/).waitFor();
    for (const name of ["Audit", "Settings"]) {
      await page.getByRole("link", { name, exact: true }).click();
      await page.locator("table, fieldset").first().waitFor();
      await noHorizontalScroll(page);
      await page.screenshot({ path: join(out, `narrow-${name.toLowerCase()}.png`) });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
