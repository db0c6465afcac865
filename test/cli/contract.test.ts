import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTempHome,
  FakeOpenAIServer,
  hasPrograms,
  PROBE_BIN,
  REPO_ROOT,
  readProbeLog,
  reply,
  runJarvis,
  type TempHome,
} from "../../src/testing/index.js";
import { runOnTerminal } from "../../src/testing/terminal.js";

/**
 * The CLI as a person meets it: answering the prompt on a real terminal, no terminal at all,
 * the documented exit codes. Requests go to a fake model (over a real socket) that proposes
 * the probe tools, which count their effects; `probe_danger` always asks first.
 */
const terminal = hasPrograms(["python3"], "python3");
let temp: TempHome;
let fake: FakeOpenAIServer;

beforeEach(async () => {
  temp = createTempHome("jarvis-contract-");
  fake = await FakeOpenAIServer.start([]);
});
afterEach(async () => {
  await fake.close();
  temp.cleanup();
});

function env(): NodeJS.ProcessEnv {
  return {
    ...temp.env,
    JARVIS_MODEL_PROVIDER: "openai-compatible",
    JARVIS_MODEL_BASE_URL: fake.url,
    JARVIS_MODEL: "fake-1",
  };
}

const jarvis = (args: string[]) => runJarvis(args, { env: env(), probes: true, timeoutMs: 60_000 });
const SLOW = { timeout: 120_000 };

describe.skipIf(!terminal)("answering on a terminal", SLOW, () => {
  it.each([
    ["ask", "y"],
    ["ask", "yes"],
  ])("`jarvis %s`: typing %j approves", async (_command, answer) => {
    fake.push(reply.call("probe_danger", { key: "asked" }), reply.text("Done it."));
    const run = runOnTerminal([process.execPath, PROBE_BIN, "ask", "probe task asked"], env());
    await run.waitFor(/Key: asked[\s\S]*Allow\? \[y\]es/);
    run.type(`${answer}\r`);
    expect(await run.exited, run.output).toBe(0);
    expect(run.output).toContain("Done it.");
    expect(readProbeLog(temp.jarvisHome)).toEqual(["danger asked"]);
  });

  it("`jarvis tools call`: typing yes approves; n denies with exit 3", async () => {
    const call = (key: string) => [
      process.execPath,
      PROBE_BIN,
      "tools",
      "call",
      "probe_danger",
      "--args",
      JSON.stringify({ key }),
    ];
    const yes = runOnTerminal(call("typed"), env());
    await yes.waitFor(/Allow\?/);
    yes.type("yes\r");
    expect(await yes.exited, yes.output).toBe(0);
    const no = runOnTerminal(call("refused"), env());
    await no.waitFor(/Allow\?/);
    no.type("n\r");
    expect(await no.exited, no.output).toBe(3);
    expect(no.output).toMatch(/USER_DENIED: Okay, I didn't run it\./);
    expect(readProbeLog(temp.jarvisHome)).toEqual(["danger typed"]);
  });

  it("exits 3 when the question times out unanswered", async () => {
    temp.writeConfig("policy:\n  confirm_timeout_s: 1\n");
    fake.push(reply.call("probe_danger", { key: "late" }), reply.text("Nothing happened."));
    const run = runOnTerminal([process.execPath, PROBE_BIN, "ask", "probe task late"], env());
    expect(await run.exited, run.output).toBe(3);
    expect(run.output).toMatch(/no answer/);
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);
  });
});

