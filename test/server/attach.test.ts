import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { JarvisEvent } from "../../src/core/events.js";
import { JARVIS_BIN, runJarvis } from "../../src/testing/cli.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { WsClient } from "./client.js";
import { spawnStart } from "./harness.js";

const children: ChildProcess[] = [];
const homes: TempHome[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(() => {
  for (const home of homes) home.cleanup();
});

function home(config = ""): TempHome {
  const temp = createTempHome("jarvis-attach-");
  homes.push(temp);
  if (config) temp.writeConfig(config);
  return temp;
}

/** `jarvis chat --attach` as a person would run it, typing lines when the test says so. */
function attach(env: NodeJS.ProcessEnv, args: string[] = []) {
  const child = spawn(process.execPath, [JARVIS_BIN, "chat", "--attach", ...args], {
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  const waiters: Array<() => void> = [];
  const changed = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    changed();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    changed();
  });
  const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    type: (line: string) => child.stdin!.write(`${line}\n`),
    /** Resolves when the output (stdout + stderr) after `from` characters matches. */
    async waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(stdout + stderr)) {
        if (Date.now() > deadline || child.exitCode !== null) {
          throw new Error(`no ${pattern} in:\n${stdout}\n---\n${stderr}`);
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("jarvis chat --attach", () => {
  it("refuses with one clear line when no server is running, and refuses bad flags", async () => {
    const temp = home(`server:\n  port: ${await freePort()}\n`);
    const none = await runJarvis(["chat", "--attach"], { env: temp.env });
    expect(none.code).toBe(1);
    const noService =
      /^UNAVAILABLE: no Jarvis service is running for .* \(start it with `jarvis service start`/;
    expect(none.stderr.trim()).toMatch(noService);
    expect(none.stderr.trim().split("\n")).toHaveLength(1);
    // a token and a server.json left by a server that is gone (killed, pid no longer alive)
    writeFileSync(join(temp.jarvisHome, "token"), `${"ab".repeat(32)}\n`, { mode: 0o600 });
    writeFileSync(
      join(temp.jarvisHome, "server.json"),
      JSON.stringify({ url: "http://127.0.0.1:1", pid: 2 ** 22 + 12_345, startedAt: 0 }),
    );
    const stale = await runJarvis(["chat", "--attach"], { env: temp.env });
    expect(stale.code).toBe(1);
    expect(stale.stderr.trim()).toMatch(noService);
    const badUrl = await runJarvis(["chat", "--attach", "--url", "ftp://x"], { env: temp.env });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr.trim()).toMatch(/^USAGE: --url "ftp:\/\/x" is not a server address/);
    const urlAlone = await runJarvis(["chat", "--url", "http://127.0.0.1:7777"], { env: temp.env });
    expect(urlAlone.code).toBe(2);
    expect(urlAlone.stderr.trim()).toBe("USAGE: --url needs --attach");
  });

  it("joins a running `jarvis start`: same session, confirmations from any window, timers, server stop", async () => {
    // every timer asks first, so the embedded defaults produce a confirmation
    const temp = home("policy:\n  tools:\n    timer_set: confirm\n");
    const server = await spawnStart(temp.env, ["--port", "0"]);
    children.push(server.child);
    const token = readFileSync(join(temp.jarvisHome, "token"), "utf8").trim();
    expect(JSON.parse(readFileSync(join(temp.jarvisHome, "server.json"), "utf8"))).toEqual({
      url: server.url,
      pid: server.child.pid,
      startedAt: expect.any(Number),
    });

    // 1. a terminal starts a turn and answers its confirmation
    const one = attach(temp.env);
    await one.waitFor(/Attached to Jarvis at http:\/\/127\.0\.0\.1:\d+, new session\./);
    one.type("/history");
    await one.waitFor(/no conversation yet \(it starts with your next message\)/);
    one.type("set a timer for 2 seconds");
    await one.waitFor(
      /-- Set a timer for 2 seconds\? --\n {2}Duration: 2 seconds\nWhy: Your settings ask before this action\.\nAllow\? \[y\]es/,
    );
    expect(one.stdout() + one.stderr()).not.toMatch(/timer_set|\(safe\)/);
    one.type("y");
    await one.waitFor(/Timer set for 2 seconds/);
    await one.waitFor(/⏰ Timer is done \(2 seconds\)\./, 10_000);
    // /history: the session's words, as `jarvis chat` prints them
    one.type("/history");
    await one.waitFor(/you: set a timer for 2 seconds\njarvis: Timer set for 2 seconds/);

    // 2. a second terminal joins that session; a browser tab asks there, the terminal answers
    const runs = await (
      await fetch(`${server.url}/api/runs?limit=1`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const sessionId = runs.runs[0].sessionId as string;
    const two = attach(temp.env);
    await two.waitFor(new RegExp(`Attached to Jarvis at .*, session ${sessionId}\\.`));
    const tab = await WsClient.open(server.url, { token });
    try {
      tab.send({ type: "turn", id: "t", text: "set a timer for 5 minutes", sessionId });
      await two.waitFor(/> \(web\) set a timer for 5 minutes/);
      await two.waitFor(/-- Set a timer for 5 minutes\? --/);
      await one.waitFor(/> \(web\) set a timer for 5 minutes[\s\S]*-- Set a timer for 5 minutes\? --/);
      two.type("n");
      const resolved = await tab.event("confirm_resolved");
      expect((resolved as Extract<JarvisEvent, { type: "confirm_resolved" }>).data.answer).toBe("deny");
      await two.waitFor(/not approved \(deny\)/);
      // the first terminal saw it answered elsewhere, and is asking nothing any more
      await one.waitFor(/\(answered elsewhere: deny\)/);
    } finally {
      tab.close();
    }

    // 3. end of input leaves quietly; a stopped server ends the other one with a clear line
    one.child.stdin!.end();
    expect(await one.exited).toBe(0);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(await two.exited).toBe(1);
    expect(two.stderr()).toMatch(/the connection to Jarvis closed \(was the server stopped\?\)/);
    expect(existsSync(join(temp.jarvisHome, "server.json"))).toBe(false);
    // the token never reaches the terminal's output
    expect(one.stdout() + one.stderr() + two.stdout() + two.stderr()).not.toContain(token);
  });
});
