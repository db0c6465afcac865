import { existsSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { type Logger, silentLogger } from "../../core/logger.js";
import { packageDir, sandboxScript } from "./layout.js";
import type { Sandbox, SandboxProcess } from "./sandbox.js";

/** What a capability call returned, as the JavaScript inside sees it. */
export interface CapabilityReply {
  ok: boolean;
  value?: unknown;
  /** Why it was refused or failed (becomes the rejection's message inside). */
  error?: string;
}

export interface JsRequest {
  code: string;
  args: unknown;
  /** Names the code may pass to `jarvis.call` (the caller still decides each call). */
  capabilities: readonly string[];
  onCapability(name: string, args: unknown): Promise<CapabilityReply>;
  limits?: { memoryMb?: number; cpuMs?: number };
  signal?: AbortSignal;
}

export type JsErrorKind = "timeout" | "memory" | "error" | "output" | "crashed" | "cancelled";

export interface JsResult {
  ok: boolean;
  value?: unknown;
  error?: { kind: JsErrorKind; message: string };
  logs: string[];
  capabilityCalls: number;
  durationMs: number;
}

const QUICKJS_PACKAGES = [
  "quickjs-emscripten",
  "quickjs-emscripten-core",
  "@jitl/quickjs-ffi-types",
  "@jitl/quickjs-wasmfile-release-sync",
  "@jitl/quickjs-wasmfile-debug-sync",
  "@jitl/quickjs-wasmfile-release-asyncify",
  "@jitl/quickjs-wasmfile-debug-asyncify",
];

interface Worker {
  /** Set once the sandbox has started it. */
  process?: SandboxProcess;
  ready: Promise<void>;
  handlers: Set<(message: WorkerMessage) => void>;
  dead: boolean;
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "capability"; id: number; call: number; name: string; args: unknown }
  | {
      type: "done";
      id: number;
      ok: boolean;
      value?: unknown;
      error?: { kind: JsErrorKind; message: string };
      logs: string[];
    };

/**
 * JavaScript in QuickJS, in a child process inside the sandbox (no paths granted, no
 * network): two walls, each enough alone. The child stays warm between calls; each call gets
 * a fresh QuickJS runtime. Calls run one at a time; a call that overruns kills the child
 * (the next call starts a new one).
 */
export class JsSandbox {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private sequence = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly idleMs: number;
  private readonly logger: Logger;

  constructor(
    private readonly sandbox: Sandbox,
    options: { idleMs?: number; logger?: Logger } = {},
  ) {
    this.idleMs = options.idleMs ?? 120_000;
    this.logger = options.logger ?? silentLogger;
  }

  /** Starts the child now (so the first call does not pay for it). */
  async warm(): Promise<void> {
    await this.ensureWorker().ready;
  }

  run(request: JsRequest): Promise<JsResult> {
    const next = this.queue.then(() => this.runNow(request));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.stopWorker();
    await this.queue.catch(() => undefined);
  }

  private async runNow(request: JsRequest): Promise<JsResult> {
    const started = Date.now();
    if (request.signal?.aborted) return failed("cancelled", "cancelled", started);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = this.ensureWorker();
    try {
      await worker.ready;
    } catch (error) {
      this.stopWorker();
      throw error;
    }
    this.sequence += 1;
    const id = this.sequence;
    const cpuMs = request.limits?.cpuMs ?? 5_000;
    let calls = 0;
    const result = await new Promise<JsResult>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (outcome: JsResult) => {
        if (timer) clearTimeout(timer);
        worker.handlers.delete(handler);
        request.signal?.removeEventListener("abort", onAbort);
        resolve(outcome);
      };
      // The worker's own CPU budget stops runaway code; this wall clock (paused while a
      // capability is with the parent, which may be asking the user) catches a stuck child.
      const arm = () => {
        timer = setTimeout(() => {
          this.stopWorker();
          finish({ ...failed("timeout", "the time limit was reached", started), capabilityCalls: calls });
        }, cpuMs + 3_000);
      };
      const onAbort = () => {
        this.stopWorker();
        finish({ ...failed("cancelled", "cancelled", started), capabilityCalls: calls });
      };
      const handler = (message: WorkerMessage) => {
        if (message.type === "done" && message.id === id) {
          finish({
            ok: message.ok,
            ...(message.ok ? { value: message.value } : {}),
            ...(message.error ? { error: message.error } : {}),
            logs: message.logs ?? [],
            capabilityCalls: calls,
            durationMs: Date.now() - started,
          });
        } else if (message.type === "capability" && message.id === id) {
          calls += 1;
          if (timer) clearTimeout(timer);
          void this.answer(worker, request, message).finally(arm);
        }
      };
      worker.handlers.add(handler);
      worker.process?.result.then((end) => {
        if (worker.handlers.has(handler)) {
          const why = end.stopped?.message ?? lastLines(end.stderr);
          finish({
            ...failed("crashed", `the sandboxed interpreter stopped${why ? ` (${why})` : ""}`, started),
            capabilityCalls: calls,
          });
        }
      });
      request.signal?.addEventListener("abort", onAbort, { once: true });
      arm();
      this.send(worker, {
        type: "run",
        id,
        code: request.code,
        args: request.args ?? {},
        capabilities: request.capabilities,
        limits: {
          memoryBytes: (request.limits?.memoryMb ?? 64) * 1024 * 1024,
          cpuMs,
          stackBytes: 512 * 1024,
        },
      });
    });
    this.scheduleIdle();
    return result;
  }

  private async answer(
    worker: Worker,
    request: JsRequest,
    message: { id: number; call: number; name: string; args: unknown },
  ): Promise<void> {
    let reply: CapabilityReply;
    try {
      reply = await request.onCapability(String(message.name), message.args);
    } catch (error) {
      reply = { ok: false, error: (error as Error).message };
    }
    this.send(worker, { type: "capability_result", id: message.id, call: message.call, ...reply });
  }

  private send(worker: Worker, message: unknown): void {
    if (!worker.dead) worker.process?.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private ensureWorker(): Worker {
    if (this.worker && !this.worker.dead) return this.worker;
    const script = sandboxScript("quickjs-worker");
    const handlers = new Set<(message: WorkerMessage) => void>();
    let buffered = "";
    let markReady: () => void = () => undefined;
    let markFailed: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    ready.catch(() => undefined);
    const dispatch = (line: string) => {
      let message: WorkerMessage;
      try {
        message = JSON.parse(line) as WorkerMessage;
      } catch {
        return;
      }
      if (message.type === "ready") markReady();
      for (const handler of [...handlers]) handler(message);
    };
    const worker: Worker = { ready, handlers, dead: false };
    const starting = this.sandbox.start({
      argv: script.argv,
      internal: [...script.read, ...quickjsPackageDirs()],
      keepStdin: true,
      onStdout: (chunk) => {
        buffered += chunk.toString("utf8");
        let newline = buffered.indexOf("\n");
        while (newline >= 0) {
          dispatch(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
          newline = buffered.indexOf("\n");
        }
      },
      limits: {
        wallMs: 24 * 3_600_000,
        cpuSeconds: 3_600,
        // Node reserves far more address space than it uses: without a cgroup only a loose
        // RLIMIT_DATA applies, and QuickJS's own memory limit is the one that binds.
        memoryMb: this.sandbox.support.cgroups?.memoryParent ? 384 : 4_096,
        processes: 48,
        outputBytes: Number.MAX_SAFE_INTEGER,
      },
    });
    worker.ready = starting.then(async (process) => {
      worker.process = process;
      if (worker.dead) process.kill();
      process.result.then((end) => {
        worker.dead = true;
        markFailed(
          new JarvisError(
            "UNAVAILABLE",
            `the JavaScript sandbox could not start: ${lastLines(end.stderr) || `exit ${end.exitCode}`}`,
            {
              fix: "run `jarvis doctor`",
            },
          ),
        );
        if (this.worker === worker) this.worker = undefined;
      });
      await ready;
    });
    worker.ready.catch(() => {
      worker.dead = true;
    });
    this.worker = worker;
    this.logger.debug("QuickJS worker starting");
    return worker;
  }

  private stopWorker(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    worker.dead = true;
    worker.process?.kill();
  }

  private scheduleIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stopWorker(), this.idleMs);
    this.idleTimer.unref();
  }
}

function failed(kind: JsErrorKind, message: string, started: number): JsResult {
  return {
    ok: false,
    error: { kind, message },
    logs: [],
    capabilityCalls: 0,
    durationMs: Date.now() - started,
  };
}

/** The installed QuickJS packages (bound read-only into the sandbox so the worker can load them). */
function quickjsPackageDirs(): string[] {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("quickjs-emscripten");
  const main = packageDir(entry, "quickjs-emscripten");
  const roots = [dirname(main), join(main, "node_modules")];
  const dirs = new Set<string>([realpathSync(main)]);
  for (const name of QUICKJS_PACKAGES.slice(1)) {
    const found = roots.map((root) => join(root, name)).find((dir) => existsSync(dir));
    if (found) dirs.add(realpathSync(found));
  }
  return [...dirs];
}

function lastLines(text: string): string {
  return text.trim().split("\n").slice(-6).join(" | ").slice(0, 600);
}
