import { StatusBadge, TierBadge } from "../components/Badge";
import { useApi } from "../hooks";

interface McpServerInfo {
  name: string;
  kind: "stdio" | "http";
  target: string;
  settings: string[];
  tier: string;
  enabled: boolean;
  state: string;
  protocolVersion: string | null;
  restarts: number;
  error: { message: string; fix?: string } | null;
  warnings: string[];
  tools: Array<{ name: string; tier: string }>;
}

const STATE_LABEL: Record<string, string> = {
  ready: "running",
  starting: "starting",
  failed: "not running",
  needs_login: "needs sign-in",
  stopped: "stopped",
  disabled: "disabled",
  "not connected": "not connected",
};

/** The MCP servers Jarvis uses: their state, their tools as the gate sees them, and what is wrong. */
export function Mcp() {
  const { data, error, reload } = useApi<{ servers: McpServerInfo[] }>("/api/mcp");
  return (
    <div className="page">
      <div className="page-head">
        <h1>MCP servers</h1>
        <button type="button" className="button" onClick={() => reload()}>
          Refresh
        </button>
      </div>
      <p className="muted">
        Tools from these servers pass the gate like Jarvis' own. What they return is treated as third-party
        text, and their own descriptions of their tools can only make Jarvis more careful, never less. Add one
        with <code>jarvis mcp add NAME -- COMMAND</code> or <code>jarvis mcp add NAME --url URL</code>.
      </p>
      {error && <p className="error">{error.message}</p>}
      {!data && !error && <p className="muted">Loading…</p>}
      {data && data.servers.length === 0 && <p className="muted">No MCP servers yet.</p>}
      {data?.servers.map((server) => (
        <section key={server.name} className="tool-group">
          <h2>
            {server.name} <StatusBadge status={STATE_LABEL[server.state] ?? server.state} />{" "}
            <TierBadge tier={server.tier} />
          </h2>
          <p className="muted small">
            {server.kind === "stdio" ? "runs " : "at "}
            <code>{server.target}</code>
            {server.settings.length > 0 && (
              <>
                {" "}
                · {server.kind === "stdio" ? "environment" : "headers"}: {server.settings.join(", ")}
              </>
            )}
            {server.protocolVersion && <> · protocol {server.protocolVersion}</>}
            {server.restarts > 0 && <> · restarted {server.restarts}×</>}
          </p>
          {server.error && server.state !== "ready" && (
            <p className="error" role="status">
              {server.error.message}
              {server.error.fix && <> — {server.error.fix}</>}
            </p>
          )}
          {server.warnings.map((warning) => (
            <p key={warning} className="muted small">
              ! {warning}
            </p>
          ))}
          {server.tools.length > 0 && (
            <ul className="chips">
              {server.tools.map((tool) => (
                <li key={tool.name}>
                  <code>{tool.name}</code> <TierBadge tier={tool.tier} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
