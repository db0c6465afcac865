import { useState } from "react";
import { formatDuration, formatTime } from "../format";
import { live } from "../live";
import { Markdown } from "../markdown";
import { Link } from "../router";
import type { TurnView } from "../turn";
import { Spinner } from "./Badge";
import { PlanList } from "./PlanList";
import { ToolCard } from "./ToolCard";

/** Column-aligned text (a listing, a table from a tool) keeps its layout instead of becoming prose. */
function isTabular(text: string): boolean {
  const lines = text.trim().split("\n");
  return (
    lines.length > 1 &&
    lines.filter((line) => / {2,}|\t/.test(line.trim())).length >= Math.ceil(lines.length / 2)
  );
}

/** One exchange: what was asked, then the plan, tool cards, notices and the streamed answer. */
export function Turn({ turn, active }: { turn: TurnView; active: boolean }) {
  const [stopping, setStopping] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const running = active && turn.status === "running";
  const interrupted = !active && turn.status === "running";
  const stop = async () => {
    setStopping(true);
    try {
      await live.send({ type: "kill", runId: turn.runId });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setStopping(false);
    }
  };
  const resume = async () => {
    try {
      await live.send({ type: "resume", runId: turn.runId });
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <section className="turn" aria-label={`request: ${turn.input}`} data-run={turn.runId}>
      <div className="bubble user">
        <p>{turn.input}</p>
      </div>
      <div className="bubble assistant" aria-live={running ? "polite" : "off"} aria-busy={running}>
        {turn.plan && turn.plan.length > 0 && <PlanList steps={turn.plan} />}
        {turn.items.map((item) =>
          item.kind === "tool" ? (
            <ToolCard
              key={item.call.callId}
              call={item.call}
              hideOutput={item.call.callId === turn.answerCallId}
            />
          ) : (
            <p key={`n${item.seq}`} className={`notice notice-${item.level}`}>
              {item.level === "warn" ? "⚠ " : "ℹ "}
              {item.message}
            </p>
          ),
        )}
        {turn.text &&
          (isTabular(turn.text) ? (
            <pre className="answer-pre">{turn.text}</pre>
          ) : (
            <Markdown text={turn.text} />
          ))}
        {running &&
          !turn.text &&
          !turn.items.some((i) => i.kind === "tool" && ["running", "confirming"].includes(i.call.stage)) && (
            <p className="thinking">
              <Spinner label="working" /> working…
            </p>
          )}
        {turn.status === "failed" && turn.error && (
          <p className="error" role="alert">
            <code>{turn.error.code}</code> {turn.error.message}
          </p>
        )}
        {turn.status === "cancelled" && <p className="notice notice-warn">■ Stopped: {turn.cancelReason}</p>}
        {interrupted && (
          <p className="notice notice-warn">This run was interrupted (Jarvis stopped while it ran).</p>
        )}
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        <footer className="turn-meta">
          <span>{formatTime(turn.startedAt)}</span>
          {turn.endedAt !== undefined && <span>· {formatDuration(turn.endedAt - turn.startedAt)}</span>}
          <Link to={`/runs/${turn.runId}`} className="subtle-link">
            details
          </Link>
          {running && (
            <button
              type="button"
              className="button small danger"
              onClick={() => void stop()}
              disabled={stopping}
            >
              ■ Stop
            </button>
          )}
          {interrupted && (
            <button type="button" className="button small" onClick={() => void resume()}>
              Resume
            </button>
          )}
        </footer>
      </div>
    </section>
  );
}
