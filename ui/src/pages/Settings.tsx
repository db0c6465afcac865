import { useEffect, useState } from "react";
import { ApiError, api } from "../api";
import { useApi } from "../hooks";

type Provider = "none" | "ollama" | "openai-compatible" | "openai" | "anthropic";
interface ModelForm {
  provider: Provider;
  model: string;
  base_url: string;
  api_key_env: string;
}
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
const PROVIDERS: Provider[] = ["none", "ollama", "openai-compatible", "openai", "anthropic"];
const HINT: Record<Provider, string> = {
  none: "No model: the embedded brain handles everyday commands offline.",
  ollama: "Local Ollama, default http://127.0.0.1:11434",
  "openai-compatible": "llama.cpp, LM Studio, vLLM, Jan… default http://127.0.0.1:8080/v1",
  openai: "OpenAI; the key comes from OPENAI_API_KEY or the variable you name.",
  anthropic: "Anthropic; the key comes from ANTHROPIC_API_KEY or the variable you name.",
};

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

function modelPatch(form: ModelForm): Record<string, unknown> | null {
  if (form.provider === "none") return null;
  return {
    provider: form.provider,
    model: form.model.trim() || null,
    base_url: form.base_url.trim() || null,
    api_key_env: form.api_key_env.trim() || null,
  };
}

/** A merge patch of what changed (null deletes a key), so config.yaml keeps everything else. */
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

function ModelFields({
  which: role,
  value,
  onChange,
  invalid,
}: {
  which: "primary" | "heavy";
  value: ModelForm;
  onChange: (next: ModelForm) => void;
  invalid?: string;
}) {
  const [test, setTest] = useState<{ ok: boolean; message: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const set = (key: keyof ModelForm, v: string) => onChange({ ...value, [key]: v });
  const id = (key: string) => `${role}-${key}`;
  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      const body = Object.fromEntries(
        Object.entries(modelPatch(value) ?? { provider: "none" }).filter(([, v]) => v !== null),
      );
      setTest(
        await api<{ ok: boolean; message: string }>("/api/models/test", {
          method: "POST",
          body: { model: body },
        }),
      );
    } catch (caught) {
      setTest({ ok: false, message: (caught as Error).message });
    } finally {
      setTesting(false);
    }
  };
  return (
    <fieldset className="model">
      <legend>{role === "primary" ? "Main model" : "Heavy model (complex tasks)"}</legend>
      <div className="grid-2">
        <label htmlFor={id("provider")}>
          Provider
          <select
            id={id("provider")}
            value={value.provider}
            onChange={(event) => set("provider", event.target.value)}
          >
            {PROVIDERS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label htmlFor={id("model")}>
          Model
          <input
            id={id("model")}
            value={value.model}
            disabled={value.provider === "none"}
            onChange={(event) => set("model", event.target.value)}
            placeholder="provider default"
            aria-invalid={invalid?.endsWith(".model")}
          />
        </label>
        <label htmlFor={id("base_url")}>
          Base URL
          <input
            id={id("base_url")}
            value={value.base_url}
            disabled={value.provider === "none"}
            onChange={(event) => set("base_url", event.target.value)}
            placeholder="provider default"
            aria-invalid={invalid?.endsWith(".base_url")}
          />
        </label>
        <label htmlFor={id("api_key_env")}>
          API key variable
          <input
            id={id("api_key_env")}
            value={value.api_key_env}
            disabled={value.provider === "none"}
            onChange={(event) => set("api_key_env", event.target.value)}
            placeholder="e.g. OPENAI_API_KEY"
            aria-invalid={invalid?.endsWith(".api_key_env")}
          />
        </label>
      </div>
      <p className="muted small">{HINT[value.provider]}</p>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => void runTest()}
          disabled={testing || value.provider === "none"}
        >
          {testing ? "Testing…" : "Test connection"}
        </button>
        {test && (
          <span className={test.ok ? "success" : "error"} role="status">
            {test.ok ? "✓ " : "✗ "}
            {test.message}
          </span>
        )}
      </div>
    </fieldset>
  );
}

function RootList({
  label,
  id,
  value,
  onChange,
  help,
}: {
  label: string;
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  help: string;
}) {
  const [draft, setDraft] = useState("");
  const add = () => {
    if (!draft.trim()) return;
    onChange([...value, draft.trim()]);
    setDraft("");
  };
  return (
    <fieldset className="roots">
      <legend>{label}</legend>
      <p className="muted small">{help}</p>
      <ul>
        {value.map((path, n) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same folder may be listed twice
          <li key={`${path}-${n}`}>
            <code>{path}</code>
            <button
              type="button"
              className="link-button"
              aria-label={`remove ${path} from ${label}`}
              onClick={() => onChange(value.filter((_, i) => i !== n))}
            >
              remove
            </button>
          </li>
        ))}
        {value.length === 0 && <li className="muted">none</li>}
      </ul>
      <div className="row">
        <label htmlFor={id} className="visually-hidden">
          Add a folder to {label}
        </label>
        <input
          id={id}
          value={draft}
          placeholder="~/Projects"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" onClick={add}>
          Add
        </button>
      </div>
    </fieldset>
  );
}

export function Settings() {
  const { data, error } = useApi<{ config: ConfigShape; file: string }>("/api/settings");
  const [saved, setSaved] = useState<Form | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string; path?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) {
      const loaded = formFrom(data.config);
      setSaved(loaded);
      setForm(loaded);
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
      const result = await api<{ config: ConfigShape; restartRequired: string[] }>("/api/settings", {
        method: "PUT",
        body: patch,
      });
      const next = formFrom(result.config);
      setSaved(next);
      setForm(next);
      setStatus({
        ok: true,
        text:
          result.restartRequired.length > 0
            ? `Saved to ${data.file}. Restart Jarvis to apply: ${result.restartRequired.join(", ")}.`
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
