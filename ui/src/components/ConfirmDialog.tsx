import { useEffect, useRef, useState } from "react";
import { api } from "../api";
import { useLive, useTicker } from "../hooks";
import type { PendingConfirmation } from "../types";

type Answer = "approve" | "deny" | "approve_session";

function looksLikeDiff(text: string): boolean {
  return /^(---|\+\+\+|@@) /m.test(text);
}

/** The exact preview; a unified diff gets its added and removed lines coloured. */
function Preview({ text: raw }: { text: string }) {
  const text = raw.replace(/\n+$/, "");
  if (!looksLikeDiff(text)) return <pre className="preview">{text}</pre>;
  const lines = text.split("\n").map((line, n, all) => ({ line, id: `${n}`, last: n === all.length - 1 }));
  return (
    <pre className="preview diff">
      {lines.map(({ line, id, last }) => (
        <span
          key={id}
          className={
            line.startsWith("+") && !line.startsWith("+++")
              ? "add"
              : line.startsWith("-") && !line.startsWith("---")
                ? "del"
                : line.startsWith("@@")
                  ? "hunk"
                  : undefined
          }
        >
          {line}
          {last ? "" : "\n"}
        </span>
      ))}
    </pre>
  );
}

/**
 * The approval modal, shown in every tab while a confirmation is pending; the first answer
 * anywhere closes it everywhere. It reads as the terminal's question does: the call in words,
 * exactly what will happen, and why it asks (the tool's name is on the run's call card). Focus starts on Deny (a stray Enter must not approve);
 * Escape denies; the countdown shows when silence becomes a denial.
 */
export function ConfirmDialog() {
  const store = useLive();
  const items: PendingConfirmation[] = [...store.pending.values()].sort((a, b) => a.expiresAt - b.expiresAt);
  const current = items[0];
  const dialog = useRef<HTMLDialogElement>(null);
  const denyButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const total = useRef<{ id?: string; ms: number }>({ ms: 1 });
  useTicker(250, current !== undefined);

  const id = current?.confirmationId;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    setError(null);
    if (id && !element.open) element.showModal();
    if (id) denyButton.current?.focus();
    if (!id && element.open) element.close();
  }, [id]);

  if (!current) return <dialog ref={dialog} className="confirm" aria-label="confirmation" />;

  const remainingMs = Math.max(0, current.expiresAt - store.serverNow());
  if (total.current.id !== current.confirmationId) {
    total.current = { id: current.confirmationId, ms: Math.max(1, remainingMs) };
  }
  const totalMs = total.current.ms;
  const seconds = Math.ceil(remainingMs / 1000);

  const answer = async (value: Answer) => {
    setBusy(value);
    setError(null);
    try {
      try {
        await store.send({ type: "confirm", confirmationId: current.confirmationId, answer: value });
      } catch {
        await api(`/api/confirmations/${encodeURIComponent(current.confirmationId)}`, {
          method: "POST",
          body: { answer: value },
        });
      }
      store.dropPending(current.confirmationId);
    } catch (caught) {
      const message = (caught as Error).message;
      if (/no pending confirmation/.test(message)) store.dropPending(current.confirmationId);
      else setError(message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-reason"
      onCancel={(event) => {
        event.preventDefault();
        void answer("deny");
      }}
    >
      <div className="confirm-head">
        <h2 id="confirm-title">{current.ask}</h2>
        {items.length > 1 && <span className="muted">1 of {items.length}</span>}
      </div>
      {current.preview.trim() && current.preview.trim() !== current.ask && <Preview text={current.preview} />}
      <p id="confirm-reason" className="muted">
        {current.why}
      </p>
      <div
        className="countdown"
        role="timer"
        aria-live="off"
        aria-label={`${seconds} seconds left to answer`}
      >
        <div
          className="countdown-bar"
          style={{ width: `${Math.min(100, (remainingMs / totalMs) * 100)}%` }}
        />
        <span>{remainingMs > 0 ? `Denied automatically in ${seconds} s` : "Timed out: denied"}</span>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="confirm-actions">
        <button
          type="button"
          ref={denyButton}
          className="button"
          disabled={busy !== null}
          onClick={() => void answer("deny")}
        >
          Deny <kbd>Esc</kbd>
        </button>
        {current.tier !== "destructive" && (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => void answer("approve_session")}
          >
            Always for this session
          </button>
        )}
        <button
          type="button"
          className="button primary"
          disabled={busy !== null}
          onClick={() => void answer("approve")}
        >
          Approve
        </button>
      </div>
    </dialog>
  );
}
