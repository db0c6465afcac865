import { type FormEvent, useState } from "react";
import { api } from "../api";
import { formatDuration, formatTime } from "../format";
import { useApi, useLive, useTicker } from "../hooks";
import type { PartStatus, RoutineView } from "../types";

const TRIGGERS = [
  { key: "every", label: "Every (e.g. 15m, 2h, 1d)", field: "every" },
  { key: "cron", label: "Cron (e.g. 0 7 * * 1-5)", field: "cron" },
  { key: "at", label: "Once at (2026-06-12T07:00)", field: "at" },
  { key: "rrule", label: "RRULE (FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0)", field: "rrule" },
  { key: "mail", label: "A mail arrives from…", field: "on_mail_from" },
  { key: "calendar", label: "Minutes before an event", field: "on_event_minutes" },
  { key: "file", label: "A file appears in folder…", field: "on_file_in" },
  { key: "page", label: "A web page changes (URL)", field: "on_page_change" },
  { key: "webhook", label: "Its webhook is called", field: "on_webhook" },
] as const;

/** The service's parts as its supervisor sees them: crashed ones show their restarts and last error. */
function ServiceParts() {
  const store = useLive();
  const now = useTicker(5_000);
  const { data } = useApi<{ pid: number; parts: PartStatus[] }>("/api/service", [
    store.epoch,
    Math.floor(now / 10_000),
  ]);
  if (!data) return null;
  return (
    <section className="panel service-parts" aria-label="Service">
      <h2>Service</h2>
      <ul className="plain">
        {data.parts.map((part) => (
          <li key={part.name} className={`part part-${part.state}`}>
            <strong>{part.name}</strong> {part.state}
            {part.restarts > 0 && ` · restarted ${part.restarts}×`}
            {part.lastError && <span className="muted"> · last error: {part.lastError}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Grants({ routine, changed }: { routine: RoutineView; changed: () => void }) {
  const [adding, setAdding] = useState("");
  const [problem, setProblem] = useState<string>();
  const save = async (grants: string[]) => {
    setProblem(undefined);
    try {
      await api(`/api/routines/${routine.id}`, { method: "PATCH", body: { grants } });
      setAdding("");
      changed();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <div className="grants">
      {routine.grants.length === 0 && <span className="muted">asks before anything with an effect</span>}
      {routine.grants.map((grant) => (
        <span key={grant} className="chip">
          {grant}
          <button
            type="button"
            className="link-button"
            aria-label={`Revoke ${grant} from ${routine.name}`}
            onClick={() => void save(routine.grants.filter((g) => g !== grant))}
          >
            ✕
          </button>
        </span>
      ))}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (adding.trim()) void save([...routine.grants, adding.trim()]);
        }}
      >
        <input
          aria-label={`New grant for ${routine.name}`}
          placeholder="e.g. files_write under ~/Reports"
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
        />
        <button type="submit" className="button small">
          Grant
        </button>
      </form>
      {problem && <p className="error">{problem}</p>}
    </div>
  );
}

function NewRoutine({ created }: { created: () => void }) {
  const [trigger, setTrigger] = useState<(typeof TRIGGERS)[number]["key"]>("every");
  const [value, setValue] = useState("");
  const [name, setName] = useState("");
  const [kind, setKind] = useState<"say" | "ask">("say");
  const [text, setText] = useState("");
  const [grants, setGrants] = useState("");
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const field = TRIGGERS.find((t) => t.key === trigger)!.field;
    const body: Record<string, unknown> = {
      ...(name.trim() ? { name: name.trim() } : {}),
      [field]: trigger === "webhook" ? true : trigger === "calendar" ? Number(value) : value.trim(),
      [kind]: text.trim(),
      ...(grants.trim()
        ? {
            grants: grants
              .split(";")
              .map((g) => g.trim())
              .filter(Boolean),
          }
        : {}),
    };
    try {
      await api("/api/routines", { method: "POST", body });
      setValue("");
      setText("");
      setName("");
      created();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <form className="panel new-routine" onSubmit={(event) => void submit(event)} aria-label="New routine">
      <h2>New routine</h2>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} placeholder="Morning brief" />
      </label>
      <label>
        When
        <select value={trigger} onChange={(e) => setTrigger(e.target.value as typeof trigger)}>
          {TRIGGERS.map((t) => (
            <option key={t.key} value={t.key}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      {trigger !== "webhook" && (
        <label>
          {trigger === "calendar" ? "Minutes" : "Value"}
          <input
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
            aria-label="Trigger value"
          />
        </label>
      )}
      <label>
        Then
        <select value={kind} onChange={(e) => setKind(e.target.value as "say" | "ask")}>
          <option value="say">tell me</option>
          <option value="ask">ask Jarvis to</option>
        </select>
      </label>
      <label>
        {kind === "say" ? "Message" : "Request"}
        <input value={text} onChange={(e) => setText(e.target.value)} required aria-label="What to do" />
      </label>
      <label>
        May do unasked (separate with ;)
        <input
          value={grants}
          onChange={(e) => setGrants(e.target.value)}
          placeholder="notify; mail_send to me"
        />
      </label>
      <button type="submit" className="button primary">
        Save routine
      </button>
      {problem && <p className="error">{problem}</p>}
    </form>
  );
}

/** Routines: next runs, last results, what they cost, their grants; pause, run, remove. */
export function Routines() {
  const store = useLive();
  const now = useTicker(10_000);
  const { data, error, reload } = useApi<{ routines: RoutineView[] }>("/api/routines", [
    store.epoch,
    Math.floor(now / 10_000),
  ]);
  const [problem, setProblem] = useState<string>();
  const act = async (path: string, method: string, body?: unknown) => {
    setProblem(undefined);
    try {
      await api(path, { method, ...(body === undefined ? {} : { body }) });
      reload();
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <div className="page">
      <div className="page-head">
        <h1>Routines</h1>
        <div className="toolbar">
          <button type="button" className="button" onClick={reload}>
            Refresh
          </button>
        </div>
      </div>
      {(error || problem) && <p className="error">{problem ?? error?.message}</p>}
      <ServiceParts />
      <div className="table-wrap">
        <table className="data routines">
          <thead>
            <tr>
              <th>Routine</th>
              <th>When</th>
              <th>Next</th>
              <th>Last result</th>
              <th>Cost so far</th>
              <th>Grants</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.routines.map((routine) => (
              <tr key={routine.id} className={routine.status === "paused" ? "paused" : undefined}>
                <td>
                  <strong>{routine.name}</strong>
                  <div className="muted">
                    {routine.status}
                    {routine.running ? ` · ${routine.running} running` : ""}
                  </div>
                </td>
                <td className="wrap">{routine.when}</td>
                <td className="nowrap">{routine.nextDueAt ? formatTime(routine.nextDueAt) : "—"}</td>
                <td className="wrap">
                  {routine.lastRun
                    ? `${routine.lastRun.status}${routine.lastRun.note ? `: ${routine.lastRun.note}` : ""}`
                    : "not yet"}
                </td>
                <td className="nowrap">
                  {routine.totals.runs} runs · {routine.totals.tokensIn + routine.totals.tokensOut} tokens ·{" "}
                  {formatDuration(routine.totals.timeMs)}
                </td>
                <td>
                  <Grants routine={routine} changed={reload} />
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="button small"
                    onClick={() =>
                      void act(`/api/routines/${routine.id}`, "PATCH", {
                        status: routine.status === "active" ? "paused" : "active",
                      })
                    }
                  >
                    {routine.status === "active" ? "Pause" : "Resume"}
                  </button>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => void act(`/api/routines/${routine.id}/run`, "POST")}
                  >
                    Run now
                  </button>
                  <button
                    type="button"
                    className="button small danger"
                    onClick={() => void act(`/api/routines/${routine.id}`, "DELETE")}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
            {data && data.routines.length === 0 && (
              <tr>
                <td colSpan={7} className="muted">
                  No routines yet. Add one below, or say “remind me every Monday at 9 to file my timesheet”.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <NewRoutine created={reload} />
    </div>
  );
}
