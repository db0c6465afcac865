import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/**
 * A program run on a real pseudo-terminal (Python's `pty`, given an argv array), for what only
 * a terminal shows: prompts read from the keyboard, colour and symbols. Everything the program
 * writes arrives on `output`; `type` sends keystrokes.
 */
export interface TerminalRun {
  child: ChildProcessWithoutNullStreams;
  readonly output: string;
  type(text: string): void;
  /** Resolves with the output once it matches (rejects after `timeoutMs`). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number>;
}

const PTY = "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))";

export function runOnTerminal(argv: string[], env: NodeJS.ProcessEnv): TerminalRun {
  const child = spawn("python3", ["-c", PTY, ...argv], { env, stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number>((resolve) =>
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 : -1))),
  );
  return {
    child,
    get output() {
      return output;
    },
    type: (text) => child.stdin.write(text),
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(output);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${pattern} on the terminal:\n${output}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    exited,
  };
}
