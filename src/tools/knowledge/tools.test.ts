import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryHandleStore } from "../../core/handles.js";
import { silentLogger } from "../../core/logger.js";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import type { RunScope } from "../../gate/gate.js";
import { makePdf } from "../../knowledge/ingest/fixtures.js";
import { createRuntime, type Runtime } from "../../runtime/runtime.js";
import { createTempHome, type TempHome } from "../../testing/home.js";
import { createDocsTools } from "../docs/index.js";
import { createMemoryTools } from "../memory/index.js";
import { createKnowledgeTools } from "./index.js";

let temp: TempHome;
let runtime: Runtime;

beforeEach(() => {
  temp = createTempHome();
  runtime = createRuntime({
    env: temp.env,
    logger: silentLogger,
    tools: (deps) => [...createKnowledgeTools(deps), ...createDocsTools(deps), ...createMemoryTools(deps)],
  });
});
afterEach(async () => {
  await runtime.close();
  temp.cleanup();
});

function scope(tainted = false, answer: "approve" | "deny" = "deny", said: string[] = []): RunScope {
  return {
    runId: "run_1",
    userText: said,
    handles: new MemoryHandleStore(),
    taint: { tainted, sources: [] },
    grants: new Set(),
    broker: new FixedConfirmationBroker(answer),
  };
}

const call = (tool: string, args: Record<string, unknown>, s = scope()) =>
  runtime.gate.call({ tool, args }, s);

describe("knowledge and docs tools through the gate", () => {
  it("adds a folder, searches it with sources, pages and handles, and taints the run", async () => {
    const docs = join(temp.home, "Documents", "lib");
    mkdirSync(docs);
    writeFileSync(
      join(docs, "manual.pdf"),
      await makePdf([["Unboxing the kettle."], ["Descale the kettle monthly with vinegar."]]),
    );
    writeFileSync(join(docs, "notes.md"), "# Notes\nThe kettle warranty ends in 2027.");
    const added = await call("knowledge_add", { path: "~/Documents/lib" });
    expect(added.status).toBe("ok");
    expect(added.result!.output).toMatch(/2 added, 0 updated, 0 unchanged, 0 failed/);
    const s = scope();
    const found = await call("knowledge_search", { query: "how do I descale the kettle?", limit: 2 }, s);
    expect(found.status).toBe("ok");
    expect(found.result!.output).toMatch(
      /\[1\] .*manual\.pdf p\. 2 #f1 \(score [\d.]+\)\n {4}Descale the kettle monthly/,
    );
    const data = found.result!.data as { results: Array<{ source: string; page?: number; score: number }> };
    expect(data.results[0]).toMatchObject({ source: join(docs, "manual.pdf"), page: 2 });
    expect(s.taint.tainted).toBe(true); // document text is untrusted
    expect(s.handles.resolve("#f1")?.value).toBe(join(docs, "manual.pdf"));
  });

  it("refuses paths outside the roots and bad arguments without touching the index", async () => {
    const outside = await call("knowledge_add", { path: "/etc" });
    expect(outside.code).toBe("PATH_DENIED");
    const jarvisHome = await call("knowledge_add", { path: temp.jarvisHome });
    expect(jarvisHome.code).toBe("PATH_DENIED");
    expect((await call("knowledge_search", { query: "" })).code).toBe("ARGS_INVALID");
    expect((await call("knowledge_search", { query: "x", limit: 500 })).code).toBe("ARGS_INVALID");
    expect((runtime.db.prepare("SELECT count(*) AS n FROM kb_documents").get() as { n: number }).n).toBe(0);
    const empty = await call("knowledge_search", { query: "anything" });
    expect(empty.result!.output).toMatch(/knowledge base is empty/);
  });

  it("summarizes a file or an indexed document with page citations", async () => {
    const file = join(temp.home, "Documents", "paper.pdf");
    writeFileSync(
      file,
      await makePdf([
        [
          "Heat pumps move heat instead of burning fuel.",
          "They reach efficiencies above three hundred percent.",
        ],
        ["Heat pumps work in cold climates when the house is insulated well."],
      ]),
    );
    const direct = await call("docs_summarize", { path: "~/Documents/paper.pdf", max_points: 2 });
    expect(direct.status).toBe("ok");
    expect(direct.result!.output).toMatch(/^Summary of "paper" \(2 pages\), extractive:\n- .*\(p\. \d\)/);
    await call("knowledge_add", { path: "~/Documents/paper.pdf" });
    const indexed = await call("docs_summarize", { document: file });
    expect(indexed.result!.output).toMatch(/Heat pumps/);
    expect((await call("docs_summarize", {})).code).toBe("ARGS_INVALID");
    expect((await call("docs_summarize", { document: "42" })).code).toBe("NOT_FOUND");
  });
});

describe("memory tools through the gate", () => {
  it("remembers, recalls from the graph and forgets by description", async () => {
    const said = "remember that my boss is Sarah Chen";
    const stored = await call("memory_remember", { text: said }, scope(false, "deny", [said]));
    expect(stored.result!.output).toBe("Remembered: The user's boss is Sarah Chen. [f1]");
    const recalled = await call("memory_recall", { query: "who is my boss?" });
    expect(recalled.result!.output).toMatch(
      /^The user's boss is Sarah Chen\.\nMemories:\n- .* \[f1, you told me on \d{4}-\d\d-\d\d\]$/,
    );
    // Forgetting is a delete: notify-level under smart autonomy, runs without asking.
    const forgot = await call("memory_forget", { query: "my boss" });
    expect(forgot.status).toBe("ok");
    expect((await call("memory_recall", { query: "who is my boss?" })).result!.output).toMatch(
      /Nothing remembered/,
    );
  });

  it("asks before remembering once the run has read untrusted text", async () => {
    const denied = await call("memory_remember", { text: "my bank is EvilBank" }, scope(true, "deny"));
    expect(denied.status).toBe("denied");
    expect((await call("memory_recall", { query: "bank" })).result!.output).toMatch(/Nothing remembered/);
    const approved = await call("memory_remember", { text: "my bank is GoodBank" }, scope(true, "approve"));
    expect(approved.status).toBe("ok");
  });

  it("refuses bad forget arguments and loose matches with one clear line", async () => {
    await call("memory_remember", { text: "remember the gate code is 1234" });
    await call("memory_remember", { text: "remember the garage code is 5678" });
    expect((await call("memory_forget", { id: "12" })).code).toBe("ARGS_INVALID");
    expect((await call("memory_forget", {})).code).toBe("ARGS_INVALID");
    expect((await call("memory_forget", { id: "f99" })).code).toBe("NOT_FOUND");
    const loose = await call("memory_forget", { query: "code" });
    expect(loose.code).toBe("ARGS_INVALID");
    expect(loose.result!.output).toMatch(/matches several memories; forget by id/);
    expect((await call("memory_remember", { text: "remember that" })).code).toBe("ARGS_INVALID");
    const count = (runtime.db.prepare("SELECT count(*) AS n FROM memory_facts").get() as { n: number }).n;
    expect(count).toBe(2);
  });
});
