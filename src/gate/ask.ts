import { linkSignals, whenAborted } from "../core/abort.js";
import type { Clock } from "../core/clock.js";
import type { ConfirmAnswer } from "../core/events.js";
import type { IdGenerator } from "../core/ids.js";
import type { RiskTier, ToolDefinition } from "../core/tool.js";
import type { KillSwitch } from "./kill-switch.js";
import { previewInWords } from "./preview-words.js";
import type { RunScope } from "./types.js";

export interface AskRequest {
  tool: ToolDefinition;
  args: Record<string, unknown>;
  tier: RiskTier;
  /** The gate's terms, for `--verbose`, `--json` and the audit. */
  reason: string;
  /** The call in the person's words, as a question ("Write ~/notes.txt?"). */
  ask: string;
  /** Why it asks, in plain words. */
  why: string;
  callId: string;
  scope: RunScope;
  /** What to show instead of the tool's own preview (a question a tool relayed mid-call). */
  preview?: string;
}

export interface AskOptions {
  killSwitch: KillSwitch;
  ids: IdGenerator;
  clock: Clock;
  timeoutMs: number;
}

/**
 * Gate step 6: puts the exact preview to the user through the run's broker. No answer before
 * the timeout, the kill switch or the run's own stop is a denial; a broker that fails denies.
 */
export async function askUser(request: AskRequest, options: AskOptions): Promise<ConfirmAnswer> {
  const { tool, args, tier, reason, ask, why, callId, scope } = request;
  const tracked = options.killSwitch.track();
  const linked = linkSignals([scope.signal, tracked.controller.signal], options.timeoutMs);
  const confirmationId = options.ids.next("confirm");
  try {
    let preview: string;
    try {
      preview =
        request.preview !== undefined
          ? request.preview
          : tool.preview
            ? await tool.preview(args, { signal: linked.signal, handles: scope.handles })
            : previewInWords(args, tool.parameters);
    } catch (error) {
      preview = `${previewInWords(args, tool.parameters)}\n(preview unavailable: ${(error as Error).message})`;
    }
    const expiresAt = options.clock.now() + options.timeoutMs;
    scope.emit?.({
      type: "confirm_requested",
      data: {
        confirmationId,
        callId,
        tool: tool.name,
        tier,
        reason,
        ask,
        why,
        preview,
        expiresAt,
      },
    });
    const answer = await Promise.race([
      scope.broker.request(
        {
          confirmationId,
          runId: scope.runId,
          callId,
          tool: tool.name,
          args,
          tier,
          reason,
          ask,
          why,
          preview,
          expiresAt,
        },
        linked.signal,
      ),
      whenAborted(linked.signal).catch(() => "timeout" as const),
    ]).catch(() => "deny" as const);
    scope.emit?.({ type: "confirm_resolved", data: { confirmationId, callId, answer } });
    return answer;
  } finally {
    linked.dispose();
    tracked.release();
  }
}
