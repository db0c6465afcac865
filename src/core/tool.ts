import type { Clock } from "./clock.js";
import type { EmitFn } from "./events.js";
import type { IntentSpec } from "./language.js";
import type { Logger } from "./logger.js";

export type RiskTier = "safe" | "caution" | "dangerous" | "destructive";
export const RISK_TIERS: readonly RiskTier[] = ["safe", "caution", "dangerous", "destructive"];

export type Effect = "read" | "write" | "delete" | "send" | "network" | "ui" | "exec" | "spend" | "memory";
export const EFFECTS: readonly Effect[] = [
  "read",
  "write",
  "delete",
  "send",
  "network",
  "ui",
  "exec",
  "spend",
  "memory",
];
/** Effects that taint raises to at least `dangerous` once the run has read untrusted text (gate/taint.ts). */
export const TAINT_SENSITIVE_EFFECTS: ReadonlySet<Effect> = new Set([
  "write",
  "delete",
  "send",
  "exec",
  "spend",
]);

export type Decision = "allow" | "notify" | "confirm" | "deny";

/** A JSON Schema object as the model reads it and the gate validates it. */
export type JsonSchema = { [key: string]: unknown };

/**
 * Schema annotations the gate understands (put them on string properties with zod `.meta()`):
 * - `x-provenance`: the value points at the world; the gate checks where it came from.
 * - `x-path`: the value is a filesystem path; the gate canonicalizes it and checks roots.
 */
export type ProvenanceKind = "url" | "path" | "email" | "phone";
export type PathAccess = "read" | "write";

/** A handle kind letter: `#u3` = third URL, `#f2` = second file, `#m1` = first mail, ... */
export type HandleKind = "u" | "f" | "m" | "c" | "a" | "p" | "e" | "t" | "d";

export interface HandleEntry {
  handle: string;
  kind: HandleKind;
  value: string;
  label?: string | undefined;
  /** Whether the minting tool's output was third-party text. */
  trust: "trusted" | "untrusted";
  tool: string;
}

/** Per-session map of handles; persisted by the agent loop so follow-ups work across turns. */
export interface HandleStore {
  mint(
    kind: HandleKind,
    value: string,
    meta: { label?: string; tool: string; trust: "trusted" | "untrusted" },
  ): string;
  resolve(handle: string): HandleEntry | undefined;
  /** Was this exact value minted (trusted output only unless `includeUntrusted`)? */
  hasValue(value: string, includeUntrusted?: boolean): boolean;
  list(kind?: HandleKind): HandleEntry[];
}

export interface ToolContext {
  signal: AbortSignal;
  runId: string;
  callId: string;
  sessionId?: string | undefined;
  handles: HandleStore;
  logger: Logger;
  clock: Clock;
  emit?: EmitFn | undefined;
}

export interface ToolResult {
  ok: boolean;
  /** Text the model (and the user) reads. Bounded by the gate. */
  output: string;
  /** Structured data for UIs and tests; never shown to the model verbatim unless also in `output`. */
  data?: unknown;
  /** Why it failed, for people: `message` one sentence, `fix` what to do about it. */
  error?: { code: string; message: string; fix?: string };
}

export interface ToolDefinition<A = Record<string, unknown>> {
  name: string;
  group: string;
  description: string;
  parameters: JsonSchema;
  effects: Effect[];
  risk: RiskTier | ((args: A) => RiskTier);
  examples?: string[];
  /**
   * How people ask for it (templates, samples, slots, follow-up questions, negatives), owned by
   * the tool group and compiled by the embedded NLU; without it the tool is only the model's.
   */
  language?: readonly IntentSpec[];
  trust?: "trusted" | "untrusted";
  /** Per-call timeout; the gate's default applies when absent. */
  timeoutMs?: number;
  /** Exact preview shown when the user is asked to confirm (diff, command line, message). */
  preview?(args: A, ctx: Pick<ToolContext, "signal" | "handles">): Promise<string> | string;
  /** Why the tool cannot run here (missing program, platform), or undefined when it can. */
  available?(): Promise<string | undefined> | string | undefined;
  execute(args: A, ctx: ToolContext): Promise<ToolResult>;
}

/** Helper so tool authors get args typed while the registry stores the erased shape. */
export function defineTool<A>(tool: ToolDefinition<A>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

export function ok(output: string, data?: unknown): ToolResult {
  return data === undefined ? { ok: true, output } : { ok: true, output, data };
}

export function fail(code: string, message: string, fix?: string): ToolResult {
  return {
    ok: false,
    output: `${code}: ${message}`,
    error: fix === undefined ? { code, message } : { code, message, fix },
  };
}

export function raiseTier(tier: RiskTier, by = 1): RiskTier {
  const index = Math.min(RISK_TIERS.indexOf(tier) + by, RISK_TIERS.length - 1);
  return RISK_TIERS[index] ?? "destructive";
}

export function maxTier(a: RiskTier, b: RiskTier): RiskTier {
  return RISK_TIERS.indexOf(a) >= RISK_TIERS.indexOf(b) ? a : b;
}
