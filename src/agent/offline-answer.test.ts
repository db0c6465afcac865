import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import { createRunScope } from "../gate/scope.js";
import { type AgentHarness, collect, createAgentHarness } from "../testing/agent-harness.js";
import { TableNlu } from "../testing/table-nlu.js";
import { createKnowledgeTools } from "../tools/knowledge/index.js";
import { createMemoryTools } from "../tools/memory/index.js";
import { NO_MODEL_QUESTION } from "./fast-path.js";

let harness: AgentHarness;
afterEach(() => harness?.close());

const question = { kind: "question" as const, confidence: 0.9 };
const nlu = new TableNlu({
  "who is my boss?": question,
  "what is the capital of france?": question,
  "how many bridges does freedonia have?": question,
  "remember that my boss is sarah chen": {
    kind: "action",
    confidence: 0.99,
    tool: "memory_remember",
    args: { text: "my boss is Sarah Chen" },
  },
});

async function ask(text: string): Promise<string> {
  const { result } = await collect(
    harness.agent.startTurn({ text, source: "test", broker: new FixedConfirmationBroker("approve") }),
  );
  return result.text ?? "";
}

describe("questions with no language model", () => {
  it("are answered from memory, then from documents that mention every word asked, else honestly", async () => {
    harness = createAgentHarness({
      nlu,
      tools: (deps) => [...createMemoryTools(deps), ...createKnowledgeTools(deps)],
    });
    expect(await ask("who is my boss?")).toBe(NO_MODEL_QUESTION);
    await ask("remember that my boss is Sarah Chen");
    expect(await ask("who is my boss?")).toContain("Sarah Chen");

    const notes = join(harness.temp.home, "Documents", "notes.txt");
    writeFileSync(notes, "The capital of Freedonia is Fredville. It has 20 bridges.\n");
    const add = await harness.runtime.gate.call(
      { tool: "knowledge_add", args: { path: notes } },
      createRunScope({
        runId: "run_setup",
        userText: [notes],
        broker: new FixedConfirmationBroker("approve"),
      }),
    );
    expect(add.status).toBe("ok");
    expect(await ask("how many bridges does Freedonia have?")).toContain("20 bridges");
    expect(await ask("what is the capital of France?")).toBe(NO_MODEL_QUESTION);
  });
});
