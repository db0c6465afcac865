import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import type { NluResult } from "../../src/brain/nlu/types.js";
import { silentLogger } from "../../src/core/logger.js";
import type { ToolDefinition } from "../../src/core/tool.js";
import type { Notifier } from "../../src/platform/types.js";
import { createServer, type JarvisServer } from "../../src/server/index.js";
import { startTasks } from "../../src/tasks/service.js";
import { liveSurface } from "../../src/tasks/surfaces.js";
import { TasksLink } from "../../src/tasks/tools.js";
import { type AgentHarness, createAgentHarness } from "../../src/testing/agent-harness.js";
import { JARVIS_BIN, REPO_ROOT } from "../../src/testing/cli.js";
import { probeTools } from "../../src/testing/probe-tools.js";
import { ScriptedModel } from "../../src/testing/scripted-model.js";
import { TableNlu } from "../../src/testing/table-nlu.js";
import { LAUNCH_FLAGS } from "../../src/tools/browser/launch.js";
import type { ToolDeps } from "../../src/tools/deps.js";
import { createFilesTools } from "../../src/tools/files/index.js";
import { speaking } from "../../src/tools/groups.js";
import { GROUP_SPEECH } from "../../src/tools/speech.js";

export const UI_DIR = join(REPO_ROOT, "dist", "ui");
export const CHROMIUM = "/usr/bin/chromium";
/** The UI under test runs in Chromium started as the browser tools start it. */
export const CHROMIUM_ARGS = LAUNCH_FLAGS;

export type NluTable = Record<string, Omit<NluResult, "text">>;

/** A confident single action, as the embedded NLU would parse it. */
export function action(tool: string, args: Record<string, unknown>): Omit<NluResult, "text"> {
  return { kind: "action", tool, args, confidence: 0.97 };
}

export interface ServerHarness extends AgentHarness {
  server: JarvisServer;
  url: string;
  token: string;
  model: ScriptedModel;
  /** The link `jarvis start` prints (token in the fragment). */
  openUrl: string;
}

export const TOKEN = "0123456789abcdef".repeat(4);

/**
 * A real server over a real agent, runtime, store, gate and audit in a temp home; the NLU is a
 * table and the model scripted, so turns are deterministic. Tools: files (real) and probes.
 */
export async function startServerHarness(
  options: {
    nlu?: NluTable;
    config?: string;
    uiDir?: string | null;
    tools?: (deps: ToolDeps) => ToolDefinition[];
    /** Run the service's tasks too (delivery of due items, routines), alerts on this notifier. */
    tasks?: { notifier: Notifier; link?: TasksLink };
  } = {},
): Promise<ServerHarness> {
  const model = new ScriptedModel([]);
  const agent = createAgentHarness({
    nlu: new TableNlu(options.nlu ?? {}),
    models: [{ label: "scripted:e2e", role: "primary", model }],
    ...(options.config !== undefined ? { config: options.config } : {}),
    tools:
      options.tools ??
      ((deps) => [...speaking(createFilesTools, GROUP_SPEECH.files!)(deps), ...probeTools(deps)]),
  });
  const server = await createServer({
    runtime: agent.runtime,
    turns: agent.agent,
    token: TOKEN,
    logger: silentLogger,
    port: 0,
    uiDir: options.uiDir === undefined ? UI_DIR : options.uiDir,
    defaultMetrics: false,
  });
  const url = await server.listen();
  const tasks = options.tasks
    ? await startTasks({
        runtime: agent.runtime,
        agent: agent.agent,
        broker: server.context.broker,
        link: options.tasks.link ?? new TasksLink(),
        notifier: options.tasks.notifier,
        observers: false,
        surfaces: [liveSurface((text) => server.context.live.broadcast(text))],
      })
    : undefined;
  server.context.tasks = tasks;
  return {
    ...agent,
    server,
    url,
    token: TOKEN,
    model,
    openUrl: `${url}/#token=${TOKEN}`,
    async close() {
      await tasks?.close();
      await server.close();
      await agent.close();
    },
  };
}

export function uiBuilt(): boolean {
  if (existsSync(join(UI_DIR, "index.html"))) return true;
  throw new Error("dist/ui is missing: run `npm run build` (or `npm run build:ui`) before these tests");
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Collects console errors and page errors, so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

export function auth(token = TOKEN): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** Spawns the real `jarvis start` (built CLI) and resolves once it printed its link. */
export function spawnStart(
  env: NodeJS.ProcessEnv,
  args: string[],
): Promise<{
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  url: string;
  openUrl: string;
  exited: Promise<number>;
}> {
  const child = spawn(process.execPath, [JARVIS_BIN, "start", "--no-open", ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no link printed:\n${stdout}\n${stderr}`));
    }, 20_000);
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const link = /^\s+(http:\/\/\S+\/#token=[0-9a-f]{64})$/m.exec(stdout);
      const url = /running at (http:\/\/\S+)$/m.exec(stdout);
      if (link && url) {
        clearTimeout(timer);
        resolve({
          child,
          stdout: () => stdout,
          stderr: () => stderr,
          url: url[1]!,
          openUrl: link[1]!,
          exited,
        });
      }
    });
    void exited.then((code) => reject(new Error(`exited ${code}:\n${stdout}\n${stderr}`)));
  });
}
