import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_SERVICE } from "../../src/runtime/compose.js";
import { JARVIS_BIN, runJarvis } from "../../src/testing/cli.js";
import { FakeOpenAIServer } from "../../src/testing/fake-openai-server.js";
import { createTempHome } from "../../src/testing/home.js";
import { readProbeLog } from "../../src/testing/probe-tools.js";
import { recordingNotifySend } from "../../src/testing/recording-notifier.js";
import { freePort } from "../mail/servers.js";
import { eventually, type ServiceProcess, startService } from "./process.js";

/**
 * The service for real: `jarvis start --service` as a child process with a recording
 * `notify-send` on PATH and a fake model server whose log is the proof of what was asked of a
 * model; killed with -9 and started again like the unit would.
 */
const temp = createTempHome("jarvis-service-");
const notify = recordingNotifySend(temp.dir);
let fake: FakeOpenAIServer;
let env: NodeJS.ProcessEnv;
let service: ServiceProcess;
const stopped: ServiceProcess[] = [];

beforeAll(async () => {
  fake = await FakeOpenAIServer.start(() => ({
    text: "Clear skies; your first meeting is at nine.",
    usage: { input: 120, output: 12 },
  }));
  env = {
    ...temp.env,
    PATH: `${notify.bin}:${process.env.PATH}`,
    JARVIS_MODEL_PROVIDER: "openai-compatible",
    JARVIS_MODEL_BASE_URL: fake.url,
    JARVIS_MODEL: "fake-1",
    JARVIS_TEST_MAIL_PASSWORD: "unused",
  };
  // A mail account whose server is down: the mail observer crashes and is restarted with back-off.
  const closedPort = await freePort();
  temp.writeConfig(`routines:
  confirm_expiry_s: 30
mail:
  accounts:
    - name: work
      from: "Ada <ada@example.com>"
      imap: { host: 127.0.0.1, port: ${closedPort}, secure: false, starttls: false, user: ada, password_env: JARVIS_TEST_MAIL_PASSWORD }
`);
  service = await startService(env);
}, 120_000);

afterAll(async () => {
  for (const s of [service, ...stopped]) if (s?.child.exitCode === null) s.child.kill("SIGKILL");
  await fake?.close();
  temp.cleanup();
});

const jarvis = (args: string[]) => runJarvis(args, { env, timeoutMs: 60_000 });
const alertsShown = (title: string) => notify.calls().filter((argv) => argv.includes(`Jarvis: ${title}`));

