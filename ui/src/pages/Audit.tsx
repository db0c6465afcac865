import { useState } from "react";
import { DecisionBadge, TierBadge } from "../components/Badge";
import { formatTime } from "../format";
import { useApi } from "../hooks";
import { Link } from "../router";
import type { AuditEntry, ChainStatus } from "../types";

function prettyArgs(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

export function Audit() {
  const [tool, setTool] = useState("");
  const [decision, setDecision] = useState("");
  const [runId, setRunId] = useState("");
  const [applied, setApplied] = useState({ tool: "", decision: "", runId: "" });
  // Loads check only the entries added since the last check; "Verify the whole chain" re-hashes all.
  const [full, setFull] = useState(false);
  const query = new URLSearchParams({ limit: "500" });
  if (full) query.set("verify", "full");
  if (applied.tool) query.set("tool", applied.tool);
  if (applied.decision) query.set("decision", applied.decision);
  if (applied.runId) query.set("runId", applied.runId);
  const { data, error, loading, reload } = useApi<{ entries: AuditEntry[]; chain?: ChainStatus }>(
    `/api/audit?${query}`,
  );
  const chain = data?.chain;
  const entries = data ? [...data.entries].reverse() : [];
  return (
    <div className="page">
      <div className="page-head">
        <h1>Audit log</h1>
        <div className="row">
          <button
            type="button"
            className="button"
            onClick={() => (full ? setFull(false) : reload())}
            disabled={loading}
          >
            Refresh
          </button>
          <button
            type="button"
            className="button"
            onClick={() => (full ? reload() : setFull(true))}
            disabled={loading}
          >
            Verify the whole chain
          </button>
        </div>
      </div>
      {chain && (
        <p className={`chain ${chain.ok ? "chain-ok" : "chain-bad"}`} role="status">
          {chain.ok
            ? chain.mode === "full"
              ? `✓ Chain verified in full: all ${chain.count} entries are intact and in order.`
              : `✓ Chain intact: ${chain.count} entries (new ones checked since the last full verification).`
            : `✗ Chain broken at entry #${chain.firstBad?.seq}: ${chain.firstBad?.problem}. Entries after it cannot be trusted.`}
        </p>
      )}
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied({ tool: tool.trim(), decision, runId: runId.trim() });
        }}
      >
        <label>
          Tool
          <input
            value={tool}
            onChange={(event) => setTool(event.target.value)}
            placeholder="e.g. files_list"
          />
        </label>
        <label>
          Decision
          <select value={decision} onChange={(event) => setDecision(event.target.value)}>
            <option value="">any</option>
            {["allow", "notify", "confirm", "deny"].map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <label>
          Run
          <input value={runId} onChange={(event) => setRunId(event.target.value)} placeholder="run_…" />
        </label>
        <button type="submit" className="button primary">
          Filter
        </button>
      </form>
      {error && <p className="error">{error.message}</p>}
      <div className="table-wrap">
        <table className="data audit">
          <thead>
            <tr>
              <th>#</th>
              <th>Time</th>
              <th>Tool</th>
              <th>Stage</th>
              <th>Tier</th>
              <th>Decision</th>
              <th>Outcome</th>
              <th>Reason and arguments</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.seq} className={chain?.firstBad?.seq === entry.seq ? "bad-row" : undefined}>
                <td>{entry.seq}</td>
                <td className="nowrap">{formatTime(entry.ts)}</td>
                <td>
                  <code>{entry.tool}</code>
                </td>
                <td>{entry.stage}</td>
                <td>
                  <TierBadge tier={entry.tier} />
                </td>
                <td>
                  <DecisionBadge decision={entry.decision ?? undefined} />
                </td>
                <td>{entry.outcome}</td>
                <td className="wrap">
                  <details>
                    <summary>{entry.reason || "—"}</summary>
                    <pre>{prettyArgs(entry.args)}</pre>
                    <p className="muted small">
                      <Link to={`/runs/${entry.runId}`}>run {entry.runId}</Link> · call {entry.callId} · hash{" "}
                      {entry.hash.slice(0, 12)}…
                    </p>
                  </details>
                </td>
              </tr>
            ))}
            {data && entries.length === 0 && (
              <tr>
                <td colSpan={8} className="muted">
                  Nothing recorded
                  {applied.tool || applied.decision || applied.runId ? " for this filter" : " yet"}.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
