import type { ToolResult } from "../../core/tool.js";
import type { SandboxResult } from "./types.js";

const OUTPUT_TAIL = 20_000;

/**
 * A sandboxed run as a tool result. A limit that stopped it, or a destination it tried to
 * reach that was not allowed, makes the call fail with that rule named (so the person and the
 * audit see it); otherwise the program's exit status decides. The audit also records what the
 * program could see (`record`).
 */
export function sandboxToolResult(result: SandboxResult, what: string): ToolResult {
  const output = joinOutput(result);
  const data = {
    exitCode: result.exitCode,
    stdout: result.stdout,
    stderr: result.stderr,
    ...(result.stopped ? { stopped: result.stopped } : {}),
    blocked: result.blocked,
    durationMs: result.durationMs,
  };
  const contained = [
    ...(result.stopped ? [result.stopped.message] : []),
    ...result.blocked.map((blocked) => `blocked ${blocked.rule}: ${blocked.detail}`),
  ];
  const record = `sandbox (${result.confinement})${contained.length > 0 ? `; contained: ${contained.join("; ")}` : ""}`;
  if (result.stopped) {
    return failure("SANDBOX_STOPPED", `${what} was ${result.stopped.message}`, output, data, record);
  }
  if (result.blocked.length > 0) {
    const first = result.blocked[0]?.detail ?? "";
    return failure(
      "SANDBOX_BLOCKED",
      `${what} tried to reach ${first.replace(/ is not on the allowlist$/, "")}, which is not allowed`,
      output,
      data,
      record,
    );
  }
  if (result.exitCode !== 0) {
    const last = result.stderr.trim().split("\n").pop()?.slice(0, 300);
    return failure(
      "TOOL_FAILED",
      `${what} exited with status ${result.exitCode}${last ? `: ${last}` : ""}`,
      output,
      data,
      record,
    );
  }
  return { ok: true, output: output || "(no output)", data, record };
}

function failure(code: string, message: string, output: string, data: unknown, record: string): ToolResult {
  return { ok: false, output: `${code}: ${message}\n${output}`, error: { code, message }, data, record };
}

function joinOutput(result: SandboxResult): string {
  const parts = [result.stdout.slice(-OUTPUT_TAIL)];
  if (result.stderr.trim()) parts.push(`[stderr]\n${result.stderr.slice(-OUTPUT_TAIL / 4)}`);
  return parts.join("\n").trim();
}
