import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTempHome,
  FakeOpenAIServer,
  PROBE_BIN,
  readProbeLog,
  reply,
  runJarvis,
  type TempHome,
} from "../../src/testing/index.js";

/**
 * Requests are phrased so the embedded NLU does not claim them ("probe task …" is no command
 * it knows): they go to the model, which is what these tests exercise.
 *
 * The real CLI (built `dist/`, spawned) against FakeOpenAIServer over loopback, with the
 * probe tools (`probe-cli.ts`) counting side effects: kill -9 then resume, /stop and Ctrl-C in chat,
 * confirmations typed as y / n / a, and bad input refused with one line.
 */
let temp: TempHome;
let fake: FakeOpenAIServer;
const children: ChildProcessWithoutNullStreams[] = [];

beforeEach(async () => {
  fake = await FakeOpenAIServer.start([]);
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  await fake.close();
  temp?.cleanup();
  fake.assertDone();
});

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...temp.env,
    JARVIS_MODEL_PROVIDER: "openai-compatible",
    JARVIS_MODEL_BASE_URL: fake.url,
    JARVIS_MODEL: "fake-1",
    ...extra,
  };
}

interface Spawned {
  child: ChildProcessWithoutNullStreams;
  out: { stdout: string; stderr: string };
  waitFor(pattern: RegExp, stream?: "stdout" | "stderr"): Promise<string>;
  exited: Promise<number>;
}

function spawnJarvis(args: string[], environment: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, [PROBE_BIN, ...args], {
    env: environment,
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  const out = { stdout: "", stderr: "" };
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    out.stdout += chunk;
    wake();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    out.stderr += chunk;
    wake();
  });
  const exited = new Promise<number>((resolve) =>
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 : -1))),
  );
  const waitFor = (pattern: RegExp, stream: "stdout" | "stderr" = "stdout") =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `timed out waiting for ${pattern} in ${stream}:\n${out[stream]}\n--- other:\n${out[stream === "stdout" ? "stderr" : "stdout"]}`,
            ),
          ),
        60_000,
      );
      const check = () => {
        const match = out[stream].match(pattern);
        if (match) {
          clearTimeout(timer);
          resolve(match[0]);
        } else waiters.push(check);
      };
      check();
    });
  return { child, out, waitFor, exited };
}

const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          type: string;
          runId: string;
          seq: number;
          ts: number;
          data: Record<string, unknown>;
        },
    );

// Each spawned CLI pays Node start-up and module loading; on a busy machine that is seconds.
const SLOW = { timeout: 120_000 };

describe("jarvis ask", SLOW, () => {
  it("prints the event union as JSON lines with --json", async () => {
    temp = createTempHome();
    fake.push(reply.call("probe_write", { key: "json" }), reply.text("Wrote it."));
    const run = await runJarvis(["ask", "--json", "probe task alpha"], { env: env(), probes: true });
    expect(run.code, run.stderr).toBe(0);
    const events = jsonLines(run.stdout);
    expect(events.every((e) => Object.keys(e).join(",") === "type,runId,seq,ts,data")).toBe(true);
    expect(events[0]?.type).toBe("run_started");
    expect(events.at(-1)).toMatchObject({ type: "run_finished", data: { text: "Wrote it." } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    // The run's tokens, as the model server reported them per call, are kept and shown
    const shown = await runJarvis(["runs", "show", events[0]!.runId], { env: env() });
    expect(shown.stdout).toMatch(
      /^ {2}tokens: [\d,]+ in \/ \d+ out · session: [\d,]+ in \/ \d+ out over 1 run$/m,
    );
    expect(shown.stdout).toMatch(/propose\s+done\s+→ probe_write \[\d+ in \/ \d+ out\]/);
  });

  it("refuses bad input with one line and creates no run", async () => {
    temp = createTempHome();
    const both = await runJarvis(["ask", "--yes", "--no", "hi"], { env: env(), probes: true });
    expect(both.code).toBe(2);
    expect(both.stderr.trim()).toBe("USAGE: --yes and --no cannot be used together");
    const empty = await runJarvis(["ask", "  "], { env: env(), probes: true });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^USAGE: nothing to ask/);
    const badUrl = await runJarvis(["ask", "hi"], {
      env: env({ JARVIS_MODEL_BASE_URL: "not a url" }),
      probes: true,
    });
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr.trim().split("\n")).toHaveLength(1);
    expect(badUrl.stderr).toMatch(/^CONFIG_INVALID: JARVIS_MODEL_BASE_URL is not a URL/);
    const list = await runJarvis(["runs", "list", "--json"], { env: env(), probes: true });
    expect(list.stdout).toBe("");
  });
});

