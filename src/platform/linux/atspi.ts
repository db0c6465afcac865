import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { JarvisError } from "../../core/errors.js";
import { codeLayout } from "../../core/package-root.js";
import type { Accessibility, UiActionKind, UiNode, UiSnapshot, UiTarget, WindowInfo } from "../types.js";

/** The helper ships as source: it is in the package's `src/` tree, compiled, bundled or not. */
export function atspiHelperPath(): string {
  return join(codeLayout(import.meta.url).root, "src", "platform", "linux", "atspi_helper.py");
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  cleanup(): void;
}

const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Talks to one long-lived Python AT-SPI helper over JSON lines. Keeping it alive is what makes
 * `ui_state` fast: interpreter start and the AT-SPI connection are paid once, not per call.
 */
export class AtspiClient {
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stderr = "";

  constructor(
    private readonly python: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly script = atspiHelperPath(),
  ) {}

  request<T>(op: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new JarvisError("CANCELLED", "cancelled"));
    const child = this.ensure();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.pending.get(id)?.cleanup();
        this.pending.delete(id);
        reject(new JarvisError("CANCELLED", "cancelled"));
      };
      const timer = setTimeout(() => {
        // A helper stuck on a hung app is restarted rather than left blocking later calls.
        this.pending.delete(id);
        reject(new JarvisError("TIMEOUT", "the accessibility service did not answer (app not responding?)"));
        this.restart();
      }, REQUEST_TIMEOUT_MS);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        resolve: (value) => resolve(value as T),
        reject,
        cleanup: () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
        },
      });
      this.setRef(child, true);
      child.stdin.write(`${JSON.stringify({ id, op, ...params })}\n`);
    });
  }

  private ensure(): ChildProcessWithoutNullStreams {
    if (this.child && this.child.exitCode === null && !this.child.killed) return this.child;
    const child = spawn(this.python, [this.script], {
      env: { ...this.env, PYTHONUNBUFFERED: "1", PYTHONDONTWRITEBYTECODE: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child = child;
    this.stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-2000);
    });
    createInterface({ input: child.stdout }).on("line", (line) => this.onLine(line));
    child.on("error", (error) =>
      this.failAll(new JarvisError("UNAVAILABLE", `cannot start ${this.python}: ${error.message}`)),
    );
    child.on("exit", (code) => {
      if (this.child === child) this.child = undefined;
      const why = this.stderr.trim().split("\n").pop() ?? "";
      this.failAll(
        new JarvisError(
          "UNAVAILABLE",
          `the AT-SPI helper exited (${code ?? "signal"}${why ? `: ${why}` : ""})`,
        ),
      );
    });
    child.stdin.on("error", () => {
      // reported through "exit"
    });
    return child;
  }

  private onLine(line: string): void {
    let message: { id?: number; ok?: boolean; result?: unknown; error?: { code: string; message: string } };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    const pending = message.id === undefined ? undefined : this.pending.get(message.id);
    if (!pending || message.id === undefined) return;
    this.pending.delete(message.id);
    pending.cleanup();
    if (this.pending.size === 0 && this.child) this.setRef(this.child, false);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(helperError(message.error));
  }

  /** An idle helper must not keep a short-lived `jarvis` process alive. */
  private setRef(child: ChildProcessWithoutNullStreams, ref: boolean): void {
    for (const handle of [child, child.stdout, child.stderr, child.stdin] as Array<{
      ref?(): void;
      unref?(): void;
    }>) {
      if (ref) handle.ref?.();
      else handle.unref?.();
    }
  }

  private failAll(error: Error): void {
    for (const [id, pending] of this.pending) {
      pending.cleanup();
      pending.reject(error);
      this.pending.delete(id);
    }
  }

  private restart(): void {
    const child = this.child;
    this.child = undefined;
    if (child?.pid) child.kill("SIGKILL");
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    // Waiting for the exit must keep the process alive even though the idle helper is unref'd.
    this.setRef(child, true);
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.stdin.end();
      setTimeout(() => child.kill("SIGKILL"), 1000).unref();
    });
  }
}

function helperError(error: { code: string; message: string } | undefined): JarvisError {
  const message = error?.message ?? "accessibility request failed";
  switch (error?.code) {
    case "no_tree":
      return new JarvisError("UNAVAILABLE", message, {
        fix: "use input_type/input_hotkey, or screen_ocr to read it",
      });
    case "stale_ref":
      return new JarvisError("NOT_FOUND", message, { fix: "call ui_state again" });
    case "unsupported":
    case "bad_value":
      return new JarvisError("ARGS_INVALID", message);
    default:
      return new JarvisError("TOOL_FAILED", message);
  }
}

/** Accessibility over AT-SPI: the window is picked by its pid and title. */
export class LinuxAccessibility implements Accessibility {
  constructor(private readonly client: AtspiClient) {}

  async snapshot(
    window: WindowInfo,
    options: { all: boolean; maxNodes: number },
    signal?: AbortSignal,
  ): Promise<UiSnapshot> {
    if (window.pid === undefined) {
      throw new JarvisError("UNAVAILABLE", `window ${window.id} does not say which process owns it`, {
        fix: "use input_type/input_hotkey, or screen_ocr to read it",
      });
    }
    const result = await this.client.request<{ app: string; nodes: UiNode[]; truncated: boolean }>(
      "snapshot",
      { pid: window.pid, title: window.title, all: options.all, max_nodes: options.maxNodes },
      signal,
    );
    return { window, appName: result.app || window.app, nodes: result.nodes, truncated: result.truncated };
  }

  async act(
    window: WindowInfo,
    target: UiTarget,
    action: UiActionKind,
    value: string | undefined,
    signal?: AbortSignal,
  ): Promise<string> {
    const result = await this.client.request<{ detail: string }>(
      "act",
      { pid: window.pid, title: window.title, target, action, value },
      signal,
    );
    return result.detail;
  }

  /** The focused X11 window, read by the helper over its own X connection (no process spawn). */
  async activeWindow(signal?: AbortSignal): Promise<WindowInfo | undefined> {
    const raw = await this.client.request<{
      id: number;
      pid: number | null;
      title: string;
      app: string;
      rect: WindowInfo["rect"];
    } | null>("active_window", {}, signal);
    if (!raw) return undefined;
    return {
      id: `0x${raw.id.toString(16).padStart(8, "0")}`,
      title: raw.title,
      app: raw.app,
      pid: raw.pid ?? undefined,
      rect: raw.rect,
      active: true,
    };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
