import { isTimeoutReason, linkSignals, whenAborted } from "../core/abort.js";
import type { Clock } from "../core/clock.js";
import { toJarvisError } from "../core/errors.js";
import type { Logger } from "../core/logger.js";
import type { ToolContext, ToolDefinition, ToolResult } from "../core/tool.js";
import { doingWords } from "./describe-call.js";
import { HeldText, privateWhat } from "./flow.js";
import type { KillSwitch } from "./kill-switch.js";
import type { CallStatus, RunScope } from "./types.js";

export interface ExecutionOutcome {
  status: CallStatus;
  result?: ToolResult;
  error?: { code: string; message: string };
  /** For people: the output when ok, else what went wrong; `fix` what to do about it. */
  message: string;
  fix?: string;
  /** For the model only. */
  observation: string;
}

export interface ExecutorOptions {
  killSwitch: KillSwitch;
  clock: Clock;
  logger: Logger;
  /** A function is read for each call (a reloaded config.yaml's `policy.tool_timeout_s`). */
  defaultTimeoutMs: number | (() => number);
  maxOutputChars: number;
  /**
   * The call in the person's words, imperative ("Read ~/notes.txt"): progress lines say it as
   * what is being done (`tool_started.doing`), questions ask it. None: no words.
   */
  describe?: (tool: ToolDefinition, args: Record<string, unknown>) => Promise<string | undefined>;
}

const ABORTED = Symbol("aborted");

/** A setting given as a value or as a function read each time (a reloaded config.yaml). */
export function current<T>(setting: T | (() => T)): T {
  return typeof setting === "function" ? (setting as () => T)() : setting;
}

/**
 * Gate step 7: runs an authorized call with a per-call timeout and an AbortSignal linked to the
 * run and the kill switch; bounds its output; fences untrusted output and taints the run.
 * A result that arrives after the abort does not count. Errors become outcomes, never throws.
 */
export class Executor {
  constructor(private readonly options: ExecutorOptions) {}

  async run(
    tool: ToolDefinition,
    args: Record<string, unknown>,
    callId: string,
    scope: RunScope,
    reach: Pick<ToolContext, "callTool" | "confirm"> & {
      /** The gate already described the call (its decision's words): not described again. */
      described?: { words: string | undefined };
    } = {},
  ): Promise<ExecutionOutcome> {
    if (scope.signal?.aborted) return cancelledOutcome();
    const tracked = this.options.killSwitch.track();
    const linked = linkSignals(
      [scope.signal, tracked.controller.signal],
      tool.timeoutMs ?? current(this.options.defaultTimeoutMs),
    );
    const startedAt = this.options.clock.now();
    scope.onStarted?.(callId);
    const said = reach.described
      ? reach.described.words
      : scope.emit
        ? await this.options.describe?.(tool, args).catch(() => undefined)
        : undefined;
    const doing = said ? doingWords(said) : undefined;
    scope.emit?.({ type: "tool_started", data: { callId, tool: tool.name, ...(doing ? { doing } : {}) } });
    let outcome: ExecutionOutcome;
    try {
      const result = await Promise.race([
        tool.execute(args, {
          signal: linked.signal,
          runId: scope.runId,
          callId,
          sessionId: scope.sessionId,
          handles: scope.handles,
          logger: this.options.logger.child({ tool: tool.name, callId }),
          clock: this.options.clock,
          emit: scope.emit,
          task: scope.task,
          flow: { said: scope.userText, untrustedGroups: scope.taint.groups ?? [] },
          ...(reach.callTool ? { callTool: reach.callTool } : {}),
          ...(reach.confirm ? { confirm: reach.confirm } : {}),
        }),
        whenAborted(linked.signal).catch(() => ABORTED),
      ]);
      // A result that arrives after the abort does not count: the call was cancelled.
      if (result === ABORTED || linked.signal.aborted) {
        outcome = isTimeoutReason(linked.signal.reason) ? timedOut() : cancelledOutcome();
      } else {
        outcome = this.fromResult(tool, args, result as ToolResult, scope);
      }
    } catch (error) {
      const failure = toJarvisError(error, "TOOL_FAILED");
      outcome =
        failure.code === "CANCELLED" || linked.signal.aborted
          ? isTimeoutReason(linked.signal.reason)
            ? timedOut()
            : cancelledOutcome()
          : failedOutcome("failed", failure.code, failure.message, failure.fix);
    } finally {
      linked.dispose();
      tracked.release();
    }
    scope.emit?.({
      type: "tool_finished",
      data: {
        callId,
        tool: tool.name,
        ok: outcome.status === "ok",
        output: outcome.result?.output ?? outcome.observation,
        ...(outcome.error
          ? { error: { ...outcome.error, ...(outcome.fix ? { fix: outcome.fix } : {}) } }
          : {}),
        durationMs: this.options.clock.now() - startedAt,
      },
    });
    return outcome;
  }