describe("durable runs across kill -9", SLOW, () => {
  it("lists the interrupted run and resumes it without repeating a side effect", async () => {
    temp = createTempHome();
    fake.push(
      reply.call("probe_write", { key: "a" }),
      reply.call("probe_write", { key: "b", delay_ms: 60_000 }, "call_b"),
      reply.text("Resumed and finished."),
    );
    const ask = spawnJarvis(["ask", "--json", "probe task beta"], env());
    await ask.waitFor(/"type":"tool_started","runId":"[^"]+","seq":\d+,"ts":\d+,"data":\{"callId":"call_b"/);
    ask.child.kill("SIGKILL");
    await ask.exited;
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write a", "write b"]);

    const list = await runJarvis(["runs", "list", "--json"], { env: env(), probes: true });
    const [run] = jsonLines(list.stdout) as unknown as Array<{ id: string; status: string }>;
    expect(run?.status).toBe("interrupted");

    const resumed = await runJarvis(["runs", "resume", run!.id, "--no", "--json"], {
      env: env(),
      probes: true,
    });
    expect(resumed.code, resumed.stderr).toBe(3); // the user said no to running it again
    const events = jsonLines(resumed.stdout);
    expect(events.at(-1)).toMatchObject({ type: "run_finished", data: { text: "Resumed and finished." } });
    expect(events.some((e) => e.type === "confirm_requested" && e.data.tool === "probe_write")).toBe(true);
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write a", "write b"]); // nothing repeated
    const lastRequest = fake.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(lastRequest.filter((m) => m.role === "tool").map((m) => m.content)).toEqual([
      "wrote a",
      expect.stringMatching(/^UNCERTAIN: probe_write was interrupted/),
    ]);

    const shown = await runJarvis(["runs", "show", run!.id], { env: env(), probes: true });
    expect(shown.stdout).toMatch(/denied/);
    expect(shown.stdout).toMatch(/probe_write\s+uncertain/);
    expect(shown.stdout).not.toMatch(/UNCERTAIN:|DENIED /); // the model's observations stay with the model
    const again = await runJarvis(["runs", "resume", run!.id], { env: env(), probes: true });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already ended \(denied\)/);
    const verify = await runJarvis(["audit", "verify"], { env: env(), probes: true });
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
  });
});

describe("jarvis chat", SLOW, () => {
  it("stops a slow tool with /stop and with Ctrl-C, and keeps chatting", async () => {
    temp = createTempHome();
    fake.push(
      reply.call("probe_write", { key: "slow", delay_ms: 60_000 }),
      reply.call("probe_write", { key: "slower", delay_ms: 60_000 }),
      reply.text("Still here."),
    );
    const chat = spawnJarvis(["chat"], env());
    chat.child.stdin.write("probe task gamma\n");
    await chat.waitFor(/-> Writing the test record slow/, "stderr");
    chat.child.stdin.write("/stop\n");
    await chat.waitFor(/cancelled: stopped by user/, "stderr");
    chat.child.stdin.write("probe task delta\n");
    await chat.waitFor(/-> Writing the test record slower/, "stderr");
    chat.child.kill("SIGINT");
    await chat.waitFor(/cancelled: stopped by user[\s\S]*cancelled: stopped by user/, "stderr");
    chat.child.stdin.write("probe task epsilon\n");
    await chat.waitFor(/Still here\./);
    chat.child.stdin.end();
    expect(await chat.exited).toBe(0);
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write slow", "write slower"]);
    const runs = jsonLines(
      (await runJarvis(["runs", "list", "--json"], { env: env(), probes: true })).stdout,
    ) as unknown as Array<{ status: string }>;
    expect(runs.map((r) => r.status)).toEqual(["finished", "cancelled", "cancelled"]);
  });

  it("asks before a dangerous call: y approves, n denies, a approves for the session", async () => {
    temp = createTempHome();
    fake.push(
      reply.call("probe_danger", { key: "one" }),
      reply.text("Did one."),
      reply.call("probe_danger", { key: "two" }),
      reply.text("Skipped two."),
      reply.call("probe_danger", { key: "three" }),
      reply.text("Did three."),
      reply.call("probe_danger", { key: "four" }),
      reply.text("Did four."),
    );
    const chat = spawnJarvis(["chat"], env());
    const ask = async (key: string, answer: string | undefined, expected: RegExp) => {
      chat.child.stdin.write(`probe task ${key}\n`);
      if (answer) {
        await chat.waitFor(
          new RegExp(`-- Delete the test record ${key}\\? --\\n {2}Key: ${key}\\nWhy: [^\\n]+\\nAllow\\?`),
          "stderr",
        );
        chat.child.stdin.write(`${answer}\n`);
      }
      await chat.waitFor(expected);
    };
    await ask("one", "y", /Did one\./);
    await ask("two", "n", /Skipped two\./);
    await ask("three", "a", /Did three\./);
    await ask("four", undefined, /Did four\./); // granted for the session: no prompt
    chat.child.stdin.write("/history\n");
    await chat.waitFor(/you: probe task four\njarvis: Did four\./);
    chat.child.stdin.end();
    expect(await chat.exited).toBe(0);
    expect(chat.out.stderr.match(/Allow\?/g)).toHaveLength(3);
    expect(chat.out.stderr).not.toContain("probe_danger");
    expect(readProbeLog(temp.jarvisHome)).toEqual(["danger one", "danger three", "danger four"]);
  });
});