describe("the CLI attached to the service", () => {
  it("runs `jarvis ask` in the service: a timer set there rings on the desktop, and its Snooze button snoozes it everywhere", async () => {
    const asked = await jarvis(["ask", "set a timer for 2 seconds"]);
    expect(asked.code, asked.stderr).toBe(0);
    expect(asked.stdout).toMatch(/Timer set for 2 seconds/);
    expect(asked.stdout).not.toContain(NO_SERVICE);
    const { body } = await service.api<{ runs: Array<{ input: string; source: string }> }>(
      "GET",
      "/api/runs?limit=5",
    );
    expect(body.runs[0]).toMatchObject({ input: "set a timer for 2 seconds", source: "cli" });
    const [argv] = await eventually(
      "the desktop alert",
      () => alertsShown("Timer").length > 0 && alertsShown("Timer"),
    );
    expect(argv).toEqual([
      "--app-name=Jarvis",
      "--urgency=critical",
      "--action=snooze=Snooze 10 min",
      "--action=dismiss=Dismiss",
      "--",
      "Jarvis: Timer",
      "Timer is done (2 seconds).",
    ]);
    writeFileSync(join(temp.dir, "choose"), "snooze"); // the person clicks Snooze
    const alerts = await eventually("the snooze", async () => {
      const { body: state } = await service.api<{ open: unknown[]; recent: Array<{ status: string }> }>(
        "GET",
        "/api/alerts",
      );
      return state.recent[0]?.status === "snoozed" && state;
    });
    expect(alerts.open).toEqual([]);
  }, 90_000);

  it("`jarvis chat` joins the running service: a ringing timer is a line in it, and /dismiss closes it everywhere", async () => {
    const chat = spawn(process.execPath, [JARVIS_BIN, "chat"], { env, stdio: ["pipe", "pipe", "pipe"] });
    let said = "";
    chat.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      said += chunk;
    });
    chat.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      said += chunk;
    });
    const exited = new Promise((resolve) => chat.on("exit", resolve));
    await eventually("the chat to attach", () => said.includes("Attached to Jarvis"), 30_000);
    chat.stdin.write("set a timer for 1 second\n");
    await eventually("the alert line", () => /⏰ Timer is done \(1 second\)\./.test(said), 30_000);
    chat.stdin.write("/dismiss\n");
    await eventually("the dismissal", () => said.includes("dismissed: Timer is done (1 second)."));
    const { body } = await service.api<{
      open: unknown[];
      recent: Array<{ status: string; message: string }>;
    }>("GET", "/api/alerts");
    expect(body.recent.find((a) => a.message === "Timer is done (1 second).")?.status).toBe("dismissed");
    chat.stdin.end("/exit\n");
    await exited;
  }, 90_000);

  it("refuses a webhook call without its token with 401 and runs nothing", async () => {
    const added = await jarvis([
      "routines",
      "add",
      "--name",
      "hooked",
      "--on-webhook",
      "--call",
      'probe_write {"key": "hook"}',
      "--grant",
      "probe_write",
      "--json",
    ]);
    expect(added.code, added.stderr).toBe(0);
    const { routine } = JSON.parse(added.stdout) as { routine: { id: string } };
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer wrong" },
      { authorization: `Bearer ${service.token}` },
    ]) {
      const response = await fetch(`${service.url}/hooks/${routine.id}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: "{}",
      });
      expect(response.status).toBe(401);
    }
    const shown = await jarvis(["routines", "show", routine.id, "--json"]);
    expect((JSON.parse(shown.stdout) as { runs: unknown[] }).runs).toEqual([]);
    expect(readProbeLog(temp.jarvisHome)).not.toContain("write hook");
  }, 60_000);

  // The shipped `jarvis` has no probe tools: only the service (the probe CLI) can list or run them.
  const local = (args: string[]) => runJarvis([...args, "--local"], { env, probes: true, timeoutMs: 60_000 });
  it("`jarvis tools call` runs in the service through its gate: shown and denied without a terminal, run with --yes", async () => {
    const call = ["tools", "call", "probe_danger", "--args", '{"key": "attached"}'];
    const denied = await jarvis(call);
    expect(denied.code).toBe(3);
    expect(denied.stderr).toMatch(
      /-- Delete the test record attached\? --[\s\S]*Why: It deletes something[\s\S]*Not approved: there is no terminal/,
    );
    expect(denied.stderr).not.toContain("probe_danger");
    expect(readProbeLog(temp.jarvisHome)).not.toContain("danger attached");
    const approved = await jarvis([...call, "--yes", "--json"]);
    expect(approved.code, approved.stderr).toBe(0);
    const outcome = JSON.parse(approved.stdout) as { runId: string; status: string; output: string };
    expect(outcome).toMatchObject({ status: "ok", output: "did attached" });
    expect(readProbeLog(temp.jarvisHome).filter((line) => line === "danger attached")).toHaveLength(1);
    const { body } = await service.api<{ run: { pid: number; source: string } }>(
      "GET",
      `/api/runs/${outcome.runId}`,
    );
    expect(body.run).toMatchObject({ pid: service.child.pid, source: "cli" });
    const unknown = await jarvis(["tools", "call", "probe_nope"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toMatch(/^TOOL_UNKNOWN: .*no tool named "probe_nope".*`jarvis tools list`/);
  }, 60_000);

  it("`jarvis tools list` and `runs list|show` read the service and print what in-process prints", async () => {
    // The same catalog plus the probe tools, which only the service has.
    for (const args of [
      ["tools", "list"],
      ["tools", "list", "--json"],
    ]) {
      const [attached, inProcess] = await Promise.all([jarvis(args), jarvis([...args, "--local"])]);
      expect(attached.code, attached.stderr).toBe(0);
      const notProbe = (line: string) => !/^probe_|"group":"probe"/.test(line);
      expect(attached.stdout.split("\n").filter(notProbe)).toEqual(inProcess.stdout.split("\n"));
    }
    const runsList = ["runs", "list", "--limit", "5"];
    expect((await jarvis(runsList)).stdout).toBe((await local(runsList)).stdout);
    expect((await jarvis(["tools", "list"])).stdout).toMatch(/^probe_danger +probe +dangerous +delete$/m);
    const [newest] = (await jarvis(["runs", "list", "--json", "--limit", "1"])).stdout.split("\n");
    const { id } = JSON.parse(newest!) as { id: string };
    for (const args of [
      ["runs", "show", id],
      ["runs", "show", id, "--json"],
    ])
      expect((await jarvis(args)).stdout).toBe((await local(args)).stdout);
    const missing = await jarvis(["runs", "show", "run_missing"]);
    expect([missing.code, missing.stderr.trim()]).toEqual([
      1,
      "NOT_FOUND: no run run_missing (see `jarvis runs list`)",
    ]);
  }, 120_000);
});

describe("the supervisor", () => {
  it("restarts a crashing part with back-off and says so in doctor and the service status", async () => {
    const added = await jarvis([
      "routines",
      "add",
      "--name",
      "work mail",
      "--on-mail-from",
      "boss",
      "--say",
      "Mail from the boss",
    ]);
    expect(added.code, added.stderr).toBe(0);
    await eventually("a restart", async () => {
      const { body } = await service.api<{ parts: Array<{ name: string; restarts: number }> }>(
        "GET",
        "/api/service",
      );
      return (body.parts.find((p) => p.name === "observer:mail")?.restarts ?? 0) >= 1;
    });
    const doctor = await jarvis(["doctor", "--json"]);
    const check = doctor.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { name: string; status: string; detail: string })
      .find((c) => c.name === "service");
    expect(check).toMatchObject({
      status: "warn",
      detail: expect.stringMatching(/observer:mail restart(ing|ed) \d+× \(.*connection refused/),
    });
    const status = await jarvis(["service", "status"]);
    expect(status.stdout).toMatch(
      /observer:mail (RESTARTING \(\d+ restarts, retrying in \d+ s; last error: .*connection refused|running \(\d+ restarts\))/,
    );
    await jarvis(["routines", "remove", "work mail"]);
  }, 90_000);
});

describe("zero tokens when idle", () => {
  it("an idle or silent routine asks no model; only the one that asks the agent does, and its tokens are accounted", async () => {
    const at = new Date(Date.now() + 15_000).toISOString(); // a CLI start on a busy machine takes seconds
    const silent = await jarvis([
      "routines",
      "add",
      "--name",
      "silent",
      "--at",
      at,
      "--if",
      "time.hour gt 99",
      "--ask",
      "never asked",
      "--json",
    ]);
    expect(silent.code, silent.stderr).toBe(0);
    const pdf = await jarvis([
      "routines",
      "add",
      "--name",
      "pdfs",
      "--on-file",
      join(temp.home, "Downloads"),
      "--file-pattern",
      "*.pdf",
      "--say",
      "A new PDF arrived: {{file.name}}",
      "--json",
    ]);
    expect(pdf.code, pdf.stderr).toBe(0);
    const brief = await jarvis([
      "routines",
      "add",
      "--name",
      "brief",
      "--on-webhook",
      "--ask",
      "tell me the weather and my first meeting",
      "--json",
    ]);
    const briefId = (JSON.parse(brief.stdout) as { routine: { id: string } }).routine.id;
    const silentId = (JSON.parse(silent.stdout) as { routine: { id: string } }).routine.id;
    await eventually(
      "the silent firing",
      async () => {
        const { body } = await service.api<{ routine: { runs: Array<{ status: string }> } }>(
          "GET",
          `/api/routines/${silentId}`,
        );
        return body.routine.runs[0]?.status === "skipped";
      },
      45_000,
    );
    writeFileSync(join(temp.home, "Downloads", "invoice.pdf"), "%PDF-1.4\n");
    writeFileSync(join(temp.home, "Downloads", "notes.txt"), "not a pdf");
    await eventually("the PDF alert", () => alertsShown("pdfs").length > 0);
    expect(alertsShown("pdfs").at(-1)?.at(-1)).toBe("A new PDF arrived: invoice.pdf");
    expect(fake.requests).toHaveLength(0);

    const hook = await jarvis(["routines", "show", briefId, "--token", "--json"]);
    const { token } = (JSON.parse(hook.stdout) as { hook: { token: string } }).hook;
    const call = await fetch(`${service.url}/hooks/${briefId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.status).toBe(202);
    await eventually("the brief's answer on the desktop", () => alertsShown("brief").length > 0);
    expect(alertsShown("brief")[0]?.at(-1)).toBe("Clear skies; your first meeting is at nine.");
    expect(fake.requests).toHaveLength(1);
    const shown = JSON.parse((await jarvis(["routines", "show", briefId, "--json"])).stdout) as {
      totals: { tokensIn: number; tokensOut: number; runs: number };
    };
    expect(shown.totals).toMatchObject({ tokensIn: 120, tokensOut: 12, runs: 1 });
    const pdfRuns = JSON.parse((await jarvis(["routines", "show", "pdfs", "--json"])).stdout) as {
      totals: { tokensIn: number; runs: number };
    };
    expect(pdfRuns.totals).toMatchObject({ tokensIn: 0, runs: 1 });
  }, 120_000);
});

