import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConfirmAnswer } from "../../src/core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../../src/gate/confirm.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { createRunScope } from "../../src/gate/scope.js";
import { createRuntime, type Runtime } from "../../src/runtime/runtime.js";
import { FakeOpenAIServer } from "../../src/testing/fake-openai-server.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { CSV_TOOL, CSV_TOOL_BUGGY, exfiltratingTool, keyReadingTool } from "../../src/testing/tool-drafts.js";

/** Records what it was asked (the one review) and answers as told. */
class RecordingBroker implements ConfirmationBroker {
  readonly asked: ConfirmationRequest[] = [];
  constructor(private readonly answer: ConfirmAnswer) {}
  async request(request: ConfirmationRequest): Promise<ConfirmAnswer> {
    this.asked.push(request);
    return this.answer;
  }
}

const submit = (draft: unknown) => ({
  toolCalls: [{ name: "submit_tool", arguments: draft as Record<string, unknown> }],
});
const ready = process.platform === "linux" && hasPrograms(["bwrap", "prlimit"], "bubblewrap util-linux");

describe.runIf(ready)("the tool factory with a scripted model over a real socket", () => {
  let temp: TempHome;
  let fake: FakeOpenAIServer;
  let runtime: Runtime;
  let attacker: Server;
  const attackerHits: string[] = [];
  let attackerUrl = "";

  const open = () =>
    createRuntime({
      env: {
        ...temp.env,
        JARVIS_MODEL_PROVIDER: "openai-compatible",
        JARVIS_MODEL_BASE_URL: fake.url,
        JARVIS_MODEL: "fake-1",
      },
    });
  const call = (
    tool: string,
    args: unknown,
    broker: ConfirmationBroker = new FixedConfirmationBroker("approve"),
  ) => {
    const runId = runtime.ids.next("run");
    return runtime.gate
      .call({ tool, args }, createRunScope({ runId, userText: [JSON.stringify(args)], broker }))
      .then((outcome) => ({ outcome, runId }));
  };
  const make = async (description: string) => (await call("tools_make", { description })).outcome;

  beforeAll(async () => {
    temp = createTempHome("jarvis-factory-");
    fake = await FakeOpenAIServer.start();
    attacker = createServer((request, response) => {
      attackerHits.push(request.url ?? "");
      response.end("ok");
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", () => resolve()));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    runtime = open();
  });
  afterEach(async () => {
    await runtime.close();
    fake.assertDone();
  });
  afterAll(async () => {
    await fake.close();
    attacker.close();
    temp.cleanup();
  });

  it("drafts, tests in the sandbox, repairs once, asks once with manifest, code and results, and registers", async () => {
    fake.push(submit(CSV_TOOL_BUGGY), submit(CSV_TOOL));
    const made = await make("a tool that turns CSV text into a markdown table");
    expect(made.status, made.message).toBe("ok");
    const data = made.data as { draft: string; attempts: number; tests: { passed: number } };
    expect(data.attempts).toBe(2);
    expect(data.tests.passed).toBe(2);
    // The repair round told the model what failed.
    expect(JSON.stringify(fake.requests[1]?.body)).toContain("two columns");

    const broker = new RecordingBroker("approve");
    const { outcome: registered, runId } = await call("tools_register", { draft: data.draft }, broker);
    expect(registered.status, registered.message).toBe("ok");
    expect(broker.asked).toHaveLength(1);
    const review = broker.asked[0]?.preview ?? "";
    for (const part of [
      "csv_to_markdown",
      "tier safe",
      '"csv"',
      "function run(args)",
      "2 of 2 passed",
      "two columns",
    ])
      expect(review).toContain(part);
    expect(runtime.audit.list({ runId }).find((e) => e.stage === "result")?.reason).toMatch(
      /registered generated tool csv_to_markdown sha256:/,
    );

    const { outcome: used } = await call("csv_to_markdown", { csv: "n,m\n3,4" });
    expect(used.status).toBe("ok");
    expect(used.message).toBe("| n | m |\n| --- | --- |\n| 3 | 4 |");
  });

  it("survives a restart, and a tool whose files changed is disabled with the reason", async () => {
    expect(runtime.registry.has("csv_to_markdown")).toBe(true);
    expect(runtime.extensions?.generated.find((tool) => tool.name === "csv_to_markdown")?.status).toBe(
      "ready",
    );
    const code = join(temp.jarvisHome, "tools", "csv_to_markdown", "tool.js");
    writeFileSync(code, `${readFileSync(code, "utf8")}\n// edited`);
    await runtime.close();
    runtime = open();
    expect(runtime.registry.has("csv_to_markdown")).toBe(false);
    const stored = runtime.extensions?.generated.find((tool) => tool.name === "csv_to_markdown");
    expect(stored?.status).toBe("disabled");
    expect(stored?.reason).toMatch(/tool\.js changed since you approved it/);
    expect((await call("tools_remove", { name: "csv_to_markdown" })).outcome.status).toBe("ok");
  });

  it("does not register a tool whose tests cannot pass within the repair budget; the last failure is shown", async () => {
    fake.push(
      submit(CSV_TOOL_BUGGY),
      submit(CSV_TOOL_BUGGY),
      submit({ ...CSV_TOOL_BUGGY, code: "no function here" }),
    );
    const made = await make("a tool that turns CSV text into a markdown table");
    expect(made.status).toBe("failed");
    expect(made.message).toMatch(
      /still failed after 3 attempts: the draft was malformed: code must define function run/,
    );
    expect(existsSync(join(temp.jarvisHome, "tools", "csv_to_markdown"))).toBe(false);
    expect(runtime.registry.has("csv_to_markdown")).toBe(false);
  });

  it("a tool whose tests pass but whose code exfiltrates when called: refused by the gate, audited, nothing leaves", async () => {
    fake.push(submit(exfiltratingTool(attackerUrl)));
    const made = await make("a CSV to markdown tool");
    expect(made.status, made.message).toBe("ok");
    await call("tools_register", { draft: (made.data as { draft: string }).draft });
    const { outcome, runId } = await call("csv_table_plus", { csv: "BEGIN,secret\n1,2" });
    expect(outcome.status).toBe("ok");
    expect(attackerHits).toEqual([]);
    expect(existsSync(join(temp.home, "Documents", "stolen.txt"))).toBe(false);
    const refusals = runtime.audit.list({ runId }).filter((entry) => entry.decision === "deny");
    expect(refusals.map((entry) => `${entry.tool}: ${entry.reason}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^web_fetch: .*the generated tool csv_table_plus does not allow web_fetch/),
        expect.stringMatching(/^files_write: .*the generated tool csv_table_plus does not allow files_write/),
      ]),
    );
  });

  it("a declared capability is still a gate call: reading ~/.ssh is refused and the key never comes back", async () => {
    const key = join(temp.home, ".ssh", "id_rsa");
    await import("node:fs").then((fs) => {
      fs.mkdirSync(join(temp.home, ".ssh"), { recursive: true });
      fs.writeFileSync(key, "PLANTED-KEY-BYTES");
      fs.writeFileSync(join(temp.home, "Documents", "a.csv"), "a,b\n1,2\n");
    });
    fake.push(submit(keyReadingTool(key)));
    const made = await make("read a CSV file as a markdown table");
    await call("tools_register", { draft: (made.data as { draft: string }).draft });
    expect(runtime.registry.get("file_to_markdown")?.definition.risk).toBe("safe");
    const { outcome, runId } = await call("file_to_markdown", {
      path: join(temp.home, "Documents", "a.csv"),
    });
    expect(outcome.status, outcome.message).toBe("ok");
    expect(outcome.message).toContain("| a | b |");
    expect(outcome.message).not.toContain("PLANTED-KEY-BYTES");
    expect(
      runtime.audit
        .list({ runId })
        .some((entry) => entry.tool === "files_read" && /PATH_DENIED/.test(entry.outcome)),
    ).toBe(true);
  });

  it("with no model configured: one honest line", async () => {
    const offline = createRuntime({ env: temp.env });
    try {
      const outcome = await offline.gate.call(
        { tool: "tools_make", args: { description: "a tool that adds two numbers" } },
        createRunScope({ runId: "run_offline", broker: new FixedConfirmationBroker("approve") }),
      );
      expect(outcome.status).toBe("failed");
      expect(outcome.message).toBe("no language model is configured, so Jarvis cannot write tools");
      expect(outcome.fix).toMatch(/models\.primary/);
    } finally {
      await offline.close();
    }
  });
});
