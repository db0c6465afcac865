import type { Logger } from "../core/logger.js";
import type { Notifier } from "../platform/types.js";
import type { Alert } from "./alerts.js";
import type { AlertActions, AlertChange, Surface } from "./delivery.js";

const BUTTONS = [
  { key: "snooze", label: "Snooze 10 min" },
  { key: "dismiss", label: "Dismiss" },
] as const;

/**
 * The desktop: a notification with Snooze and Dismiss that stays until answered (notify-send on
 * Linux, an alert through osascript on macOS). Dealt with elsewhere, it is withdrawn. Where
 * buttons are not supported (an old notify-send) a plain notification still shows.
 */
export function desktopSurface(notifier: Notifier, logger: Logger): Surface {
  const showing = new Map<string, AbortController>();
  return {
    name: "desktop",
    show(change: AlertChange, actions: AlertActions) {
      const { alert } = change;
      if (change.type === "close") {
        showing.get(alert.id)?.abort();
        showing.delete(alert.id);
        return;
      }
      const controller = new AbortController();
      showing.get(alert.id)?.abort();
      showing.set(alert.id, controller);
      const title = `Jarvis: ${alert.title}`;
      void notifier
        .alert(title, alert.message, BUTTONS, controller.signal)
        .then((chosen) => {
          if (controller.signal.aborted || !chosen) return;
          showing.delete(alert.id);
          act(actions, alert, chosen, logger);
        })
        .catch(async (error: unknown) => {
          if (controller.signal.aborted) return;
          logger.debug({ err: error }, "desktop alert with buttons failed; plain notification instead");
          await notifier.notify(title, alert.message).catch((plain: unknown) => {
            logger.debug({ err: plain }, "no desktop notification (no notifier running?)");
          });
        })
        .finally(() => {
          if (showing.get(alert.id) === controller) showing.delete(alert.id);
        });
    },
    close() {
      for (const controller of showing.values()) controller.abort();
      showing.clear();
    },
  };
}

function act(actions: AlertActions, alert: Alert, chosen: string, logger: Logger): void {
  try {
    if (chosen === "snooze") actions.snooze(alert.id);
    else if (chosen === "dismiss") actions.dismiss(alert.id);
  } catch (error) {
    logger.debug({ err: error }, "alert already dealt with elsewhere");
  }
}

/** The voice loop, when it runs: a ring is said aloud ("snooze" and "stop" are spoken commands). */
export function voiceSurface(speak: (text: string) => Promise<void>, logger: Logger): Surface {
  return {
    name: "voice",
    show(change) {
      if (change.type !== "ring") return;
      speak(change.alert.message).catch((error: unknown) =>
        logger.warn({ err: error }, "could not speak an alert"),
      );
    },
  };
}

/** Every web tab and attached `jarvis chat`: `alert` to show, `alert_closed` to take it down. */
export function liveSurface(broadcast: (text: string) => void): Surface {
  return {
    name: "live",
    show(change) {
      const type = change.type === "ring" ? "alert" : "alert_closed";
      broadcast(JSON.stringify({ type, ts: Date.now(), alert: change.alert }));
    },
  };
}
