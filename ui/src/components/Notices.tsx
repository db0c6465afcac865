import { useLive } from "../hooks";

/**
 * Toasts for what happens outside any run (a timer or an alarm ringing), in every open tab.
 * They stay until dismissed: an alarm nobody saw is worse than one more click.
 */
export function Notices() {
  const store = useLive();
  if (store.notices.length === 0) return null;
  return (
    <section className="notices" aria-label="Notifications">
      {store.notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.level}`} role="alert">
          <svg className="notice-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 9v4l3 2M5 4 2 7m17-3 3 3" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
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