describe("kill -9 and a restart", () => {
  it("resumes the interrupted routine run without repeating its side effect, and reports a timer due while down as missed", async () => {
    const added = await jarvis([
      "routines",
      "add",
      "--name",
      "three steps",
      "--on-webhook",
      "--call",
      'probe_write {"key": "first"}',
      "--call",
      'probe_read {"key": "slow", "delay_ms": 4000}',
      "--call",
      'probe_write {"key": "last"}',
      "--grant",
      "probe_write",
      "--json",
    ]);
    const id = (JSON.parse(added.stdout) as { routine: { id: string } }).routine.id;
    const { token } = (
      JSON.parse((await jarvis(["routines", "show", id, "--token", "--json"])).stdout) as {
        hook: { token: string };
      }
    ).hook;
    expect((await jarvis(["ask", "set a timer for 3 seconds"])).code).toBe(0);
    await fetch(`${service.url}/hooks/${id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    await eventually("the slow step to start", () =>
      readProbeLog(temp.jarvisHome).includes("read-start slow"),
    );
    service.child.kill("SIGKILL");
    await service.exited;
    stopped.push(service);
    await new Promise((resolve) => setTimeout(resolve, 4_000)); // the timer comes due while down

    service = await startService(env);
    await eventually(
      "the resumed run to finish",
      () => readProbeLog(temp.jarvisHome).includes("write last"),
      30_000,
    );
    const log = readProbeLog(temp.jarvisHome);
    expect(log.filter((line) => line === "write first")).toHaveLength(1);
    expect(log.filter((line) => line === "write last")).toHaveLength(1);
    const shown = JSON.parse((await jarvis(["routines", "show", id, "--json"])).stdout) as {
      runs: Array<{ status: string; runId: string }>;
    };
    expect(shown.runs).toHaveLength(1);
    expect(shown.runs[0]).toMatchObject({ status: "finished" });
    const run = JSON.parse((await jarvis(["runs", "show", shown.runs[0]!.runId, "--json"])).stdout) as {
      source: string;
      steps: Array<{ tool?: string; status: string }>;
    };
    expect(run.source).toBe("routine");
    expect(run.steps.filter((s) => s.tool).map((s) => [s.tool, s.status])).toEqual([
      ["probe_write", "done"],
      ["probe_read", "skipped"],
      ["probe_read", "done"],
      ["probe_write", "done"],
    ]);
    const missed = await eventually("the missed timer", () => alertsShown("Missed timer").at(-1));
    expect(missed.at(-1)).toMatch(/^Missed timer \(3 seconds\): it ended \d+ s ago\.$/);
    const status = await jarvis(["service", "status"]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/running at http:\/\/127\.0\.0\.1:\d+ \(pid \d+/);
    expect(status.stdout).toMatch(/delivery running/);
  }, 180_000);
});
