import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { parametersFrom } from "../core/schema.js";
import { defineTool, ok, type ToolContext, type ToolDefinition } from "../core/tool.js";
import type { ToolDeps } from "../tools/deps.js";

/**
 * Test-only tools that count their side effects in `JARVIS_HOME/probe.log` (one line per
 * effect). Never part of the built-in catalog: tests pass them to `createRuntime({ tools })`, and
 * tests that spawn the CLI run `probe-cli.ts` (the same `main` with them in its runtime options).
 */
export function probeTools(deps: Pick<ToolDeps, "paths">): ToolDefinition[] {
  const log = probeLogPath(deps.paths.home);
  const record = (line: string) => appendFileSync(log, `${line}\n`);
  return [
    defineTool<{ key: string; delay_ms?: number }>({
      name: "probe_write",
      group: "probe",
      description: "Test probe: records one side effect named `key`, then waits `delay_ms`.",
      parameters: parametersFrom(
        z.object({
          key: z.string().min(1).max(40),
          delay_ms: z.number().int().min(0).max(120_000).optional(),
        }),
      ),
      effects: ["write"],
      risk: "caution",
      says: ({ key }) => `Write the test record ${key}`,
      async execute(args, ctx) {
        ctx.signal.throwIfAborted();
        record(`write ${args.key}`);
        await sleep(args.delay_ms ?? 0, ctx);
        return ok(`wrote ${args.key}`);
      },
    }),
    defineTool<{ key: string }>({
      name: "probe_danger",
      group: "probe",
      description: "Test probe: a dangerous side effect (always asks under smart autonomy).",
      parameters: parametersFrom(z.object({ key: z.string().min(1).max(40) })),
      effects: ["delete"],
      risk: "dangerous",
      says: ({ key }) => `Delete the test record ${key}`,
      async execute(args, ctx) {
        ctx.signal.throwIfAborted();
        record(`danger ${args.key}`);
        return ok(`did ${args.key}`);
      },
    }),
    defineTool<{ key: string; delay_ms?: number }>({
      name: "probe_read",
      group: "probe",
      description: "Test probe: a safe read that takes `delay_ms`; returns `value of <key>`.",
      parameters: parametersFrom(
        z.object({
          key: z.string().min(1).max(40),
          delay_ms: z.number().int().min(0).max(120_000).optional(),
        }),
      ),
      effects: ["read"],
      risk: "safe",
      says: ({ key }) => `Read the test record ${key}`,
      async execute(args, ctx) {
        record(`read-start ${args.key}`);
        await sleep(args.delay_ms ?? 0, ctx);
        record(`read-end ${args.key}`);
        return ok(`value of ${args.key}`);
      },
    }),
    defineTool<{ query: string }>({
      name: "probe_search",
      group: "probe",
      description: "Test probe: returns two places with websites, minted as URL handles.",
      parameters: parametersFrom(z.object({ query: z.string().min(1).max(200) })),
      effects: ["read", "network"],
      risk: "safe",
      says: ({ query }) => `Search the test places for ${query}`,
      async execute(args, ctx) {
        const first = ctx.handles.mint("u", "https://luigis.example/", {
          label: "Luigi's Pizza",
          tool: "probe_search",
          trust: "trusted",
        });
        const second = ctx.handles.mint("u", "https://marios.example/", {
          label: "Mario's",
          tool: "probe_search",
          trust: "trusted",
        });
        return ok(`Results for ${args.query}:\n${first} Luigi's Pizza\n${second} Mario's`);
      },
    }),
    defineTool<{ url: string }>({
      name: "probe_open",
      group: "probe",
      description: "Test probe: opens a URL (records it).",
      parameters: parametersFrom(
        z.object({ url: z.string().min(1).max(2000).meta({ "x-provenance": "url" }) }),
      ),
      effects: ["ui"],
      risk: "safe",
      says: ({ url }) => `Open ${url}`,
      async execute(args, ctx) {
        ctx.signal.throwIfAborted();
        record(`open ${args.url}`);
        return ok(`opened ${args.url}`);
      },
    }),
  ];
}

export function probeLogPath(jarvisHome: string): string {
  return join(jarvisHome, "probe.log");
}

/** The recorded side effects, one entry per line. */
export function readProbeLog(jarvisHome: string): string[] {
  const path = probeLogPath(jarvisHome);
  return existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
}

function sleep(ms: number, ctx: ToolContext): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ms <= 0) {
      resolve();
      return;
    }
    const timer = setTimeout(resolve, ms);
    ctx.signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(ctx.signal.reason);
      },
      { once: true },
    );
  });
}
