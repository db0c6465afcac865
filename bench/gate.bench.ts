/**
 * Gate overhead for a no-op `safe` tool through the full pipeline with a durable audit append
 * (validate + provenance + risk + policy + 2 audit rows in SQLite WAL), and `jarvis tools list`
 * cold start + peak RSS. Target: p50 ≤ 0.5 ms per call.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { MemoryHandleStore } from "../src/core/handles.js";
import { parametersFrom, pathString } from "../src/core/schema.js";
import { defineTool, ok } from "../src/core/tool.js";
import { FixedConfirmationBroker } from "../src/gate/confirm.js";
import { createRuntime } from "../src/runtime/runtime.js";
import { JARVIS_BIN } from "../src/testing/cli.js";
import { createTempHome } from "../src/testing/home.js";
import { summarize, writeResult } from "./util.js";

const temp = createTempHome("jarvis-bench-");
const slow = defineTool<Record<string, never>>({
  name: "bench_slow",
  group: "bench",
  description: "waits until cancelled",
  parameters: parametersFrom(z.object({})),
  effects: ["write"],
  risk: "safe",
  execute: (_args, ctx) =>
    new Promise((resolve) =>
      ctx.signal.addEventListener("abort", () => resolve(ok("stopped")), { once: true }),
    ),
});
const noop = defineTool<{ text: string; path?: string }>({
  name: "bench_noop",
  group: "bench",
  description: "does nothing",
  parameters: parametersFrom(
    z.object({ text: z.string().max(200), path: pathString("read", "a path").optional() }),
  ),
  effects: ["read"],
  risk: "safe",
  async execute() {
    return ok("ok");
  },
});
const runtime = createRuntime({ env: temp.env, tools: () => [noop, slow] });
const scope = {
  runId: "run_bench",
  userText: ["bench"],
  handles: new MemoryHandleStore(),
  taint: { tainted: false, sources: [] },
  grants: new Set<string>(),
  broker: new FixedConfirmationBroker("approve"),
};

async function measure(args: Record<string, unknown>, n: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const outcome = await runtime.gate.call({ tool: "bench_noop", args }, scope);
    samples.push(performance.now() - start);
    if (outcome.status !== "ok") throw new Error(`unexpected ${outcome.status}: ${outcome.reason}`);
  }
  return samples;
}

await measure({ text: "warm" }, 2_000);
const n = 20_000;
const wallStart = performance.now();
const plain = await measure({ text: "hello" }, n);
const wallMs = performance.now() - wallStart;
const withPath = await measure({ text: "hello", path: "~/Documents" }, 5_000);

// Kill switch: 50 in-flight calls, one killAll, time until every outcome is settled.
const killSamples: number[] = [];
for (let round = 0; round < 20; round++) {
  const pending = Array.from({ length: 50 }, () =>
    runtime.gate.call({ tool: "bench_slow", args: {} }, scope),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  const start = performance.now();
  runtime.gate.killAll();
  const outcomes = await Promise.all(pending);
  killSamples.push(performance.now() - start);
  if (outcomes.some((o) => o.status !== "cancelled")) throw new Error("a call survived the kill switch");
}
await runtime.close();

// Cold start of `jarvis tools list` (full catalog) with peak RSS from a bench-only preload.
const coldHome = createTempHome("jarvis-bench-cold-");
const cold: number[] = [];
const rss: number[] = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  const result = spawnSync(
    process.execPath,
    ["--import", join(import.meta.dirname, "rss-preload.mjs"), JARVIS_BIN, "tools", "list"],
    {
      env: coldHome.env,
      encoding: "utf8",
    },
  );
  cold.push(performance.now() - start);
  const match = /__MAXRSS_KB=(\d+)/.exec(result.stderr);
  if (result.status !== 0 || !match) throw new Error(`tools list failed: ${result.stderr}`);
  rss.push(Number(match[1]) / 1024);
}
coldHome.cleanup();
temp.cleanup();

writeResult("gate", {
  description: "no-op safe tool through the full gate with durable audit (SQLite WAL, synchronous=NORMAL)",
  perCallMs: summarize(plain),
  perCallWithPathCheckMs: summarize(withPath),
  callsPerSecond: Math.round(n / (wallMs / 1000)),
  target: { p50Ms: 0.5 },
  killAll50InFlightMs: summarize(killSamples),
  toolsListColdStartMs: summarize(cold),
  toolsListPeakRssMiB: summarize(rss),
});
