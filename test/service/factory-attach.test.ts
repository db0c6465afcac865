import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJarvis } from "../../src/testing/cli.js";
import { FakeOpenAIServer } from "../../src/testing/fake-openai-server.js";
import { createTempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { CSV_TOOL } from "../../src/testing/tool-drafts.js";
import { type ServiceProcess, startService } from "./process.js";

const ready = process.platform === "linux" && hasPrograms(["bwrap", "prlimit"], "bubblewrap util-linux");

/**
 * `jarvis tools make` and `jarvis tools generated list|show|remove` with no service (in this
 * process) and attached to a real `jarvis start --service`: the same output both ways, and what
 * the attached commands do happens in the service (its catalog gains the tool at once).
 */
describe.runIf(ready)("the tool factory's and skills' commands attach to the service", () => {
  const temp = createTempHome("jarvis-factory-attach-");
  let fake: FakeOpenAIServer;
  let env: NodeJS.ProcessEnv;
  let service: ServiceProcess | undefined;
  const jarvis = (args: string[]) => runJarvis(args, { env, timeoutMs: 90_000 });

  beforeAll(async () => {
    // The model writes the CSV tool whenever the factory asks (it offers `submit_tool`).
    fake = await FakeOpenAIServer.start((request) => {
      const tools = (request.body.tools ?? []) as Array<{ function?: { name?: string } }>;
      return tools.some((tool) => tool.function?.name === "submit_tool")
        ? { toolCalls: [{ name: "submit_tool", arguments: CSV_TOOL as unknown as Record<string, unknown> }] }
        : { text: "Nothing to say." };
    });
    env = {
      ...temp.env,
      JARVIS_MODEL_PROVIDER: "openai-compatible",
      JARVIS_MODEL_BASE_URL: fake.url,
      JARVIS_MODEL: "fake-1",
    };
  });

  afterAll(async () => {
    if (service?.child.exitCode === null) service.child.kill("SIGKILL");
    await fake?.close();
    temp.cleanup();
  });

  it("in this process with no service: make with --yes registers, list and show read it, remove removes it", async () => {
    const made = await jarvis(["tools", "make", "turn CSV text into a markdown table", "--yes"]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/csv_to_markdown/);
    const list = await jarvis(["tools", "generated", "list"]);
    expect(list.stdout).toMatch(/^csv_to_markdown +ready /m);
    const removed = await jarvis(["tools", "generated", "remove", "csv_to_markdown", "--yes"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await jarvis(["tools", "generated", "list"])).stdout).toMatch(/No generated tools yet/);
  }, 180_000);

  it("attached: make runs in the service (asked here, denied without a terminal; --yes registers), the service's catalog has it at once, list/show print what in-process prints, remove works", async () => {
    service = await startService(env);
    const asked = fake.requests.length;
    // No terminal and no --yes: the review is printed, the registration refused, nothing added.
    const denied = await jarvis(["tools", "make", "turn CSV text into a markdown table"]);
    expect(denied.code).toBe(3);
    expect(denied.stdout).toMatch(/csv_to_markdown/);
    expect(fake.requests.length).toBeGreaterThan(asked);
    expect((await jarvis(["tools", "generated", "list"])).stdout).toMatch(/No generated tools yet/);

    const made = await jarvis(["tools", "make", "turn CSV text into a markdown table", "--yes"]);
    expect(made.code, made.stderr).toBe(0);
    // The service registered it: its catalog lists and runs it without a restart.
    expect((await jarvis(["tools", "list"])).stdout).toMatch(/^csv_to_markdown /m);
    const csv = JSON.stringify({ csv: "a,b\n1,2" });
    const called = await jarvis(["tools", "call", "csv_to_markdown", "--args", csv, "--yes"]);
    expect(called.code, called.stderr).toBe(0);
    expect(called.stdout).toContain("| a | b |");
    // The make, register and call runs are the service's (its pid), not this command's.
    const { body } = await service.api<{ runs: Array<{ input: string; source: string; pid: number }> }>(
      "GET",
      "/api/runs?limit=20",
    );
    const mine = body.runs.filter((run) => run.source === "cli" && run.pid === service!.child.pid);
    expect(mine.map((run) => run.input)).toEqual(
      expect.arrayContaining([
        "turn CSV text into a markdown table",
        expect.stringMatching(/^csv_to_markdown /),
      ]),
    );

    for (const args of [
      ["tools", "generated", "list"],
      ["tools", "generated", "list", "--json"],
      ["tools", "generated", "show", "csv_to_markdown"],
    ]) {
      const [attached, inProcess] = [await jarvis(args), await jarvis([...args, "--local"])];
      expect(attached.code, attached.stderr).toBe(0);
      expect(attached.stdout).toBe(inProcess.stdout);
    }
    const missing = await jarvis(["tools", "generated", "show", "nope"]);
    expect([missing.code, missing.stderr.trim()]).toEqual([
      1,
      "NOT_FOUND: no generated tool named nope (see `jarvis tools generated list`)",
    ]);

    const removed = await jarvis(["tools", "generated", "remove", "csv_to_markdown", "--yes"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await jarvis(["tools", "list"])).stdout).not.toMatch(/^csv_to_markdown /m);
  }, 240_000);

  it("attached: skills add and remove change the service's catalog at once; a malformed skill is refused in one line", async () => {
    service ??= await startService(env);
    const bad = join(temp.dir, "src", "Bad_Skill");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "SKILL.md"), "---\nname: Bad_Skill\ndescription: x\n---\n");
    const refused = await jarvis(["skills", "add", bad, "--yes"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/the skill name "Bad_Skill" breaks the naming rule/);

    const good = join(temp.dir, "src", "notes-helper");
    mkdirSync(good, { recursive: true });
    writeFileSync(
      join(good, "SKILL.md"),
      "---\nname: notes-helper\ndescription: Tidy up meeting notes into action items.\n---\nList each action with its owner.\n",
    );
    const skillsOfService = async () =>
      (await service!.api<{ skills: Array<{ name: string; status: string }> }>("GET", "/api/extend")).body
        .skills;
    const added = await jarvis(["skills", "add", good, "--yes"]);
    expect(added.code, added.stderr).toBe(0);
    expect(await skillsOfService()).toEqual([
      expect.objectContaining({ name: "notes-helper", status: "ready" }),
    ]);
    const removed = await jarvis(["skills", "remove", "notes-helper", "--yes"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await skillsOfService()).filter((skill) => skill.status === "ready")).toEqual([]);
  }, 120_000);
});
