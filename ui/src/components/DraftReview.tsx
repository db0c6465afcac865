import { Chip, StatusBadge, TierBadge } from "./Badge";

/** A tool draft as the Extend page shows it (GET /api/factory/drafts/:id). */
export interface Draft {
  id: string;
  status: string;
  request: string;
  attempts: number;
  lastFailure: string | null;
  tier: string | null;
  hash: string | null;
  manifest: {
    name: string;
    description: string;
    parameters: { properties?: Record<string, { type?: string; description?: string }>; required?: string[] };
    effects: string[];
    capabilities: string[];
  } | null;
  code: string | null;
  tests: Array<{ name: string }>;
  report: {
    passed: number;
    failed: number;
    results: Array<{ name: string; passed: boolean; failure?: string }>;
  } | null;
}

/** The draft as the person reviews it: manifest, arguments, code with line numbers, test results. */
export function DraftReview({
  draft,
  busy,
  onRegister,
}: {
  draft: Draft;
  busy: boolean;
  onRegister: () => void;
}) {
  const manifest = draft.manifest;
  const properties = Object.entries(manifest?.parameters.properties ?? {});
  return (
    <article className="draft-review" aria-label="tool draft">
      <h3>
        {manifest ? <code>{manifest.name}</code> : "Draft"} <TierBadge tier={draft.tier} />
      </h3>
      {manifest && (
        <dl className="facts">
          <dt>Does</dt>
          <dd>{manifest.description}</dd>
          <dt>You asked</dt>
          <dd>{draft.request}</dd>
          <dt>Effects</dt>
          <dd>{manifest.effects.length ? manifest.effects.map((e) => <Chip key={e}>{e}</Chip>) : "none"}</dd>
          <dt>May call</dt>
          <dd>
            {manifest.capabilities.length
              ? manifest.capabilities.map((c) => <Chip key={c}>{c}</Chip>)
              : "nothing outside itself"}
          </dd>
          <dt>Arguments</dt>
          <dd>
            {properties.length === 0 && "none"}
            {properties.map(([name, schema]) => (
              <div key={name}>
                <code>{name}</code> {schema.type ?? ""}
                {manifest.parameters.required?.includes(name) ? " (required)" : ""}{" "}
                {schema.description ? `— ${schema.description}` : ""}
              </div>
            ))}
          </dd>
          <dt>Content</dt>
          <dd className="small">{draft.hash}</dd>
        </dl>
      )}
      {draft.code && (
        <pre className="preview code">
          {draft.code.split("\n").map((line, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text, never reordered
            <span key={n} className="code-line">
              <span className="line-number">{n + 1}</span>
              {line}
              {"\n"}
            </span>
          ))}
        </pre>
      )}
      <h4>
        Tests{" "}
        {draft.report ? `${draft.report.passed} of ${draft.report.passed + draft.report.failed} passed` : ""}{" "}
        (attempt {draft.attempts})
      </h4>
      <ul className="test-results">
        {draft.report?.results.map((result) => (
          <li key={result.name} className={result.passed ? "passed" : "failed"}>
            <StatusBadge status={result.passed ? "done" : "failed"} /> {result.name}
            {result.failure && <div className="small">{result.failure}</div>}
          </li>
        ))}
      </ul>
      {draft.status === "passed" ? (
        <button type="button" className="button primary" disabled={busy} onClick={onRegister}>
          Register (you confirm once more)
        </button>
      ) : (
        <p className="error">Not registered: {draft.lastFailure}</p>
      )}
    </article>
  );
}
