import { useMemo, useState } from "react";
import { api } from "../api";
import { Chip, TierBadge } from "../components/Badge";
import { useApi } from "../hooks";
import type { ToolInfo } from "../types";

type Override = "" | "auto" | "confirm" | "deny";

export function Tools() {
  const { data, error, reload } = useApi<{ tools: ToolInfo[] }>("/api/tools");
  const [filter, setFilter] = useState("");
  const [saving, setSaving] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const byGroup = new Map<string, ToolInfo[]>();
    for (const tool of data?.tools ?? []) {
      if (
        needle &&
        !`${tool.name} ${tool.group} ${tool.description} ${tool.effects.join(" ")}`
          .toLowerCase()
          .includes(needle)
      ) {
        continue;
      }
      const list = byGroup.get(tool.group) ?? [];
      list.push(tool);
      byGroup.set(tool.group, list);
    }
    return [...byGroup.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [data, filter]);

  const setOverride = async (tool: string, value: Override) => {
    setSaving(tool);
    setMessage(null);
    try {
      await api("/api/settings", {
        method: "PUT",
        body: { policy: { tools: { [tool]: value === "" ? null : value } } },
      });
      setMessage({
        ok: true,
        text: value
          ? `${tool}: now “${value}”, saved to config.yaml.`
          : `${tool}: back to the default policy.`,
      });
      reload();
    } catch (caught) {
      setMessage({ ok: false, text: (caught as Error).message });
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="page">
      <div className="page-head">
        <h1>Tools</h1>
        <label className="search">
          <span className="visually-hidden">Filter tools</span>
          <input
            type="search"
            placeholder="Filter tools…"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </label>
      </div>
      <p className="muted">
        Every action passes the gate. The tier is the tool's base risk (arguments can raise it); the policy
        column overrides what your autonomy level would decide for that tool.
      </p>
      {message && (
        <p className={message.ok ? "success" : "error"} role="status">
          {message.text}
        </p>
      )}
      {error && <p className="error">{error.message}</p>}
      {!data && !error && <p className="muted">Loading…</p>}
      {groups.map(([group, tools]) => (
        <section key={group} className="tool-group">
          <h2>
            {group} <span className="muted">{tools.length}</span>
          </h2>
          <div className="table-wrap">
            <table className="data">
              <thead>
                <tr>
                  <th>Tool</th>
                  <th>Tier</th>
                  <th>Effects</th>
                  <th>What it does</th>
                  <th>Policy</th>
                </tr>
              </thead>
              <tbody>
                {tools.map((tool) => (
                  <tr key={tool.name} className={tool.unavailable ? "unavailable" : undefined}>
                    <td>
                      <code>{tool.name}</code>
                      {tool.unavailable && (
                        <div className="muted small" title={tool.unavailable}>
                          unavailable: {tool.unavailable}
                        </div>
                      )}
                    </td>
                    <td>
                      {tool.tier === "varies" ? (
                        <span className="badge">varies</span>
                      ) : (
                        <TierBadge tier={tool.tier} />
                      )}
                    </td>
                    <td>
                      {tool.effects.map((effect) => (
                        <Chip key={effect}>{effect}</Chip>
                      ))}
                    </td>
                    <td className="wrap description">{tool.description.split("\n")[0]}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={`policy-${tool.name}`}>
                        Policy for {tool.name}
                      </label>
                      <select
                        id={`policy-${tool.name}`}
                        value={tool.override ?? ""}
                        disabled={saving === tool.name}
                        onChange={(event) => void setOverride(tool.name, event.target.value as Override)}
                      >
                        <option value="">default</option>
                        <option value="auto">auto</option>
                        <option value="confirm">always ask</option>
                        <option value="deny">never</option>
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
