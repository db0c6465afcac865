import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { FakeOpenAIServer } from "../../src/testing/fake-openai-server.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { CSV_TOOL } from "../../src/testing/tool-drafts.js";
import { launchChromium, spawnStart, uiBuilt, watchConsole } from "../server/harness.js";

/** `JARVIS_SCREENSHOTS=1` refreshes docs/screenshots; otherwise they go to a temp dir. */
const keep = process.env.JARVIS_SCREENSHOTS === "1";
const ready =
  process.platform === "linux" &&
  hasPrograms(["bwrap", "prlimit", "chromium"], "bubblewrap util-linux chromium") &&
  uiBuilt();

describe.runIf(ready)("the Extend page on the real server (jarvis start)", () => {
  let temp: TempHome;
  let fake: FakeOpenAIServer;
  let server: { child: ChildProcess; url: string; openUrl: string };
  let browser: Browser;
  let token = "";
  let out = "";
  const api = async <T>(
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${server.url}${path}`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { "content-type": "application/json" } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const until = async <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  beforeAll(async () => {
    temp = createTempHome("jarvis-extend-web-");
    fake = await FakeOpenAIServer.start();
    out = keep ? join(REPO_ROOT, "docs", "screenshots") : mkdtempSync(join(tmpdir(), "jarvis-shots-"));
    server = await spawnStart(
      {
        ...temp.env,
        JARVIS_MODEL_PROVIDER: "openai-compatible",
        JARVIS_MODEL_BASE_URL: fake.url,
        JARVIS_MODEL: "fake-1",
      },
      ["--port", "0"],
    );
    token = /token=([0-9a-f]{64})/.exec(server.openUrl)?.[1] ?? "";
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    server?.child.kill("SIGTERM");
    await fake?.close();
    temp?.cleanup();
  });

  it("adds a skill through the gate with the confirmation answered in the web; a malformed one is refused with its rule", {
    timeout: 120_000,
  }, async () => {
    const skill = join(temp.dir, "src", "meeting-notes");
    mkdirSync(skill, { recursive: true });
    writeFileSync(
      join(skill, "SKILL.md"),
      "---\nname: meeting-notes\ndescription: Turn meeting notes into action items with owners.\nallowed-tools: files_read\n---\nList each action.\n",
    );
    const bad = join(temp.dir, "src", "broken");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "SKILL.md"), "no front matter here\n");
    const refused = await until(async () => {
      const attempt = await api<{ error?: { message: string } }>("/api/skills", {
        method: "POST",
        body: { source: bad },
      });
      return attempt.status === 503 ? undefined : attempt;
    }, "the agent to start");
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/^SKILL\.md has no front matter/);

    const started = await api<{ runId: string }>("/api/skills", { method: "POST", body: { source: skill } });
    const pending = await until(async () => {
      const list = await api<{ pending: Array<{ confirmationId: string; preview: string }> }>(
        "/api/confirmations",
      );
      return list.body.pending[0];
    }, "the confirmation");
    expect(pending.preview).toContain("Install the skill meeting-notes");
    await api(`/api/confirmations/${pending.confirmationId}`, {
      method: "POST",
      body: { answer: "approve" },
    });
    await until(
      async () =>
        (await api<{ run: { status: string } }>(`/api/runs/${started.body.runId}`)).body.run.status ===
        "finished"
          ? true
          : undefined,
      "the run",
    );
    const state = await api<{ skills: Array<{ name: string; status: string }> }>("/api/extend");
    expect(state.body.skills).toEqual([expect.objectContaining({ name: "meeting-notes", status: "ready" })]);
  });

  it("makes a tool from the page: the draft is shown readably, the one confirmation carries the review, then it is listed", {
    timeout: 180_000,
  }, async () => {
    fake.push({ toolCalls: [{ name: "submit_tool", arguments: CSV_TOOL }] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const problems = watchConsole(page);
    await page.goto(server.openUrl);
    await page.getByRole("link", { name: "Extend" }).click();
    await page.getByPlaceholder("Make me a tool").fill("a tool that turns CSV text into a markdown table");
    await page.getByRole("button", { name: "Make it" }).click();
    await page.getByText("Its tests passed in the sandbox").waitFor({ timeout: 120_000 });
    const review = page.getByRole("article", { name: "tool draft" });
    const text = (await review.textContent()) ?? "";
    for (const part of [
      "csv_to_markdown",
      "2 of 2 passed",
      "two columns",
      "function run(args)",
      "csv string (required)",
    ])
      expect(text).toContain(part);
    await page.screenshot({ path: join(out, "extend-draft.png"), fullPage: true });
    await page.getByRole("button", { name: /Register/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Register the generated tool csv_to_markdown").waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(out, "extend-confirm.png") });
    await dialog.getByRole("button", { name: "Approve" }).click();
    await page.getByText("csv_to_markdown was registered").waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(out, "extend.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
