import { spawn } from "node:child_process";
import { JarvisError } from "../../core/errors.js";

/** Runs a program (argv array, no shell), feeding `input`, collecting stdout as bytes. */
export function runProgram(
  program: string,
  args: string[],
  options: { input?: string | Buffer; signal?: AbortSignal; install?: string } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"], signal: options.signal });
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.stdin.on("error", () => {});
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(
          new JarvisError("UNAVAILABLE", `${program} is not installed`, {
            fix: options.install ? `sudo apt-get install ${options.install}` : `install ${program}`,
          }),
        );
      } else reject(error);
    });
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else if (!options.signal?.aborted) {
        const last = stderr.trim().split("\n").pop() ?? "";
        reject(new JarvisError("TOOL_FAILED", `${program} exited with ${code}${last ? `: ${last}` : ""}`));
      }
    });
    child.stdin.end(options.input ?? "");
  });
}
