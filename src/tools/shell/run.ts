import { stat } from "node:fs/promises";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition, type ToolResult } from "../../core/tool.js";
import { checkPath } from "../../gate/paths.js";
import { findProgram } from "../../platform/programs.js";
import type { ToolDeps } from "../deps.js";
import { commandLine, scrubEnv } from "./command-line.js";
import { type RunResult, runProgram } from "./spawn.js";

export interface ShellRunOptions {
  /** Tests learn the child's pid to check it is really gone after a kill. */
  onSpawn?: (pid: number) => void;
}

/**
 * `shell_run`: one allowlisted program, argv array, never a shell string. The allowlist is
 * checked while the gate assesses risk, so a program not on it is denied before anyone is asked.
 */
export function createShellTools(deps: ToolDeps, options: ShellRunOptions = {}): ToolDefinition[] {
  const { allow, timeout_s: timeoutS, max_output_bytes: maxOutputBytes } = deps.config.shell;
  const schema = z.object({
    command: z
      .string()
      .min(1)
      .max(64)
      .describe(
        `program name without a path; only these are allowed (shell.allow in config.yaml): ${allow.join(", ") || "none"}`,
      ),
    args: z
      .array(z.string().max(8192))
      .max(256)
      .default([])
      .describe("arguments, passed as-is: no shell, so quotes, ;, |, $() and * are plain text"),
    cwd: pathString("read", "working directory (default: home)").optional(),
  });
  type Args = z.infer<typeof schema>;

  const refusal = (command: string): string | undefined => {
    if (/[/\\]/.test(command)) {
      return `"${command}" is a path; shell_run takes a bare program name listed in shell.allow in config.yaml`;
    }
    if (!allow.includes(command)) {
      return `"${command}" is not on the shell allowlist (shell.allow in config.yaml: ${allow.join(", ") || "empty"}); add it there to let Jarvis run it`;
    }
    return undefined;
  };

  return [
    defineTool<Args>({
      name: "shell_run",
      group: "shell",
      description: `Run one allowed program with an argument list (no shell: no pipes, redirection or globbing) and return its output. Allowed programs: ${allow.join(", ") || "none (set shell.allow in config.yaml)"}. Times out after ${timeoutS} s; output is capped at ${maxOutputBytes} bytes.`,
      parameters: parametersFrom(schema),
      effects: ["exec"],
      risk: (args) => {
        const refused = refusal(args.command);
        // Throwing here makes the gate deny the call (fail closed) before any confirmation.
        if (refused) throw new JarvisError("POLICY_DENIED", refused);
        return "dangerous";
      },
      // Program output can quote anything (commit messages, file contents from elsewhere).
      trust: "untrusted",
      timeoutMs: timeoutS * 1000,
      examples: ["run {command}", "run {command} {args}"],
      preview(args) {
        let cwd: string;
        try {
          cwd = args.cwd ?? checkPath("~", "read", deps.roots);
        } catch (error) {
          cwd = `(no working directory: ${(error as Error).message})`;
        }
        return `$ ${commandLine(args.command, args.args)}\n  in ${cwd}\n  (no shell; environment without secrets; timeout ${timeoutS} s)`;
      },
      async execute(args, ctx) {
        const refused = refusal(args.command);
        if (refused) return fail("POLICY_DENIED", refused);
        const file = findProgram(args.command, deps.env);
        if (!file) {
          return fail("UNAVAILABLE", `${args.command} is allowed but not installed (not found on PATH)`);
        }
        // An omitted cwd is home, checked like any path the gate would have checked.
        const cwd = args.cwd ?? checkPath("~", "read", deps.roots);
        if (!(await stat(cwd).catch(() => undefined))?.isDirectory()) {
          return fail("NOT_FOUND", `working directory ${cwd} does not exist`);
        }
        ctx.signal.throwIfAborted();
        const result = await runProgram(file, args.args, {
          cwd,
          env: scrubEnv(deps.env),
          signal: ctx.signal,
          maxOutputBytes,
          argv0: args.command,
          ...(options.onSpawn ? { onSpawn: options.onSpawn } : {}),
        });
        return toToolResult(commandLine(args.command, args.args), cwd, result, maxOutputBytes);
      },
    }),
  ];
}

function toToolResult(line: string, cwd: string, result: RunResult, cap: number): ToolResult {
  const parts = [result.stdout.replace(/\n$/, "")];
  if (result.stderr) parts.push(`[stderr]\n${result.stderr.replace(/\n$/, "")}`);
  if (result.truncated) parts.push(`[output passed ${cap} bytes; the program was stopped]`);
  const data = { command: line, cwd, ...result };
  const output = parts.filter((p) => p !== "").join("\n");
  if (result.exitCode === 0 || result.truncated) return ok(output, data);
  const status =
    result.exitCode === null ? `was killed by ${result.signal}` : `exited with status ${result.exitCode}`;
  const tail = (result.stderr || result.stdout).trim().split("\n").slice(-5).join(" / ").slice(0, 1000);
  return {
    ok: false,
    output: `${output}\n[${status}]`.trimStart(),
    data,
    error: { code: "TOOL_FAILED", message: `${line} ${status}${tail ? `: ${tail}` : ""}` },
  };
}
