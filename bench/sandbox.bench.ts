/**
 * The sandbox: the escape suite's containment (every attempt through the gate, checked in the
 * world and in the audit; a skill script that tries everything; generated tools that reach for
 * more than they declared), cold start of a sandboxed command, a QuickJS call in the warm
 * child, and a generated tool end to end from a scripted model over a real socket.
 * Targets: 100% contained; p50 ≤ 150 ms (command), ≤ 50 ms (QuickJS); factory ≤ 5 s without model time.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { probeSandbox } from "../src/extend/sandbox/detect.js";
import { JsSandbox } from "../src/extend/sandbox/quickjs.js";
import { Sandbox } from "../src/extend/sandbox/sandbox.js";
import { FixedConfirmationBroker } from "../src/gate/confirm.js";
import { createRunScope } from "../src/gate/scope.js";
import { createRuntime } from "../src/runtime/runtime.js";
import { FakeOpenAIServer } from "../src/testing/fake-openai-server.js";
import { createTempHome } from "../src/testing/home.js";
import {
  CANARY_ENV,
  createEscapeWorld,
  ESCAPE_ATTEMPTS,
  escapeScript,
} from "../src/testing/sandbox-escapes.js";
import { CSV_TOOL, exfiltratingTool, keyReadingTool } from "../src/testing/tool-drafts.js";
import { summarize, writeResult } from "./util.js";

const temp = createTempHome("jarvis-bench-sandbox-");
const fake = await FakeOpenAIServer.start();
const runtime = createRuntime({
  env: {
    ...temp.env,
    JARVIS_MODEL_PROVIDER: "openai-compatible",
    JARVIS_MODEL_BASE_URL: fake.url,
    JARVIS_MODEL: "fake-1",
  },
});
const world = await createEscapeWorld(temp.home, temp.jarvisHome);
process.env[CANARY_ENV] = world.secret;
const call = (tool: string, args: unknown) => {
  const runId = runtime.ids.next("run");
  return runtime.gate
    .call(
      { tool, args },
      createRunScope({
        runId,
        userText: [JSON.stringify(args)],
        broker: new FixedConfirmationBroker("approve"),
      }),
    )
    .then((outcome) => ({ outcome, runId, audit: runtime.audit.list({ runId }) }));
};

// 1. Escape suite.
const attempts: Array<{ name: string; contained: boolean; audited: boolean; note?: string }> = [];
for (const attempt of ESCAPE_ATTEMPTS) {
  const { outcome, audit } = await call("sandbox_run", attempt.args(world));
  const data = outcome.data as
    | { stdout?: string; stderr?: string; stopped?: { message: string } }
    | undefined;
  const escaped = attempt.escaped(world, {
    stdout: data?.stdout ?? "",
    stderr: data?.stderr ?? "",
    ...(data?.stopped ? { stopped: data.stopped.message } : {}),
  });
  const audited = attempt.audit.test(audit.find((entry) => entry.stage === "result")?.reason ?? "");
  attempts.push({
    name: attempt.name,
    contained: escaped === undefined,
    audited,
    ...(escaped ? { note: escaped } : {}),
  });
}
// A skill script that tries everything at once.
const skillDir = join(temp.dir, "src", "escape-skill");
mkdirSync(join(skillDir, "scripts"), { recursive: true });
writeFileSync(
  join(skillDir, "SKILL.md"),
  "---\nname: escape-skill\ndescription: A skill whose script tries every way out.\n---\nRun scripts/escape.sh.\n",
);
writeFileSync(join(skillDir, "scripts", "escape.sh"), escapeScript(world));
chmodSync(join(skillDir, "scripts", "escape.sh"), 0o755);
await call("skills_install", { source: skillDir });
{
  const { outcome, audit } = await call("skills_run", {
    name: "escape-skill",
    script: "scripts/escape.sh",
    read: [world.granted],
  });
  const data = outcome.data as { stdout: string; stderr: string } | undefined;
  const leaked =
    `${data?.stdout ?? ""}${data?.stderr ?? ""}`.includes(world.secret) ||
    /RESOLVED|UNSHARED/.test(data?.stdout ?? "");
  const escaped =
    leaked || world.escapedFiles.some((file) => existsSync(file)) || world.forbidden.hits.length > 0;
  attempts.push({
    name: "a skill script that tries each way out",
    contained: !escaped,
    audited: /contained: .*output limit/.test(audit.at(-1)?.reason ?? ""),
  });
}
// Generated tools whose tests pass but whose code reaches further when called.
for (const [label, draft, args, check] of [
  [
    "a generated tool that exfiltrates when called",
    exfiltratingTool("http://127.0.0.1:9"),
    { csv: "BEGIN,key\n1,2" },
    /does not allow web_fetch/,
  ],
  [
    "a generated tool that reads ~/.ssh through a declared capability",
    keyReadingTool(join(temp.home, ".ssh", "id_rsa")),
    { path: join(world.granted, "data.csv") },
    /PATH_DENIED/,
  ],
] as const) {
  fake.push({ toolCalls: [{ name: "submit_tool", arguments: draft as unknown as Record<string, unknown> }] });
  const made = await call("tools_make", { description: label });
  await call("tools_register", { draft: (made.outcome.data as { draft: string }).draft });
  const { outcome, audit } = await call(draft.name, args);
  const leaked =
    outcome.message.includes(world.secret) || existsSync(join(temp.home, "Documents", "stolen.txt"));
  const audited = audit.some((entry) => check.test(`${entry.reason} ${entry.outcome}`));
  attempts.push({ name: label, contained: !leaked, audited });
}
const contained = attempts.filter((attempt) => attempt.contained && attempt.audited).length;

// 2. Cold start of a command; 3. a QuickJS call in the warm child.
const sandbox = new Sandbox(probeSandbox());
const command: number[] = [];
// Baselines measured alongside (the machine is shared): spawning /bin/true, and bare bwrap.
const spawnOnly: number[] = [];
const bareBwrap: number[] = [];
const timed = (program: string, args: string[]) =>
  new Promise<number>((resolve) => {
    const start = performance.now();
    spawn(program, args, { stdio: "ignore" }).on("close", () => resolve(performance.now() - start));
  });
for (let i = 0; i < 30; i++) {
  spawnOnly.push(await timed("/bin/true", []));
  bareBwrap.push(
    await timed("bwrap", [
      "--unshare-all",
      "--die-with-parent",
      "--ro-bind",
      "/usr",
      "/usr",
      "--symlink",
      "usr/bin",
      "/bin",
      "--symlink",
      "usr/lib",
      "/lib",
      "--symlink",
      "usr/lib64",
      "/lib64",
      "--",
      "/bin/true",
    ]),
  );
  const start = performance.now();
  await sandbox.run({ argv: ["/bin/true"] });
  command.push(performance.now() - start);
}
const js = new JsSandbox(sandbox);
const warmStart = performance.now();
await js.warm();
const warmMs = performance.now() - warmStart;
const quickjs: number[] = [];
for (let i = 0; i < 50; i++) {
  const start = performance.now();
  await js.run({
    code: "function run(a) { return a.x + 1; }",
    args: { x: i },
    capabilities: [],
    onCapability: async () => ({ ok: false }),
  });
  quickjs.push(performance.now() - start);
}
await js.close();
await sandbox.close();

// 4. A generated tool end to end: draft (scripted model), tests in the sandbox, review, registration.
const factory: Array<{ totalMs: number; modelMs: number; withoutModelMs: number }> = [];
for (let i = 0; i < 5; i++) {
  fake.push({ toolCalls: [{ name: "submit_tool", arguments: { ...CSV_TOOL, name: `csv_table_${i}` } }] });
  const start = performance.now();
  const made = await call("tools_make", { description: "a tool that turns CSV text into a markdown table" });
  const data = made.outcome.data as { draft: string; modelMs: number };
  await call("tools_register", { draft: data.draft });
  const totalMs = performance.now() - start;
  factory.push({
    totalMs: Math.round(totalMs),
    modelMs: data.modelMs,
    withoutModelMs: Math.round(totalMs - data.modelMs),
  });
}

delete process.env[CANARY_ENV];
await world.close();
await runtime.close();
await fake.close();
temp.cleanup();

writeResult("sandbox", {
  note: "development figures on a shared 2-core machine busy with other builds (load average at the end in `load`; baselines measured alongside); the factory's first run may start the QuickJS child",
  load: loadavg().map((x) => Math.round(x * 10) / 10),
  escapeSuite: {
    attempts: attempts.length,
    contained,
    containedRatio: contained / attempts.length,
    details: attempts,
  },
  coldStartCommandMs: summarize(command),
  baselines: { spawnTrueMs: summarize(spawnOnly), bareBwrapMs: summarize(bareBwrap) },
  quickjs: { warmChildStartMs: Math.round(warmMs), callMs: summarize(quickjs) },
  factoryEndToEnd: {
    runs: factory,
    withoutModelMs: summarize(factory.map((run) => run.withoutModelMs)),
  },
  targets: {
    containedRatio: 1,
    coldStartCommandP50Ms: 150,
    quickjsCallP50Ms: 50,
    factoryWithoutModelMs: 5000,
  },
});
