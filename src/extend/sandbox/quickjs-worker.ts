/**
 * Runs INSIDE the sandbox (standalone: Node built-ins and quickjs-emscripten only, so it runs
 * from source or from dist). Evaluates untrusted JavaScript in QuickJS — a separate
 * interpreter compiled to WebAssembly with no file system, network or process access — with a
 * memory limit, a stack limit and a CPU budget. The only door out is `jarvis.call(tool, args)`,
 * which asks the parent, and the parent sends the call through the gate.
 *
 * Protocol: JSON lines on stdin/stdout.
 *   in:  {type:"run", id, code, args, capabilities, limits:{memoryBytes, cpuMs, stackBytes}}
 *        {type:"capability_result", id, call, ok, value?, error?}
 *   out: {type:"ready"} · {type:"capability", id, call, name, args}
 *        {type:"done", id, ok, value?, error?:{kind, message}, logs}
 */
import { createInterface } from "node:readline";
import {
  newQuickJSWASMModule,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  RELEASE_SYNC,
} from "quickjs-emscripten";

interface RunMessage {
  type: "run";
  id: number;
  code: string;
  args: unknown;
  capabilities: string[];
  limits: { memoryBytes: number; cpuMs: number; stackBytes: number };
}

interface CapabilityResult {
  type: "capability_result";
  id: number;
  call: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

const MAX_LOG_CHARS = 16_000;
const MAX_RESULT_CHARS = 1_000_000;

function send(message: unknown): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/** One evaluation: a fresh runtime and context, nothing shared with the previous one. */
class Evaluation {
  private readonly runtime: QuickJSRuntime;
  private readonly vm: QuickJSContext;
  private readonly pending = new Map<number, QuickJSDeferredPromise>();
  private readonly logs: string[] = [];
  private logChars = 0;
  private calls = 0;
  private usedMs = 0;
  private sliceStart = 0;
  private overBudget = false;
  // No constructor parameter properties: Node's type stripping runs this file from source.
  private readonly message: RunMessage;

  constructor(module: Awaited<ReturnType<typeof newQuickJSWASMModule>>, message: RunMessage) {
    this.message = message;
    this.runtime = module.newRuntime();
    this.runtime.setMemoryLimit(message.limits.memoryBytes);
    this.runtime.setMaxStackSize(message.limits.stackBytes);
    this.runtime.setInterruptHandler(() => {
      if (this.usedMs + (Date.now() - this.sliceStart) > this.message.limits.cpuMs) this.overBudget = true;
      return this.overBudget;
    });
    this.vm = this.runtime.newContext();
    this.inVm(() => this.installGlobals());
  }

  async run(): Promise<void> {
    const { vm } = this;
    let done: { ok: boolean; value?: unknown; error?: { kind: string; message: string } };
    try {
      const entry = this.inVm(() =>
        vm.evalCode(
          `${this.message.code}\n;globalThis.__entry = typeof run === "function" ? run : undefined;`,
          "tool.js",
        ),
      );
      if (entry.error) throw this.failure(entry.error);
      entry.value.dispose();
      const started = this.inVm(() =>
        vm.evalCode(
          'if (typeof __entry !== "function") throw new Error("the code defines no function run(args)");\n' +
            "Promise.resolve(__entry(JSON.parse(__args)))",
          "call.js",
        ),
      );
      if (started.error) throw this.failure(started.error);
      const settled = vm.resolvePromise(started.value);
      started.value.dispose();
      this.pump();
      const result = await settled;
      if (result.error) throw this.failure(result.error);
      const value = vm.dump(result.value);
      result.value.dispose();
      const text = JSON.stringify(value ?? null);
      if (text.length > MAX_RESULT_CHARS) {
        done = {
          ok: false,
          error: { kind: "output", message: `the result is larger than ${MAX_RESULT_CHARS} characters` },
        };
      } else {
        done = { ok: true, value: value ?? null };
      }
    } catch (error) {
      done = { ok: false, error: classify(error as Error, this.overBudget) };
    }
    send({ type: "done", id: this.message.id, ...done, logs: this.logs });
    this.dispose();
  }

  answer(result: CapabilityResult): void {
    const deferred = this.pending.get(result.call);
    if (!deferred) return;
    this.pending.delete(result.call);
    const { vm } = this;
    if (result.ok) {
      const handle = this.toHandle(result.value);
      deferred.resolve(handle);
      handle.dispose();
    } else {
      const error = vm.newError(String(result.error ?? "the call was refused"));
      deferred.reject(error);
      error.dispose();
    }
    deferred.dispose();
    this.pump();
  }

