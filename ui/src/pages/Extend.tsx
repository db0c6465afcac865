import { type FormEvent, useState } from "react";
import { api } from "../api";
import { Chip, Spinner, StatusBadge, TierBadge } from "../components/Badge";
import { type Draft, DraftReview } from "../components/DraftReview";
import { useApi } from "../hooks";

interface SkillInfo {
  name: string;
  status: string;
  where: string;
  description: string | null;
  allowedTools: string[] | null;
  files: string[];
  hash: string | null;
  origin: string | null;
  reason: string | null;
}

interface GeneratedInfo {
  name: string;
  status: string;
  tier: string | null;
  hash: string | null;
  description: string | null;
  reason: string | null;
}

interface ExtendState {
  sandbox: {
    backend: string;
    version: string | null;
    seccomp: boolean;
    cgroups: string | null;
    unavailable: { reason: string; fix: string } | null;
    notes: string[];
  };
  skills: SkillInfo[];
  generated: GeneratedInfo[];
  drafts: Array<{ id: string; status: string; request: string }>;
}

/** Waits for a direct run (a gate call started by a button) to end; its confirmation shows meanwhile. */
async function settled(runId: string): Promise<string> {
  for (;;) {
    const { run } = await api<{ run: { status: string } }>(`/api/runs/${encodeURIComponent(runId)}`);
    if (run.status !== "running") return run.status;
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
}

export function Extend() {
  const { data, error, reload } = useApi<ExtendState>("/api/extend");
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [source, setSource] = useState("");
  const [description, setDescription] = useState("");
  const [draft, setDraft] = useState<Draft | null>(null);

  const act = async (
    label: string,
    path: string,
    body: unknown,
    done: (status: string) => Promise<void> | void,
  ) => {
    setBusy(label);
    setMessage(null);
    try {
      const { runId } = await api<{ runId: string }>(path, { method: "POST", body });
      await done(await settled(runId));
    } catch (caught) {
      setMessage({ ok: false, text: (caught as Error).message });
    } finally {
      setBusy(null);
      reload();
    }
  };
  const outcome = (status: string, what: string) =>
    setMessage(
      status === "finished"
        ? { ok: true, text: `${what}.` }
        : { ok: false, text: `${what} did not happen (${status}); the run shows why.` },
    );

  const addSkill = (event: FormEvent) => {
    event.preventDefault();
    void act("add", "/api/skills", { source }, (status) => {
      outcome(status, "The skill was installed");
      if (status === "finished") setSource("");
    });
  };
  const makeTool = (event: FormEvent) => {
    event.preventDefault();
    setDraft(null);
    void act("make", "/api/factory/make", { description }, async () => {
      const state = await api<ExtendState>("/api/extend");
      const newest = state.drafts.at(-1);
      if (!newest) {
        setMessage({ ok: false, text: "No draft came back; the run on the Runs page says why." });
        return;
      }
      const shown = await api<Draft>(`/api/factory/drafts/${encodeURIComponent(newest.id)}`);
      setDraft(shown);
      setMessage(
        shown.status === "passed"
          ? { ok: true, text: "Its tests passed in the sandbox. Review it below." }
          : { ok: false, text: `Its tests did not pass: ${shown.lastFailure ?? ""}` },
      );
    });
  };

  return (
    <div className="page extend">
      <div className="page-head">
        <h1>Extend</h1>
      </div>
      <p className="muted">
        Skills add instructions and scripts; the tool factory writes new tools. Both are pinned by a content
        hash, their text is treated as untrusted, and their code runs only in the sandbox.
      </p>
      {message && (
        <p className={message.ok ? "success" : "error"} role="status">
          {message.text}
        </p>
      )}
      {error && <p className="error">{error.message}</p>}
      {data && <SandboxState sandbox={data.sandbox} />}

      <section>
        <h2>Skills</h2>
        <form className="row" onSubmit={addSkill}>
          <label className="grow">
            <span className="visually-hidden">Skill source</span>
            <input
              value={source}
              onChange={(e) => setSource(e.target.value)}
              placeholder="A folder, a git URL (URL#folder) or npm:package"
            />
          </label>
          <button type="submit" className="button primary" disabled={!source.trim() || busy !== null}>
            {busy === "add" ? <Spinner /> : "Review and add"}
          </button>
        </form>
        <div className="table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th>Skill</th>
                <th>State</th>
                <th>May use</th>
                <th>What it is for</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data?.skills.map((skill) => (
                <tr key={`${skill.where}:${skill.name}`}>
                  <td>
                    <code>{skill.name}</code>
                    <div className="muted small">
                      {skill.where}
                      {skill.hash ? ` · ${skill.hash.slice(7, 19)}` : ""}
                    </div>
                  </td>
                  <td>
                    <StatusBadge status={skill.status} />
                  </td>
                  <td>
                    {skill.allowedTools ? (
                      skill.allowedTools.map((tool) => <Chip key={tool}>{tool}</Chip>)
                    ) : (
                      <span className="muted">your settings</span>
                    )}
                  </td>
                  <td className="wrap description">
                    {skill.status === "ready" ? skill.description : skill.reason}
                  </td>
                  <td>
                    {skill.hash && (
                      <button
                        type="button"
                        className="button"
                        disabled={busy !== null}
                        onClick={() =>
                          void act(
                            `rm-${skill.name}`,
                            `/api/skills/${encodeURIComponent(skill.name)}/remove`,
                            {},
                            (s) => outcome(s, `${skill.name} was removed`),
                          )
                        }
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.skills.length === 0 && <p className="muted">No skills yet.</p>}
        </div>
      </section>

      <section>
        <h2>Tool factory</h2>
        <form className="row" onSubmit={makeTool}>
          <label className="grow">
            <span className="visually-hidden">What the new tool should do</span>
            <input
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="Make me a tool that turns a CSV file into a markdown table"
            />
          </label>
          <button
            type="submit"
            className="button primary"
            disabled={description.trim().length < 10 || busy !== null}
          >
            {busy === "make" ? <Spinner label="drafting and testing" /> : "Make it"}
          </button>
        </form>
        {draft && (
          <DraftReview
            draft={draft}
            busy={busy !== null}
            onRegister={() =>
              void act(
                "register",
                `/api/factory/drafts/${encodeURIComponent(draft.id)}/register`,
                {},
                (s) => {
                  outcome(s, `${draft.manifest?.name ?? "The tool"} was registered`);
                  if (s === "finished") setDraft(null);
                },
              )
            }
          />
        )}
        <div className="table-wrap">
          <table className="data">
            <thead>
              <tr>
                <th>Tool</th>
                <th>State</th>
                <th>Tier</th>
                <th>What it does</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data?.generated.map((tool) => (
                <tr key={tool.name}>
                  <td>
                    <code>{tool.name}</code>
                    {tool.hash && <div className="muted small">{tool.hash.slice(7, 19)}</div>}
                  </td>
                  <td>
                    <StatusBadge status={tool.status} />
                  </td>
                  <td>
                    <TierBadge tier={tool.tier} />
                  </td>
                  <td className="wrap description">
                    {tool.status === "ready" ? tool.description : tool.reason}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      disabled={busy !== null}
                      onClick={() =>
                        void act(
                          `rm-${tool.name}`,
                          `/api/factory/tools/${encodeURIComponent(tool.name)}/remove`,
                          {},
                          (s) => outcome(s, `${tool.name} was removed`),
                        )
                      }
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.generated.length === 0 && <p className="muted">No generated tools yet.</p>}
        </div>
      </section>
    </div>
  );
}

function SandboxState({ sandbox }: { sandbox: ExtendState["sandbox"] }) {
  if (sandbox.unavailable) {
    return (
      <p className="error" role="status">
        No sandbox: {sandbox.unavailable.reason}. Skill scripts and generated tools will not run.{" "}
        {sandbox.unavailable.fix}.
      </p>
    );
  }
  return (
    <p className="muted small">
      Sandbox: {sandbox.backend} {sandbox.version ?? ""} ·{" "}
      {sandbox.seccomp ? "seccomp filter" : "no seccomp filter"} ·{" "}
      {sandbox.cgroups ? `cgroup ${sandbox.cgroups} limits` : "rlimits only"}
      {sandbox.notes.length > 0 && ` · ${sandbox.notes.join("; ")}`}
    </p>
  );
}