describe("with no terminal", SLOW, () => {
  it("prints the exact preview, says how to approve, denies, and exits 3", async () => {
    fake.push(reply.call("probe_danger", { key: "piped" }), reply.text("I could not."));
    const run = await jarvis(["ask", "probe task piped"]);
    expect(run.code, run.stderr).toBe(3);
    // The question in words, the exact call, why it asks; no tool name, tier or gate reason
    expect(run.stderr).toMatch(
      /-- Delete the test record piped\? --\n {2}Key: piped\nWhy: It deletes something, so I check with you first\.\n/,
    );
    expect(run.stderr).not.toMatch(/probe_danger|dangerous|smart/);
    expect(run.stderr).toMatch(/no terminal to ask on\. Run it again with --yes to approve it/);
    expect(run.stderr).not.toMatch(/\u001b\[|⚙|✓/); // neither colour nor symbols in a pipe
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);
    const call = await jarvis(["tools", "call", "probe_danger", "--args", '{"key": "piped"}']);
    expect(call.code).toBe(3);
    expect(call.stderr).toMatch(/Key: piped[\s\S]*--yes[\s\S]*USER_DENIED/);
    // --verbose names the tool, its tier and the gate's reason under the question
    fake.push(reply.call("probe_danger", { key: "piped" }), reply.text("I could not."));
    const verbose = await jarvis(["ask", "probe task piped", "--verbose"]);
    expect(verbose.stderr).toMatch(/Why: .*\n\(probe_danger, dangerous: probe_danger is dangerous/);
  });
});

describe("exit codes of a turn", SLOW, () => {
  it("3 when policy denied a call, even if the turn then finished", async () => {
    temp.writeConfig("policy:\n  tools:\n    probe_danger: deny\n");
    fake.push(reply.call("probe_danger", { key: "x" }), reply.text("Your settings do not allow that."));
    const run = await jarvis(["ask", "probe task forbidden"]);
    expect(run.code, run.stderr).toBe(3);
    expect(run.stdout).toContain("Your settings do not allow that.");
  });

  it("3 when the user said no (--no), 0 when approved (--yes)", async () => {
    fake.push(reply.call("probe_danger", { key: "n" }), reply.text("Skipped."));
    expect((await jarvis(["ask", "--no", "probe task n"])).code).toBe(3);
    fake.push(reply.call("probe_danger", { key: "y" }), reply.text("Done."));
    expect((await jarvis(["ask", "--yes", "probe task y"])).code).toBe(0);
    expect(readProbeLog(temp.jarvisHome)).toEqual(["danger y"]);
  });

  it("1 when the turn fails, with one line naming the code", async () => {
    fake.push(reply.text(""), reply.text(""), reply.text(""));
    const run = await jarvis(["ask", "probe task empty"]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      "MODEL_INVALID: the model kept returning empty answers",
    );
  });

  it("lists the denied run as denied, and the failed one as failed", async () => {
    fake.push(reply.call("probe_danger", { key: "d" }), reply.text("Skipped."));
    await jarvis(["ask", "--no", "probe task denied"]);
    fake.push(reply.text(""), reply.text(""), reply.text(""));
    await jarvis(["ask", "probe task failing"]);
    const listed = await jarvis(["runs", "list", "--json"]);
    const states = listed.stdout
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { input: string; status: string }).status);
    expect(states).toEqual(["failed", "denied"]);
    expect((await jarvis(["runs", "list", "--status", "denied"])).stdout).toContain("probe task denied");
  });
});

describe("the command itself", SLOW, () => {
  it("says its version (package.json's)", async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      version: string;
    };
    const run = await runJarvis(["--version"], { env: temp.env });
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("shows examples in its help", async () => {
    const run = await runJarvis(["--help"], { env: temp.env });
    expect(run.stdout).toMatch(/Examples:\n {2}jarvis ask "/);
    expect(run.stdout).toMatch(/Exit codes: 0 ok, 1 error, 2 usage, 3 denied/);
    expect((await runJarvis(["ask", "--help"], { env: temp.env })).stdout).toMatch(/Examples:/);
  });

  it.each([[["tools", "list"]], [["--help"]], [["runs", "list"]]])(
    "survives a closed pipe: jarvis %j | head -1",
    async (args) => {
      if (args[0] === "runs")
        for (const key of ["a", "b"])
          await jarvis(["tools", "call", "probe_read", "--args", JSON.stringify({ key })]);
      const { JARVIS_BIN } = await import("../../src/testing/cli.js");
      const child = spawn(process.execPath, [JARVIS_BIN, ...args], {
        env: temp.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        stderr += chunk;
      });
      child.stdout.once("data", () => child.stdout.destroy()); // `head -1` has read its line
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
      expect(code).toBe(0);
    },
  );
});

/** A Node older than the project needs, when this machine has one (Debian's `nodejs`, say). */
function olderNode(): string | undefined {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node"]) {
    try {
      const version = execFileSync(candidate, ["--version"], { encoding: "utf8" }).trim();
      if (Number(version.replace(/^v/, "").split(".")[0]) < 22) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const OLD_NODE = olderNode();

describe.skipIf(!OLD_NODE)(`under an older Node (${OLD_NODE})`, SLOW, () => {
  it("runs on the project's own Node, exit codes and pipes included", async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          OLD_NODE!,
          [join(REPO_ROOT, "bin", "jarvis.js"), ...args],
          { env: temp.env },
          (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
        );
      });
    const version = await run(["--version"]);
    expect(version).toMatchObject({ code: 0, stderr: "" });
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const usage = await run(["ask"]);
    expect(usage.code).toBe(2);
    expect((await run(["runs", "list"])).stderr).toBe("no runs yet\n");
  });

  it("without the project's own Node, says in one line what to do instead of crashing", async () => {
    const bare = mkdtempSync(join(tmpdir(), "jarvis-bare-"));
    try {
      mkdirSync(join(bare, "bin"));
      copyFileSync(join(REPO_ROOT, "bin", "jarvis.js"), join(bare, "bin", "jarvis.js"));
      const result = spawnSync(OLD_NODE!, [join(bare, "bin", "jarvis.js"), "runs", "list"], {
        encoding: "utf8",
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(
          /^UNAVAILABLE: Jarvis needs Node\.js 22\.3 or newer and this is v\d+.* \(install Node 24 LTS, or run `npm install`/,
        ),
      ]);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it("`npx jarvis` prints no engine warning", async () => {
    const npx = join(dirname(OLD_NODE!), "npx");
    const result = spawnSync(npx, ["--no-install", "jarvis", "--version"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      env: { ...temp.env, PATH: `${dirname(OLD_NODE!)}:/usr/bin:/bin` },
    });
    expect(result.stderr).not.toMatch(/EBADENGINE|Unsupported engine/);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