  private installGlobals(): void {
    const { vm } = this;
    const args = vm.newString(JSON.stringify(this.message.args ?? {}));
    vm.setProp(vm.global, "__args", args);
    args.dispose();
    const consoleObject = vm.newObject();
    const log = vm.newFunction("log", (...parts: QuickJSHandle[]) => {
      const line = parts.map((part) => String(vm.dump(part))).join(" ");
      if (this.logChars < MAX_LOG_CHARS) this.logs.push(line.slice(0, MAX_LOG_CHARS - this.logChars));
      this.logChars += line.length;
    });
    vm.setProp(consoleObject, "log", log);
    vm.setProp(consoleObject, "error", log);
    vm.setProp(vm.global, "console", consoleObject);
    log.dispose();
    consoleObject.dispose();
    const jarvis = vm.newObject();
    const call = vm.newFunction("call", (nameHandle: QuickJSHandle, argsHandle?: QuickJSHandle) => {
      const name = vm.getString(nameHandle);
      const callArgs = argsHandle ? vm.dump(argsHandle) : {};
      this.calls += 1;
      const deferred = vm.newPromise();
      this.pending.set(this.calls, deferred);
      send({ type: "capability", id: this.message.id, call: this.calls, name, args: callArgs });
      return deferred.handle;
    });
    vm.setProp(jarvis, "call", call);
    const capabilities = this.toHandle(this.message.capabilities);
    vm.setProp(jarvis, "capabilities", capabilities);
    capabilities.dispose();
    call.dispose();
    vm.setProp(vm.global, "jarvis", jarvis);
    jarvis.dispose();
  }

  /** Runs VM work while counting its time against the CPU budget. */
  private inVm<T>(work: () => T): T {
    this.sliceStart = Date.now();
    try {
      return work();
    } finally {
      this.usedMs += Date.now() - this.sliceStart;
    }
  }

  private pump(): void {
    this.inVm(() => {
      const jobs = this.runtime.executePendingJobs();
      if (jobs.error) jobs.error.dispose();
    });
  }

  private toHandle(value: unknown): QuickJSHandle {
    const text = this.vm.newString(JSON.stringify(value ?? null));
    const parse = this.vm.getProp(this.vm.global, "JSON");
    const parseFn = this.vm.getProp(parse, "parse");
    const result = this.vm.callFunction(parseFn, parse, text);
    text.dispose();
    parseFn.dispose();
    parse.dispose();
    return this.vm.unwrapResult(result);
  }

  private failure(handle: QuickJSHandle): Error {
    const dumped = this.vm.dump(handle) as { name?: string; message?: string } | string;
    handle.dispose();
    if (typeof dumped === "object" && dumped) {
      const error = new Error(String(dumped.message ?? "error"));
      error.name = String(dumped.name ?? "Error");
      return error;
    }
    return new Error(String(dumped));
  }

  private dispose(): void {
    for (const deferred of this.pending.values()) deferred.dispose();
    this.pending.clear();
    try {
      this.vm.dispose();
      this.runtime.dispose();
    } catch {
      // a leaked handle must not take the worker down; the next run gets a new runtime
    }
  }
}

function classify(error: Error, overBudget: boolean): { kind: string; message: string } {
  const message = `${error.name && error.name !== "Error" ? `${error.name}: ` : ""}${error.message}`.slice(
    0,
    2000,
  );
  if (overBudget || /interrupted/i.test(error.message))
    return { kind: "timeout", message: "the CPU-time limit was reached" };
  if (/out of memory/i.test(error.message))
    return { kind: "memory", message: "the memory limit was reached" };
  if (/stack overflow/i.test(error.message))
    return { kind: "memory", message: "the stack limit was reached" };
  return { kind: "error", message };
}

async function main(): Promise<void> {
  const module = await newQuickJSWASMModule(RELEASE_SYNC);
  let current: Evaluation | undefined;
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    let message: RunMessage | CapabilityResult;
    try {
      message = JSON.parse(line) as RunMessage | CapabilityResult;
    } catch {
      return;
    }
    if (message.type === "run") {
      let running: Evaluation;
      try {
        running = new Evaluation(module, message);
      } catch (error) {
        send({ type: "done", id: message.id, ok: false, error: classify(error as Error, false), logs: [] });
        return;
      }
      current = running;
      void running.run().finally(() => {
        if (current === running) current = undefined;
      });
    } else if (message.type === "capability_result") {
      current?.answer(message);
    }
  });
  lines.on("close", () => process.exit(0));
  send({ type: "ready" });
}

main().catch((error: unknown) => {
  process.stderr.write(`quickjs worker: ${(error as Error).message}\n`);
  process.exit(125);
});