  private fromResult(
    tool: ToolDefinition,
    args: Record<string, unknown>,
    result: ToolResult,
    scope: RunScope,
  ): ExecutionOutcome {
    if (!result || typeof result !== "object" || typeof result.output !== "string") {
      return failedOutcome("failed", "TOOL_FAILED", `${tool.name} returned no result`);
    }
    let output = result.output;
    if (output.length > this.options.maxOutputChars) {
      output = `${output.slice(0, this.options.maxOutputChars)}\n…[truncated ${output.length - this.options.maxOutputChars} characters]`;
    }
    const bounded: ToolResult = { ...result, output };
    // The proposer reads third-party text fenced off, so it can tell data from instructions.
    let observation = output;
    if (result.ok && tool.sensitivity === "private") {
      const what = privateWhat(tool, args);
      scope.taint.private ??= [];
      if (!scope.taint.private.some((entry) => entry.tool === tool.name && entry.what === what)) {
        scope.taint.private.push({ tool: tool.name, what });
      }
      scope.held ??= new HeldText();
      scope.held.add(output, what);
    }
    // A failure's text is the tool's own message (not fenced, see below): only results taint.
    if (result.ok && (tool.trust === "untrusted" || result.trust === "untrusted")) {
      scope.taint.tainted = true;
      if (!scope.taint.sources.includes(tool.name)) scope.taint.sources.push(tool.name);
      scope.taint.groups ??= [];
      if (!scope.taint.groups.includes(tool.group)) scope.taint.groups.push(tool.group);
      observation = `<untrusted source="${tool.name}">\n${output}\n</untrusted>`;
    }
    // A tool that activates something (a skill) restricts the rest of the run.
    if (result.ok && result.restrict) {
      scope.restrictions ??= [];
      scope.restrictions.push(result.restrict);
    }
    if (!result.ok) {
      const { fix, ...error } = result.error ?? { code: "TOOL_FAILED", message: output };
      return {
        status: "failed",
        result: bounded,
        error,
        message: error.message,
        ...(fix ? { fix } : {}),
        observation: `ERROR ${error.code}: ${error.message}`,
      };
    }
    return { status: "ok", result: bounded, message: output, observation };
  }
}

function failedOutcome(status: CallStatus, code: string, message: string, fix?: string): ExecutionOutcome {
  return {
    status,
    error: { code, message },
    message,
    ...(fix ? { fix } : {}),
    observation: `ERROR ${code}: ${message}`,
  };
}

/** Said to the person as it is (the card's sentence, the CLI's line): no tool name in it. */
function timedOut(): ExecutionOutcome {
  return failedOutcome(
    "timeout",
    "TIMEOUT",
    "it took too long and was stopped",
    "try again; a slow step can be given longer with policy.tool_timeout_s in config.yaml",
  );
}

function cancelledOutcome(): ExecutionOutcome {
  return failedOutcome("cancelled", "CANCELLED", "it was stopped before it finished");
}
