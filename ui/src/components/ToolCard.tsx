import { formatArgs, formatDuration } from "../format";
import type { ToolCallView } from "../turn";
import { DecisionBadge, Spinner, TierBadge } from "./Badge";

const STAGE_LABEL: Record<ToolCallView["stage"], string> = {
  proposed: "proposed",
  decided: "approved",
  confirming: "waiting for your approval",
  running: "running",
  done: "done",
  failed: "failed",
  denied: "not run",
};

const ANSWER_LABEL: Record<string, string> = {
  approve: "you approved",
  approve_session: "you approved for this session",
  deny: "you denied it",
  timeout: "no answer in time",
};

/** One tool call as it moves proposed → decided → running → result (or refused / denied). */
export function ToolCard({ call, hideOutput = false }: { call: ToolCallView; hideOutput?: boolean }) {
  const args = formatArgs(call.args);
  const hasArgs = args !== "" && args !== "{}";
  const stageLabel =
    call.stage === "decided" && call.decision !== "confirm" ? "starting" : STAGE_LABEL[call.stage];
  return (
    <article
      className={`tool-card stage-${call.stage}`}
      aria-label={`tool ${call.tool}: ${stageLabel}`}
      data-call={call.callId}
    >
      <header>
        <span className="tool-icon" aria-hidden="true">
          {call.stage === "done" ? "✓" : call.stage === "failed" ? "✗" : call.stage === "denied" ? "⛔" : "⚙"}
        </span>
        <code className="tool-name">{call.tool}</code>
        <TierBadge tier={call.tier} />
        <DecisionBadge decision={call.decision} answer={call.answer} />
        <span className="tool-stage">
          {(call.stage === "running" || call.stage === "proposed") && <Spinner />}
          {call.stage === "confirming" && <span className="pulse" aria-hidden="true" />}
          {stageLabel}
          {call.durationMs !== undefined && call.stage !== "denied"
            ? ` · ${formatDuration(call.durationMs)}`
            : ""}
        </span>
      </header>
      {call.stage === "denied" && (
        <p className="tool-reason">
          {call.answer ? (
            `${ANSWER_LABEL[call.answer] ?? call.answer}.`
          ) : (
            <>
              {call.code ? <code>{call.code}</code> : null} {call.reason}
            </>
          )}
        </p>
      )}
      {call.stage === "confirming" && <p className="tool-reason">{call.reason}</p>}
      {hasArgs && (
        <details className="tool-args">
          <summary>arguments</summary>
          <pre>{args}</pre>
        </details>
      )}
      {call.stage === "done" && !hideOutput && call.output !== undefined && call.output !== "" && (
        <pre className="tool-output">{call.output}</pre>
      )}
      {call.stage === "failed" && call.error && (
        <p className="tool-error">
          <code>{call.error.code}</code> {call.error.message}
        </p>
      )}
    </article>
  );
}
