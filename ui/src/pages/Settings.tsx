import { useEffect, useState } from "react";
import { ApiError, api } from "../api";
import {
  ModelFields,
  type ModelForm,
  modelPatch,
  type Provider,
  RootList,
} from "../components/SettingsFields";
import { useApi } from "../hooks";

interface Form {
  autonomy: string;
  confirm_timeout_s: string;
  primary: ModelForm;
  heavy: ModelForm;
  read_roots: string[];
  write_roots: string[];
  deny: string[];
}
interface ConfigShape {
  policy: { autonomy: string; confirm_timeout_s: number };
  models: { primary?: Partial<ModelForm>; heavy?: Partial<ModelForm> };
  files: { read_roots: string[]; write_roots: string[]; deny: string[] };
}

const AUTONOMY = [
  { value: "ask_all", title: "Ask for everything", text: "Every action waits for your approval." },
  {
    value: "smart",
    title: "Smart (recommended)",
    text: "Safe actions run; risky ones ask; destructive ones always ask.",
  },
  { value: "full_auto", title: "Full auto", text: "Only destructive actions ask. Use with care." },
];
function modelForm(model?: Partial<ModelForm>): ModelForm {
  return {
    provider: (model?.provider as Provider) ?? "none",
    model: model?.model ?? "",
    base_url: model?.base_url ?? "",
    api_key_env: model?.api_key_env ?? "",
  };
}

function formFrom(config: ConfigShape): Form {
  return {
    autonomy: config.policy.autonomy,
    confirm_timeout_s: String(config.policy.confirm_timeout_s),
    primary: modelForm(config.models.primary),
    heavy: modelForm(config.models.heavy),
    read_roots: config.files.read_roots,
    write_roots: config.files.write_roots,
    deny: config.files.deny,
  };
}

function patchOf(before: Form, after: Form): Record<string, unknown> {
  const patch: Record<string, Record<string, unknown>> = {};
  const put = (section: string, key: string, value: unknown) => {
    patch[section] = { ...(patch[section] ?? {}), [key]: value };
  };
  if (after.autonomy !== before.autonomy) put("policy", "autonomy", after.autonomy);
  if (after.confirm_timeout_s !== before.confirm_timeout_s) {
    const n = Number(after.confirm_timeout_s);
    put(
      "policy",
      "confirm_timeout_s",
      Number.isFinite(n) && after.confirm_timeout_s.trim() !== "" ? n : after.confirm_timeout_s,
    );
  }
  for (const role of ["primary", "heavy"] as const) {
    if (JSON.stringify(after[role]) !== JSON.stringify(before[role]))
      put("models", role, modelPatch(after[role]));
  }
  for (const key of ["read_roots", "write_roots", "deny"] as const) {
    const clean = after[key].map((p) => p.trim()).filter(Boolean);
    if (JSON.stringify(clean) !== JSON.stringify(before[key])) put("files", key, clean);
  }
  return patch;
}

export function Settings() {
  const { data, error } = useApi<{ config: ConfigShape; file: string; restartPending?: string[] }>(
    "/api/settings",
  );
  const [saved, setSaved] = useState<Form | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string; path?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  // Settings config.yaml changes that Jarvis reads only when it starts, each in a sentence
  const [pending, setPending] = useState<string[]>([]);
  useEffect(() => {
    if (data) {
      const loaded = formFrom(data.config);
      setSaved(loaded);
      setForm(loaded);
      setPending(data.restartPending ?? []);
    }
  }, [data]);
  if (error) return <p className="error page">{error.message}</p>;
  if (!form || !saved || !data) return <p className="muted page">Loading…</p>;
  const patch = patchOf(saved, form);
  const dirty = Object.keys(patch).length > 0;
  const save = async () => {
    setSaving(true);
    setStatus(null);
    try {
      const result = await api<{ config: ConfigShape; restartRequired: string[]; restartPending?: string[] }>(
        "/api/settings",
        { method: "PUT", body: patch },
      );
      const next = formFrom(result.config);
      setSaved(next);
      setForm(next);
      setPending(result.restartPending ?? []);
      setStatus({
        ok: true,
        text:
          result.restartRequired.length > 0
            ? `Saved to ${data.file}. Some of it applies when Jarvis restarts (see below).`
            : `Saved to ${data.file}; in effect now.`,
      });
    } catch (caught) {
      const path = caught instanceof ApiError ? caught.path : undefined;
      setStatus({ ok: false, text: (caught as Error).message, ...(path ? { path } : {}) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="page settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="page-head">
        <h1>Settings</h1>
        <div className="toolbar">
          <button type="button" className="button" disabled={!dirty || saving} onClick={() => setForm(saved)}>
            Discard
          </button>
          <button type="submit" className="button primary" disabled={!dirty || saving}>
            {saving ? "Saving…" : "Save"}
          </button>
        </div>
      </div>
      {status?.ok && (
        <p className="success" role="status">
          {status.text}
        </p>
      )}
      {status && !status.ok && (
        <p className="error" role="alert">
          {status.text}
        </p>
      )}
      {pending.length > 0 && (
        <div className="notice restart-pending" role="note" aria-label="Waiting for a restart">
          {pending.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p className="muted small">
            To apply it now, restart Jarvis: <code>jarvis service stop</code>, then{" "}
            <code>jarvis service start</code>.
          </p>
        </div>
      )}
      <fieldset>
        <legend>Autonomy</legend>
        <div className="choices">
          {AUTONOMY.map((option) => (
            <label
              key={option.value}
              className={`choice ${form.autonomy === option.value ? "selected" : ""}`}
            >
              <input
                type="radio"
                name="autonomy"
                value={option.value}
                checked={form.autonomy === option.value}
                onChange={() => setForm({ ...form, autonomy: option.value })}
              />
              <span>
                <strong>{option.title}</strong>
                <span className="muted small">{option.text}</span>
              </span>
            </label>
          ))}
        </div>
        <label htmlFor="confirm-timeout" className="inline">
          Deny unanswered confirmations after
          <input
            id="confirm-timeout"
            className="narrow"
            inputMode="numeric"
            value={form.confirm_timeout_s}
            onChange={(event) => setForm({ ...form, confirm_timeout_s: event.target.value })}
            aria-invalid={status?.path === "policy.confirm_timeout_s"}
          />
          seconds
        </label>
      </fieldset>
      <ModelFields
        which="primary"
        value={form.primary}
        onChange={(primary) => setForm({ ...form, primary })}
        invalid={status?.path}
      />
      <ModelFields
        which="heavy"
        value={form.heavy}
        onChange={(heavy) => setForm({ ...form, heavy })}
        invalid={status?.path}
      />
      <div className="grid-3">
        <RootList
          label="Folders Jarvis may read"
          id="read-roots"
          value={form.read_roots}
          onChange={(read_roots) => setForm({ ...form, read_roots })}
          help="Tools can read files only inside these."
        />
        <RootList
          label="Folders Jarvis may change"
          id="write-roots"
          value={form.write_roots}
          onChange={(write_roots) => setForm({ ...form, write_roots })}
          help="Writing, moving and deleting stay inside these."
        />
        <RootList
          label="Never touch"
          id="deny-roots"
          value={form.deny}
          onChange={(deny) => setForm({ ...form, deny })}
          help="Always refused, on top of built-in secrets such as ~/.ssh."
        />
      </div>
    </form>
  );
}
