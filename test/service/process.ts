import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PROBE_BIN } from "../../src/testing/cli.js";

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  token: string;
  output(): string;
  exited: Promise<number | null>;
  api<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
}

/**
 * The service as the unit runs it (`jarvis start --service`, with the probe tools), a real child process on a random
 * loopback port; resolves once its parts (delivery, routines, observers) are up.
 */
export async function startService(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [PROBE_BIN, "start", "--service", "--port", "0"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  let url: string | undefined;
  while (!url) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the service did not start:\n${output}`);
    }
    url = /Jarvis service running at (http:\/\/\S+) \(pid \d+\)/.exec(output)?.[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = readFileSync(join(env.JARVIS_HOME!, "token"), "utf8").trim();
  const api = async <T>(method: string, path: string, body?: unknown, given = token) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${given}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
  };
  const running: ServiceProcess = { child, url, token, output: () => output, exited, api };
  for (;;) {
    const report = await api<{ parts?: Array<{ state: string }> }>("GET", "/api/service").catch(
      () => undefined,
    );
    if ((report?.body.parts?.length ?? 0) >= 2) return running;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the service's parts did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until `check` holds (real time), or throws with `what` and the last value seen. */
export async function eventually<T>(
  what: string,
  check: () => T | false | undefined | Promise<T | false | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | false | undefined;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function fileLines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
}
