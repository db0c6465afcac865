import { useEffect, useState } from "react";
import { api } from "../api";
import { StatusBadge } from "../components/Badge";
import { Turn } from "../components/Turn";
import { formatArgs, formatDuration, formatTime } from "../format";
import { useApi, useLive } from "../hooks";
import { Link, navigate } from "../router";
import { foldTurn } from "../turn";
import type { JarvisEvent, RunDetail, RunSummary, StepRecord, TokenCount } from "../types";

export function Runs() {
  const store = useLive();
  const [status, setStatus] = useState("");
  const { data, error, loading, reload } = useApi<{ runs: RunSummary[]; active: string[] }>(
    `/api/runs?limit=200${status ? `&status=${status}` : ""}`,
    [store.epoch, store.active.size],
  );
  return (
    <div className="page">
      <div className="page-head">
        <h1>Runs</h1>
        <div className="toolbar">
          <label className="inline-label">
            Status
            <select value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="">all</option>
              {["running", "finished", "denied", "failed", "cancelled", "interrupted"].map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          <button type="button" className="button" onClick={reload} disabled={loading}>
            Refresh
          </button>
        </div>
      </div>
      {error && <p className="error">{error.message}</p>}
      <div className="table-wrap">
        <table className="data">
          <thead>
            <tr>
              <th>Status</th>
              <th>Request</th>
              <th>From</th>
              <th>Started</th>
              <th>Took</th>
              <th>Steps</th>
              <th>Tokens</th>
            </tr>
          </thead>
          <tbody>
            {data?.runs.map((run) => (
              <tr key={run.id} className="clickable" onClick={() => navigate(`/runs/${run.id}`)}>
                <td>
                  <StatusBadge status={run.status} />
                </td>
                <td className="wrap">
                  <Link to={`/runs/${run.id}`}>{run.input}</Link>
                </td>
                <td>{run.source}</td>
                <td className="nowrap">{formatTime(run.createdAt)}</td>
                <td>{run.finishedAt ? formatDuration(run.finishedAt - run.createdAt) : "—"}</td>
                <td>{run.stepCount}</td>
                <td className="nowrap">{run.tokens ? formatTokens(run.tokens) : "—"}</td>
              </tr>
            ))}
            {data && data.runs.length === 0 && (
              <tr>
                <td colSpan={7} className="muted">
                  No runs yet. Ask something in the chat.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** "1,234 in / 56 out": prompt and answer tokens as the model server reported them. */
function formatTokens(tokens: TokenCount): string {
  return `${tokens.input.toLocaleString()} in / ${tokens.output.toLocaleString()} out`;
}

/** A model step's own tokens, when its server reported them. */
function stepTokens(step: StepRecord): string | undefined {
  const usage = (step.result as { usage?: { input?: number; output?: number } } | undefined)?.usage;
  return usage?.input !== undefined
    ? formatTokens({ input: usage.input, output: usage.output ?? 0 })
    : undefined;
}

/** What a person reads of a step's outcome: its message or output (never the model's observation). */
function stepResult(step: StepRecord): string {
  const result = step.result as { message?: string; output?: string; code?: string } | undefined;
  const said = result?.message || result?.output || "";
  return result?.code && said ? `${result.code}: ${said}` : said;
}

export function RunPage({ id }: { id: string }) {
  const store = useLive();
  const [problem, setProblem] = useState<string | null>(null);
  const ended = !store.active.has(id);
  const { data, error, reload } = useApi<{ run: RunDetail; events: JarvisEvent[] }>(
    `/api/runs/${encodeURIComponent(id)}`,
    [store.epoch, ended],
  );
  useEffect(() => {
    if (data) store.mergeRun(id, data.events, data.run.sessionId);
  }, [data, id, store]);
  const entry = store.runs.get(id);
  const turn = entry && entry.events.length > 0 ? foldTurn(id, entry.events) : undefined;
  if (error) return <p className="error page">{error.message}</p>;
  if (!data) return <p className="muted page">Loading…</p>;
  const { run } = data;
  const resume = async () => {
    setProblem(null);
    try {
      await api(`/api/runs/${encodeURIComponent(id)}/resume`, { method: "POST" });
      reload();
    } catch (caught) {
      setProblem((caught as Error).message);
    }
  };
  return (
    <div className="page">
      <p>
        <Link to="/runs">← All runs</Link>
      </p>
      <div className="page-head">
        <h1 className="wrap">{run.input}</h1>
        <div className="toolbar">
          <StatusBadge status={store.active.has(id) ? "running" : run.status} />
          {run.status === "interrupted" && !store.active.has(id) && (
            <button type="button" className="button primary" onClick={() => void resume()}>
              Resume run
            </button>
          )}
        </div>
      </div>
      {problem && <p className="error">{problem}</p>}
      <dl className="facts">
        <dt>Run</dt>
        <dd>
          <code>{run.id}</code>
        </dd>
        <dt>From</dt>
        <dd>{run.source}</dd>
        <dt>Mode</dt>
        <dd>{[run.mode, run.model, run.size].filter(Boolean).join(" · ") || "—"}</dd>
        <dt>Started</dt>
        <dd>{formatTime(run.createdAt)}</dd>
        {run.finishedAt && (
          <>
            <dt>Took</dt>
            <dd>{formatDuration(run.finishedAt - run.createdAt)}</dd>
          </>
        )}
        <dt>Tokens</dt>
        <dd>{run.tokens ? formatTokens(run.tokens) : "none reported"}</dd>
        {run.session && run.session.runs > 1 && (
          <>
            <dt>Conversation</dt>
            <dd>
              {formatTokens(run.session.tokens)} over {run.session.runs} runs
            </dd>
          </>
        )}
      </dl>
      {turn && (
        <>
          <h2>As it happened</h2>
          <div className="run-turn">
            <Turn turn={turn} active={store.active.has(id)} />
          </div>
        </>
      )}
      <h2>Steps</h2>
      <ol className="timeline">
        {run.steps.map((step) => (
          <li key={step.seq} className={`step step-${step.status}`}>
            <div className="step-head">
              <span className="step-kind">{step.kind === "model" ? "model" : <code>{step.tool}</code>}</span>
              <StatusBadge status={step.status} />
              <span className="muted">
                round {step.round} · {formatTime(step.startedAt)}
                {step.endedAt ? ` · ${formatDuration(step.endedAt - step.startedAt)}` : ""}
                {step.sideEffect ? " · side effect" : ""}
                {stepTokens(step) ? ` · ${stepTokens(step)}` : ""}
              </span>
            </div>
            {step.kind === "tool" && (
              <details>
                <summary>arguments and result</summary>
                <pre>{formatArgs(step.args)}</pre>
                {stepResult(step) && <pre>{stepResult(step)}</pre>}
              </details>
            )}
          </li>
        ))}
        {run.steps.length === 0 && <li className="muted">No steps recorded.</li>}
      </ol>
    </div>
  );
}
