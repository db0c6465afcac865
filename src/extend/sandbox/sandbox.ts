import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Writable } from "node:stream";
import { JarvisError } from "../../core/errors.js";
import { type Logger, silentLogger } from "../../core/logger.js";
import { bwrapArgs, INSIDE, launcherArgv, prlimitArgs, sandboxEnv } from "./bwrap-args.js";
import { CgroupJail, sweepStaleCgroups } from "./cgroups.js";
import { grant, hiddenWithin, normalizeLimits } from "./grants.js";
import { createHostLayout, type HostLayout, sandboxScript } from "./layout.js";
import { sandboxExecArgv } from "./macos.js";
import { NetProxy } from "./net-proxy.js";
import { describeConfinement, stopMessage, userTaskCount } from "./report.js";
import { seccompProgram } from "./seccomp.js";
import type { SandboxLimits, SandboxRequest, SandboxResult, SandboxSupport, StopLimit } from "./types.js";

const PROXY_PORT = 3128;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);
const SIGNAL_NUMBERS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGABRT: 6,
  SIGKILL: 9,
  SIGSEGV: 11,
  SIGTERM: 15,
  SIGXCPU: 24,
  SIGXFSZ: 25,
};

/** A sandboxed program that is running: write to it, stop it, await how it ended. */
export interface SandboxProcess {
  stdin: Writable;
  result: Promise<SandboxResult>;
  /** Stops it now (the result says `cancelled`). */
  kill(): void;
}

/**
 * Runs untrusted programs: bubblewrap on Linux (namespaces, seccomp, cgroups, rlimits),
 * sandbox-exec on macOS. With no sandbox it refuses (fail closed): nothing untrusted runs
 * unconfined. One instance per process; `close` removes its private files.
 */
export class Sandbox {
  private layout: HostLayout | undefined;
  private readonly running = new Set<SandboxProcess>();
  private readonly cleaning = new Set<Promise<void>>();

  constructor(
    readonly support: SandboxSupport,
    private readonly logger: Logger = silentLogger,
  ) {}

  get available(): boolean {
    return this.support.unavailable === undefined;
  }

  /** Throws the one-line reason (and what to install) when untrusted code cannot run here. */
  assertAvailable(): void {
    const missing = this.support.unavailable;
    if (missing) {
      throw new JarvisError("UNAVAILABLE", `no sandbox: ${missing.reason}, so untrusted code does not run`, {
        fix: missing.fix,
      });
    }
  }

  /** Runs a program to its end (or a limit) and reports how it ended. */
  async run(request: SandboxRequest): Promise<SandboxResult> {
    const started = await this.start(request);
    if (request.stdin !== undefined) started.stdin.end(request.stdin);
    else if (!request.keepStdin) started.stdin.end();
    return started.result;
  }

  /** Starts a program; the caller writes its stdin (a long-lived worker keeps it open). */
  async start(request: SandboxRequest): Promise<SandboxProcess> {
    this.assertAvailable();
    if (request.argv.length === 0 || !request.argv[0]) {
      throw new JarvisError("USAGE", "no command to run", { fix: "give the command after --" });
    }
    const limits = normalizeLimits(request.limits);
    const read = request.read?.map((path) => grant(path, "read")) ?? [];
    const write = request.write?.map((path) => grant(path, "write")) ?? [];
    const net = request.net ?? [];
    const layout = this.hostLayout();
    // A private directory only when the run needs one (the proxy's socket, macOS's scratch).
    const needsDir = net.length > 0 || this.support.backend === "sandbox-exec";
    const runDir = needsDir ? mkdtempSync(join(layout.dir, "run-")) : layout.dir;
    const cleanups: Array<() => Promise<void> | void> = needsDir
      ? [() => rmSync(runDir, { recursive: true, force: true })]
      : [];
    try {
      let argv = request.argv;
      let env = sandboxEnv(request.env);
      // Jarvis's own files the program needs (a skill's folder, Node, a worker script): read-only,
      // and not the user's grants, so the deny list (which covers JARVIS_HOME) does not apply.
      const extraRead: string[] = (request.internal ?? []).map((path) => grant(path, "read"));
      let proxy: NetProxy | undefined;
      if (net.length > 0) {
        proxy = await NetProxy.start(join(runDir, "net.sock"), net);
        cleanups.push(() => proxy?.close());
        const bridge = sandboxScript("net-bridge");
        const forwards = net.filter((target) => LOOPBACK.has(target.host));
        argv = [
          ...bridge.argv,
          JSON.stringify({ socket: INSIDE.netSocket, proxyPort: PROXY_PORT, forwards }),
          "--",
          ...argv,
        ];
        extraRead.push(...bridge.read);
        const proxyUrl = `http://127.0.0.1:${PROXY_PORT}`;
        env = {
          ...env,
          HTTP_PROXY: proxyUrl,
          HTTPS_PROXY: proxyUrl,
          http_proxy: proxyUrl,
          https_proxy: proxyUrl,
        };
      }
      const hide = hiddenWithin(request.hide ?? [], [...read, ...write]);
      const confinement = describeConfinement({
        read,
        write,
        net,
        limits,
        support: this.support,
        hidden: hide.map((secret) => secret.path),
      });
      const cwd = request.cwd ? grant(request.cwd, "read") : (write[0] ?? INSIDE.home);
      const launch =
        this.support.backend === "sandbox-exec"
          ? this.macLaunch({ argv, read: [...extraRead, ...read], write, hide, env, runDir, limits, proxy })
          : this.linuxLaunch(
              { argv, read: [...extraRead, ...read], write, hide, env, cwd, limits, proxy },
              cleanups,
            );
      const handle = this.supervise(launch, request, limits, confinement, proxy, cleanups);
      this.running.add(handle);
      void handle.result.finally(() => this.running.delete(handle));
      return handle;
    } catch (error) {
      await runCleanups(cleanups);
      throw error;
    }
  }

