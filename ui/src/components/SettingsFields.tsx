import { useState } from "react";
import { api } from "../api";

export type Provider = "none" | "ollama" | "openai-compatible" | "openai" | "anthropic";
export interface ModelForm {
  provider: Provider;
  model: string;
  base_url: string;
  api_key_env: string;
}
const PROVIDERS: Provider[] = ["none", "ollama", "openai-compatible", "openai", "anthropic"];
const HINT: Record<Provider, string> = {
  none: "No model: the embedded brain handles everyday commands offline.",
  ollama: "Local Ollama, default http://127.0.0.1:11434",
  "openai-compatible": "llama.cpp, LM Studio, vLLM, Jan… default http://127.0.0.1:8080/v1",
  openai: "OpenAI; the key comes from OPENAI_API_KEY or the variable you name.",
  anthropic: "Anthropic; the key comes from ANTHROPIC_API_KEY or the variable you name.",
};

/** The model entry as a merge patch (null deletes it: no model). */
export function modelPatch(form: ModelForm): Record<string, unknown> | null {
  if (form.provider === "none") return null;
  return {
    provider: form.provider,
    model: form.model.trim() || null,
    base_url: form.base_url.trim() || null,
    api_key_env: form.api_key_env.trim() || null,
  };
}

/** A merge patch of what changed (null deletes a key), so config.yaml keeps everything else. */

export function ModelFields({
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

export function RootList({
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
