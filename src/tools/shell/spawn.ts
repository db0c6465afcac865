import { spawn } from "node:child_process";
import { JarvisError } from "../../core/errors.js";

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  maxOutputBytes: number;
  /** The name shown as argv[0] (the allowlisted name, not the resolved path). */
  argv0?: string;
  /** Told the child's pid once it runs (tests use it to prove the process is gone). */
  onSpawn?: (pid: number) => void;
}

export interface RunResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Output passed the cap and the program was stopped, like `| head` would. */
  truncated: boolean;
}

/**
 * Runs one program with an argv array (no shell, so `;`, `$()` and globs are plain text) in its
 * own process group, so aborting kills it and everything it started. Output beyond the cap stops
 * the program instead of being buffered without bound.
 */
export function runProgram(file: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(options.signal.reason);
      return;
    }
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      shell: false,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
      ...(options.argv0 ? { argv0: options.argv0 } : {}),
    });
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL"); // the group is already gone; make sure the child is too
      }
    };
    const onAbort = () => {
      killGroup();
      reject(options.signal.reason);
    };
    options.signal.addEventListener("abort", onAbort, { once: true });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);

    const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    let kept = 0;
    let truncated = false;
    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      if (truncated) return;
      const room = options.maxOutputBytes - kept;
      chunks[stream].push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      kept += Math.min(chunk.length, room);
      if (chunk.length > room) {
        truncated = true;
        killGroup();
      }
    };
    child.stdout.on("data", collect("stdout"));
    child.stderr.on("data", collect("stderr"));
    child.on("error", (error: NodeJS.ErrnoException) => {
      options.signal.removeEventListener("abort", onAbort);
      reject(
        new JarvisError(
          "UNAVAILABLE",
          `cannot run ${options.argv0 ?? file}: ${error.code ?? error.message}`,
          {
            cause: error,
          },
        ),
      );
    });
    child.on("close", (exitCode, signal) => {
      options.signal.removeEventListener("abort", onAbort);
      // Anything the program left running in its group goes with it.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is empty: nothing left behind
      }
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(chunks.stdout).toString("utf8"),
        stderr: Buffer.concat(chunks.stderr).toString("utf8"),
        truncated,
      });
    });
  });
}