  /** Stops everything still running and removes the private files. */
  async close(): Promise<void> {
    for (const handle of this.running) handle.kill();
    await Promise.allSettled([...this.running].map((handle) => handle.result));
    await Promise.allSettled([...this.cleaning]);
    this.layout?.dispose();
    this.layout = undefined;
  }

  private track(cleanup: Promise<void>): void {
    this.cleaning.add(cleanup);
    void cleanup.finally(() => this.cleaning.delete(cleanup));
  }

  private hostLayout(): HostLayout {
    if (!this.layout && this.support.cgroups) sweepStaleCgroups(this.support.cgroups);
    this.layout ??= createHostLayout();
    return this.layout;
  }

  private linuxLaunch(
    plan: LaunchPlan & { cwd: string },
    cleanups: Array<() => Promise<void> | void>,
  ): Launch {
    const support = this.support;
    const layout = this.hostLayout();
    const limits = plan.limits;
    let jail: CgroupJail | undefined;
    if (support.cgroups) {
      // Unique across Sandbox instances and processes sharing the hierarchy.
      jail = CgroupJail.create(
        support.cgroups,
        `jarvis-sbx-${process.pid}-${randomBytes(6).toString("hex")}`,
        {
          processes: limits.processes,
          ...(support.cgroups.memoryParent ? { memoryBytes: limits.memoryMb * 1024 * 1024 } : {}),
        },
      );
      const created = jail;
      cleanups.push(() => created.disposeSoon());
    }
    const seccomp = support.seccompArch ? seccompProgram(support.seccompArch) : undefined;
    const args = bwrapArgs(
      {
        argv: plan.argv,
        read: plan.read,
        write: plan.write,
        hide: plan.hide,
        env: plan.env,
        cwd: plan.cwd,
        limits,
      },
      support,
      {
        system: layout.system,
        etc: layout.etc,
        synthetic: layout.synthetic,
        ...(plan.proxy ? { netSocket: plan.proxy.socketPath } : {}),
        ...(seccomp ? { seccompFd: 3 } : {}),
      },
    );
    const nproc = support.processLimit === "rlimit" ? userTaskCount() + limits.processes : undefined;
    const rlimits = prlimitArgs(limits, {
      memoryByCgroup: jail?.limitsMemory ?? false,
      nodeInside: plan.argv[0] === realpathSync(process.execPath),
      ...(nproc ? { nproc } : {}),
    });
    const command = [
      ...launcherArgv(support.launcher ?? "/bin/bash", seccomp ? 3 : undefined, jail?.procsFiles ?? []),
      support.prlimit ?? "prlimit",
      ...rlimits,
      "--",
      support.program ?? "bwrap",
      ...args,
    ];
    return { command, fds: seccomp ? [seccomp] : [], jail };
  }

  private macLaunch(plan: LaunchPlan & { runDir: string }): Launch {
    const scratch = realpathSync(plan.runDir);
    const argv = sandboxExecArgv(this.support.program ?? "/usr/bin/sandbox-exec", {
      argv: plan.argv,
      read: plan.read,
      write: plan.write,
      hide: plan.hide.map((secret) => secret.path),
      scratch,
      limits: plan.limits,
      ...(existsSync("/proc/self") ? { nproc: userTaskCount() + plan.limits.processes } : {}),
    });
    return { command: argv, fds: [], env: { ...plan.env, HOME: scratch, TMPDIR: scratch } };
  }

