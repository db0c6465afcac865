import { callWords } from "../call-words";
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

/**
 * One call as it moves proposed → decided → running → result (or refused / denied), said in
 * the person's words: the call as the tool describes it (the question's words), and a failure
 * as one sentence with its fix. The tool's name, its risk tier, the gate's decision and reason,
 * error codes and the raw arguments are under "details".
 */
export function ToolCard({ call, hideOutput = false }: { call: ToolCallView; hideOutput?: boolean }) {
  const args = formatArgs(call.args);
  const hasArgs = args !== "" && args !== "{}";
  const stageLabel =
    call.stage === "decided" && call.decision !== "confirm" ? "starting" : STAGE_LABEL[call.stage];
  const words = callWords(call);
  const code = call.error?.code ?? call.code;
  return (
    <article
      className={`tool-card stage-${call.stage}`}
      aria-label={`${words.title}: ${stageLabel}`}
      data-call={call.callId}
    >
      <header>
        <span className="tool-icon" aria-hidden="true">
          {call.stage === "done" ? "✓" : call.stage === "failed" ? "✗" : call.stage === "denied" ? "⛔" : "⚙"}
        </span>
        <span className="tool-says">{words.title}</span>
        <span className="tool-stage">
          {(call.stage === "running" || call.stage === "proposed") && <Spinner />}
          {call.stage === "confirming" && <span className="pulse" aria-hidden="true" />}
          {stageLabel}
          {call.durationMs !== undefined && call.stage !== "denied"
            ? ` · ${formatDuration(call.durationMs)}`
            : ""}
        </span>
      </header>
      {call.stage === "denied" && call.answer && (
        <p className="tool-reason">{`${ANSWER_LABEL[call.answer] ?? "not answered"}.`}</p>
      )}
      {words.problem && (
        <p className={call.stage === "failed" ? "tool-error" : "tool-reason"}>{words.problem}</p>
      )}
      {call.stage === "confirming" && call.why && <p className="tool-reason">{call.why}</p>}
      {call.stage === "done" && !hideOutput && call.output !== undefined && call.output !== "" && (
        <pre className="tool-output">{call.output}</pre>
      )}
      <details className="tool-details">
        <summary>details</summary>
        <p className="tool-facts">
          <code className="tool-name">{call.tool}</code>
          <TierBadge tier={call.tier} />
          <DecisionBadge decision={call.decision} answer={call.answer} />
          {code ? <code className="tool-code">{code}</code> : null}
        </p>
        {call.reason && <p className="muted small tool-gate-reason">{call.reason}</p>}
        {call.stage === "failed" && call.error && <p className="muted small">{call.error.message}</p>}
        {hasArgs && <pre className="tool-args">{args}</pre>}
      </details>
    </article>
  );
}
