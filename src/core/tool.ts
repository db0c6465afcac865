import type { Clock } from "./clock.js";
import type { EmitFn } from "./events.js";
import type { GroupCues, IntentSpec, LanguageEnv } from "./language.js";
import type { Logger } from "./logger.js";

export type RiskTier = "safe" | "caution" | "dangerous" | "destructive";
export const RISK_TIERS: readonly RiskTier[] = ["safe", "caution", "dangerous", "destructive"];

/**
 * What a call does to the world. `network` talks to a server; `egress` means the call can carry
 * data of its choosing out to someone else (any request with a URL or query it picked, any
 * message); `ui` is input into the desktop or a page (typing, clicking, clipboard, hotkeys);
 * `memory` stores facts that later come back as context.
 */
export type Effect =
  | "read"
  | "write"
  | "delete"
  | "send"
  | "network"
  | "egress"
  | "ui"
  | "exec"
  | "spend"
  | "memory";
export const EFFECTS: readonly Effect[] = [
  "read",
  "write",
  "delete",
  "send",
  "network",
  "egress",
  "ui",
  "exec",
  "spend",
  "memory",
];
/** Effects that change something or carry something out: after untrusted text they ask (gate/taint.ts). */
export const SIDE_EFFECTS: ReadonlySet<Effect> = new Set([
  "write",
  "delete",
  "send",
  "egress",
  "ui",
  "exec",
  "spend",
  "memory",
]);
/** Effects that send data out of the machine. */
export const EGRESS_EFFECTS: ReadonlySet<Effect> = new Set(["egress", "send"]);

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

/** What a tool may do to the run it is part of (the plan raises the task's size and limits). */
export interface TaskControl {
  grow(size: "medium" | "complex"): void;
}

/**
 * What the run has seen so far, as the gate tracks it: the user's own words and the groups of
 * the untrusted tools it read. Tools that record where something came from (memory) read it;
 * nothing may use it to decide what is allowed (that is the gate's job).
 */
export interface RunFlow {
  /** What the user typed or said in this session. */
  said: readonly string[];
  /** Groups (`web`, `mail`, `knowledge`…) of the untrusted tools whose output the run read. */
  untrustedGroups: readonly string[];
}

export interface ToolContext {
  signal: AbortSignal;
  /** Set by the gate for every call it runs. */
  flow?: RunFlow | undefined;
  runId: string;
  callId: string;
  sessionId?: string | undefined;
  handles: HandleStore;
  logger: Logger;
  clock: Clock;
  emit?: EmitFn | undefined;
  task?: TaskControl | undefined;
  /**
   * A call this tool makes through the same gate and run (a generated tool's capabilities):
   * validated, judged, asked and audited like any other call. `restrict` limits what the
   * nested call may be (the capabilities the tool declared).
   */
  callTool?: (
    call: { tool: string; args: unknown },
    options?: { restrict?: ScopeRestriction },
  ) => Promise<NestedCallOutcome>;
  /**
   * Puts a yes/no question from a party the tool speaks for (an MCP server asking mid-call) to
   * the person, through the run's own confirmation path (the surface that started the run, or
   * the inbox). No answer before the timeout, a stop or the kill switch is no.
   */
  confirm?: ((question: string) => Promise<boolean>) | undefined;
}

/**
 * A limit the gate enforces on a run from the moment it is set: while a skill is active, only
 * its `allowed-tools`; inside a generated tool, only its declared capabilities.
 */
export interface ScopeRestriction {
  /** Who set it, in a person's words ("the skill pdf-forms"). */
  source: string;
  /** Tool names, or group patterns such as `files_*`. */
  allowed: readonly string[];
  /** A call outside the list is asked (never silently allowed) or refused. */
  outside: "ask" | "deny";
}

/** What a nested call came to, as data (the gate's outcome without the model-only text). */
export interface NestedCallOutcome {
  ok: boolean;
  status: string;
  code?: string | undefined;
  /** For people: the output when ok, otherwise what stopped it. */
  message: string;
  output?: string | undefined;
  data?: unknown;
}

export interface ToolResult {
  ok: boolean;
  /** Text the model (and the user) reads. Bounded by the gate. */
  output: string;
  /** Structured data for UIs and tests; never shown to the model verbatim unless also in `output`. */
  data?: unknown;
  /** Why it failed, for people: `message` one sentence, `fix` what to do about it. */
  error?: { code: string; message: string; fix?: string };
  /**
   * This result carries third-party text although the tool is declared trusted (a recalled
   * fact that came from a web page): the gate fences it and taints the run as for an untrusted
   * tool. A result can only lower trust, never raise it.
   */
  trust?: "untrusted";
  /** From this result on, the run may only call what this allows (a skill was opened). */
  restrict?: ScopeRestriction;
  /** One line for the audit log beside the outcome (what a sandbox withheld or stopped). */
  record?: string;
}

export interface ToolDefinition<A = Record<string, unknown>> {
  name: string;
  group: string;
  description: string;
  parameters: JsonSchema;
  effects: Effect[];
  risk: RiskTier | RiskOf<A>;
  examples?: string[];
  /**
   * How people ask for it (templates, samples, slots, follow-up questions, negatives), owned by
   * the tool group and compiled by the embedded NLU; without it the tool is only the model's.
   */
  language?: readonly IntentSpec[];
  /**
   * The call in the person's words ("Look up what you told me about Sarah"), for a tool whose
   * intents have no `describe` of their own (a tool people do not ask for by name, or one outside
   * the embedded brain): read after them by the same `describeWith`. Imperative, no "?".
   */
  says?(args: A, env: Pick<LanguageEnv, "now" | "timezone" | "zones">): string | undefined;
  /** Shapes and words that point at this tool's group (its group's `cues.ts`), read by tool retrieval. */
  groupCues?: GroupCues;
  /** Does its output carry third-party text (web pages, others' mail, documents, file names)? */
  trust?: "trusted" | "untrusted";
  /** Does its output carry the user's private data (files, mail, calendar, contacts, memory, screen)? */
  sensitivity?: "private";
  /** Per-call timeout; the gate's default applies when absent. */
  timeoutMs?: number;
  /** Exact preview shown when the user is asked to confirm (diff, command line, message). */
  preview?(args: A, ctx: Pick<ToolContext, "signal" | "handles">): Promise<string> | string;
  /** Why the tool cannot run here (missing program, platform), or undefined when it can. */
  available?(): Promise<string | undefined> | string | undefined;
  execute(args: A, ctx: ToolContext): Promise<ToolResult>;
}

/**
 * A tier computed from the arguments. Declared as a method so a tool typed for its own
 * arguments is still a `ToolDefinition` of the registry's erased shape (method parameters are
 * compared both ways); the gate validates the arguments against the schema before calling it.
 */
type RiskOf<A> = { of(args: A): RiskTier }["of"];

/** Tool authors get their arguments typed; the registry stores the erased shape. */
export function defineTool<A extends Record<string, unknown>>(tool: ToolDefinition<A>): ToolDefinition {
  return tool;
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

/** A tool's tier as people and lists read it: "varies" when it depends on the arguments. */
export function tierLabel(tool: Pick<ToolDefinition, "risk">): RiskTier | "varies" {
  return typeof tool.risk === "function" ? "varies" : tool.risk;
}
