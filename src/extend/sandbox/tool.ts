import { z } from "zod";
import type { JarvisConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, type RiskTier, type ToolDefinition } from "../../core/tool.js";
import { SANDBOX_CUES } from "./cues.js";
import { parseTarget } from "./net-proxy.js";
import { sandboxToolResult } from "./outcome.js";
import type { SandboxService } from "./service.js";
import type { NetAllow, SandboxLimits } from "./types.js";

const args = z.object({
  command: z
    .array(z.string().max(10_000))
    .min(1)
    .max(200)
    .describe('program and its arguments, e.g. ["python3", "-c", "print(1)"]'),
  read: z.array(pathString("read", "a file or folder the program may read")).max(20).optional(),
  write: z.array(pathString("write", "a folder the program may write in")).max(20).optional(),
  net: z
    .array(z.string().max(300).describe("HOST:PORT the program may connect to, through Jarvis's proxy"))
    .max(20)
    .optional(),
  time_s: z.number().positive().max(3600).optional().describe("wall-time limit in seconds"),
  memory_mb: z.number().int().min(16).max(65_536).optional().describe("memory limit in MB"),
});

type Args = z.infer<typeof args>;

/** `HOST:PORT` entries, each checked; one bad entry refuses the call with the entry named. */
export function netTargets(entries: readonly string[] | undefined): NetAllow[] {
  return (entries ?? []).map((entry) => {
    const target = parseTarget(entry);
    if (!target) {
      throw new JarvisError("ARGS_INVALID", `"${entry.slice(0, 80)}" is not HOST:PORT`, {
        fix: "write e.g. 127.0.0.1:8080 or example.com:443",
      });
    }
    return target;
  });
}

/** Granting a folder to write in, or a way out, makes running a program in the sandbox dangerous. */
export function grantRisk(call: {
  write?: readonly string[] | undefined;
  net?: readonly string[] | undefined;
}): RiskTier {
  netTargets(call.net);
  return (call.write?.length ?? 0) > 0 || (call.net?.length ?? 0) > 0 ? "dangerous" : "caution";
}

/** The configured limits (config.yaml `sandbox:`), lowered by a call's own time and memory. */
export function configuredLimits(
  config: JarvisConfig,
  own: { time_s?: number | undefined; memory_mb?: number | undefined } = {},
): Partial<SandboxLimits> {
  const seconds = own.time_s ?? config.sandbox.time_s;
  return {
    wallMs: seconds * 1000,
    cpuSeconds: Math.ceil(seconds),
    memoryMb: own.memory_mb ?? config.sandbox.memory_mb,
    processes: config.sandbox.processes,
    outputBytes: config.sandbox.output_bytes,
  };
}

/**
 * sandbox_run: a program in the sandbox with only what it is granted — the tool behind
 * `jarvis sandbox run`, and a safe way for the model to compute something. The gate checks
 * the granted paths against the roots and deny list like any other path argument.
 */
export function sandboxRunTool(
  service: SandboxService,
  config: JarvisConfig,
  hide: () => string[],
): ToolDefinition {
  return defineTool<Args>({
    name: "sandbox_run",
    group: "sandbox",
    description:
      "Run a program in an isolated sandbox: no network, an empty home, and only the files and folders granted to it. Use it to compute something or to try a script safely.",
    parameters: parametersFrom(args),
    effects: ["exec"],
    risk: grantRisk,
    groupCues: SANDBOX_CUES,
    says: ({ command }) => `Run ${command[0] ?? "a program"} in a sandbox`,
    trust: "untrusted",
    timeoutMs: 3_700_000,
    preview: (call) =>
      [
        `run in the sandbox: ${call.command.map((part) => JSON.stringify(part)).join(" ")}`,
        `  read: ${call.read?.join(", ") || "nothing of yours"}`,
        `  write: ${call.write?.join(", ") || "nothing of yours"}`,
        `  network: ${call.net?.join(", ") || "none"}`,
      ].join("\n"),
    async execute(call, ctx) {
      const result = await service.sandbox.run({
        argv: call.command,
        read: call.read ?? [],
        write: call.write ?? [],
        hide: hide(),
        net: netTargets(call.net),
        limits: configuredLimits(config, call),
        signal: ctx.signal,
      });
      return sandboxToolResult(result, "the program");
    },
  });
}