  private supervise(
    launch: Launch,
    request: SandboxRequest,
    limits: SandboxLimits,
    confinement: string,
    proxy: NetProxy | undefined,
    cleanups: Array<() => Promise<void> | void>,
  ): SandboxProcess {
    const started = Date.now();
    const [program, ...args] = launch.command;
    const child: ChildProcess = spawn(program ?? "", args, {
      env: launch.env ?? { PATH: "/usr/bin:/bin" },
      stdio: ["pipe", "pipe", "pipe", ...launch.fds.map(() => "pipe" as const)],
      detached: true,
    });
    launch.fds.forEach((bytes, i) => {
      const pipe = child.stdio[3 + i] as Writable | null;
      pipe?.on("error", () => undefined);
      pipe?.end(bytes);
    });
    child.stdin?.on("error", () => undefined);
    let stopped: StopLimit | undefined;
    const kill = () => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    const stop = (limit: StopLimit) => {
      stopped ??= limit;
      kill();
    };
    const output = { stdout: [] as Buffer[], stderr: [] as Buffer[], bytes: 0 };
    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      // A streaming consumer (a long-lived worker) reads stdout itself: it is not kept here.
      const streamed = stream === "stdout" && request.onStdout !== undefined;
      if (streamed) request.onStdout?.(chunk);
      const room = limits.outputBytes - output.bytes;
      output.bytes += chunk.length;
      if (room > 0 && !streamed) output[stream].push(room >= chunk.length ? chunk : chunk.subarray(0, room));
      if (output.bytes > limits.outputBytes) stop("output");
    };
    child.stdout?.on("data", collect("stdout"));
    child.stderr?.on("data", collect("stderr"));
    const wall = setTimeout(() => stop("wall_time"), limits.wallMs);
    const watch = launch.jail
      ? setInterval(() => {
          if (launch.jail?.verdict().processLimitHit) stop("processes");
        }, 50)
      : undefined;
    const onAbort = () => stop("cancelled");
    request.signal?.addEventListener("abort", onAbort, { once: true });
    if (request.signal?.aborted) onAbort();

    const result = new Promise<SandboxResult>((resolve, reject) => {
      child.once("error", (error) => {
        clearTimeout(wall);
        if (watch) clearInterval(watch);
        void runCleanups(cleanups);
        reject(
          new JarvisError("UNAVAILABLE", `the sandbox could not start: ${error.message}`, {
            fix: "run `jarvis doctor`",
          }),
        );
      });
      child.once("close", (code, signal) => {
        clearTimeout(wall);
        if (watch) clearInterval(watch);
        request.signal?.removeEventListener("abort", onAbort);
        const exitCode = code ?? (signal ? 128 + (SIGNAL_NUMBERS[signal] ?? 1) : null);
        const verdict = launch.jail?.verdict();
        let limit = stopped;
        if (!limit && verdict?.oomKilled) limit = "memory";
        if (!limit && verdict?.processLimitHit) limit = "processes";
        if (!limit && exitCode === 128 + 24) limit = "cpu_time";
        if (!limit && exitCode === 128 + 25) limit = "file_size";
        const outcome: SandboxResult = {
          exitCode,
          stdout: Buffer.concat(output.stdout).toString("utf8"),
          stderr: Buffer.concat(output.stderr).toString("utf8"),
          blocked: [...(proxy?.blocked ?? [])],
          durationMs: Date.now() - started,
          confinement,
          ...(limit ? { stopped: { limit, message: stopMessage(limit, limits) } } : {}),
        };
        this.logger.debug({ exitCode, stopped: limit, blocked: outcome.blocked.length }, "sandbox run ended");
        // Resolve first: removing an emptied cgroup may take a moment; `close` waits for it.
        resolve(outcome);
        this.track(runCleanups(cleanups));
      });
    });
    const stdin = child.stdin as Writable;
    return { stdin, result, kill: () => stop("cancelled") };
  }
}

/** One run, resolved: canonical grants, secrets to hide, environment, limits, the proxy if any. */
interface LaunchPlan {
  argv: string[];
  read: string[];
  write: string[];
  hide: Array<{ path: string; directory: boolean }>;
  env: Record<string, string>;
  limits: SandboxLimits;
  proxy: NetProxy | undefined;
}

interface Launch {
  command: string[];
  /** Bytes written to fds 3, 4, … (the seccomp program). */
  fds: Buffer[];
  env?: Record<string, string>;
  jail?: CgroupJail | undefined;
}

async function runCleanups(cleanups: Array<() => Promise<void> | void>): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // best effort: a leftover temp file or empty cgroup is harmless
    }
  }
}
