import { useEffect, useState } from "react";
import { useLive } from "../hooks";
import { live } from "../live";
import type { Alert } from "../types";

/** A short two-tone chime through WebAudio (no file to load); silent when the browser blocks audio. */
function chime(): void {
  try {
    const audio = new AudioContext();
    const at = audio.currentTime;
    for (const [i, hz] of [880, 660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, at + i * 0.25);
      gain.gain.exponentialRampToValueAtTime(0.2, at + i * 0.25 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.25 + 0.22);
      tone.connect(gain).connect(audio.destination);
      tone.start(at + i * 0.25);
      tone.stop(at + i * 0.25 + 0.24);
    }
    window.setTimeout(() => void audio.close(), 1_200);
  } catch {
    // no audio here: the toast and the title still show it
  }
}
live.onRing = chime;

/** While something rings, the tab's title says so (a tab in the background is still seen). */
function useRingingTitle(count: number): void {
  useEffect(() => {
    const base = "Jarvis";
    document.title = count > 0 ? `(${count}) ⏰ ${base}` : base;
  }, [count]);
}

function AlertToast({ alert }: { alert: Alert }) {
  const [problem, setProblem] = useState<string>();
  const answer = (action: "snooze" | "dismiss", minutes?: number) =>
    live.answerAlert(alert.id, action, minutes).catch((error: Error) => setProblem(error.message));
  return (
    <div
      className={`notice notice-${alert.status === "missed" ? "warn" : "info"} alert-${alert.kind}`}
      role="alert"
    >
      <svg className="notice-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 9v4l3 2M5 4 2 7m17-3 3 3" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <div className="notice-body">
        <strong>{alert.title}</strong>
        <p>{alert.message}</p>
        {problem && <p className="error">{problem}</p>}
      </div>
      <div className="notice-actions">
        {alert.kind !== "confirm" && (
          <button
            type="button"
            className="link-button"
            onClick={() => void answer("snooze", 10)}
            aria-label={`Snooze 10 minutes: ${alert.message}`}
          >
            Snooze
          </button>
        )}
        <button
          type="button"
          className="link-button"
          onClick={() => void answer("dismiss")}
          aria-label={`Dismiss: ${alert.message}`}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}

/**
 * Toasts for what happens outside any run: alerts (timers, alarms, reminders, routines) that
 * ring in every tab until snoozed or dismissed in any of them, and plain notices.
 */
export function Notices() {
  const store = useLive();
  const alerts = [...store.alerts.values()];
  useRingingTitle(alerts.length);
  if (store.notices.length === 0 && alerts.length === 0) return null;
  return (
    <section className="notices" aria-label="Notifications">
      {alerts.map((alert) => (
        <AlertToast key={alert.id} alert={alert} />
      ))}
      {store.notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.level}`} role="status">
          <p>{notice.message}</p>
          <button
            type="button"
            className="link-button"
            onClick={() => store.dismissNotice(notice.id)}
            aria-label={`Dismiss: ${notice.message}`}
          >
            Dismiss
          </button>
        </div>
      ))}
    </section>
  );
}
