import { expandPath } from "../../config/paths.js";
import type { CalendarAccountConfig, JarvisConfig } from "../../config/schema.js";
import type { Clock } from "../../core/clock.js";
import { JarvisError } from "../../core/errors.js";
import { isHandle } from "../../core/handles.js";
import type { IdGenerator } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import type { AccountSecrets } from "../mail/accounts.js";
import { type CalendarBackend, type CalendarInfo, type Component, supports } from "./backend.js";
import { CalDavBackend } from "./caldav.js";
import { LocalCalendarBackend } from "./local.js";
import { userTimeZone, Zone } from "./timezone.js";

/** What the calendar, reminder and contact tools share (built per factory; no module state). */
export interface CalendarServices {
  config: JarvisConfig;
  env: NodeJS.ProcessEnv;
  secrets: AccountSecrets;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  backends: Map<string, CalendarBackend>;
}

export function zoneFor(services: Pick<CalendarServices, "config" | "env">): Zone {
  return new Zone(userTimeZone(services.config, services.env));
}

function calendarCapable(account: CalendarAccountConfig): boolean {
  return account.caldav !== undefined || account.local !== undefined;
}

/** Calendar accounts to read: the named one, or every one with a calendar. */
export function calendarAccounts(config: JarvisConfig, name?: string): CalendarAccountConfig[] {
  const all = config.calendar.accounts.filter(calendarCapable);
  if (name !== undefined) {
    const found = config.calendar.accounts.find((a) => a.name === name);
    if (!found || !calendarCapable(found)) {
      throw new JarvisError("NOT_FOUND", `no calendar account named "${name}"`, {
        fix:
          all.length > 0
            ? `use one of: ${all.map((a) => a.name).join(", ")}`
            : "add one with `jarvis accounts add`",
      });
    }
    return [found];
  }
  if (all.length === 0) {
    throw new JarvisError("UNAVAILABLE", "no calendar account is configured", {
      fix: "add a CalDAV account with `jarvis accounts add <name> --caldav <url>`, or calendar.accounts[].local.path",
    });
  }
  return all;
}

export function backendFor(services: CalendarServices, account: CalendarAccountConfig): CalendarBackend {
  const existing = services.backends.get(account.name);
  if (existing) return existing;
  const home = services.env.HOME;
  const backend = account.caldav
    ? new CalDavBackend(account.name, account.caldav, services.secrets, services.clock)
    : new LocalCalendarBackend(expandPath(account.local!.path, home));
  services.backends.set(account.name, backend);
  return backend;
}

/** The calendar to write to: named, else the account's default, else the first that can hold it. */
export async function pickCalendar(
  backend: CalendarBackend,
  account: CalendarAccountConfig,
  component: Component,
  name: string | undefined,
  signal: AbortSignal,
): Promise<CalendarInfo> {
  const calendars = await backend.calendars(signal);
  const wanted = name ?? (component === "VTODO" ? account.reminders_calendar : account.default_calendar);
  if (wanted) {
    const found = calendars.find((c) => c.name.toLowerCase() === wanted.toLowerCase());
    if (!found) {
      throw new JarvisError("NOT_FOUND", `no calendar named "${wanted}" in account ${account.name}`, {
        fix: `use one of: ${calendars.map((c) => c.name).join(", ") || "(none)"}`,
      });
    }
    if (!supports(found, component)) {
      throw new JarvisError(
        "ARGS_INVALID",
        `calendar "${found.name}" cannot hold ${component === "VTODO" ? "reminders" : "events"}`,
      );
    }
    return found;
  }
  const capable = calendars.filter((c) => supports(c, component));
  const preferred =
    component === "VTODO"
      ? capable.find((c) => /reminder|task|todo/i.test(c.name) && c.components.includes("VTODO"))
      : capable.find((c) => c.components.includes("VEVENT"));
  const chosen = preferred ?? capable[0];
  if (!chosen) {
    throw new JarvisError(
      "NOT_FOUND",
      `account ${account.name} has no calendar for ${component === "VTODO" ? "reminders" : "events"}`,
      {
        fix: "create one in your calendar app first",
      },
    );
  }
  return chosen;
}

/** A handle value naming one event (or one occurrence of a recurring one) or one reminder. */
export interface EventRef {
  account: string;
  calendar: string;
  object: string;
  uid: string;
  /** The occurrence's RECURRENCE-ID value, for one occurrence of a recurring event. */
  occurrence?: string | undefined;
}

const SCHEME = "calendar-item:";

export function formatEventRef(ref: EventRef): string {
  const params = new URLSearchParams({
    account: ref.account,
    calendar: ref.calendar,
    object: ref.object,
    uid: ref.uid,
  });
  if (ref.occurrence) params.set("occurrence", ref.occurrence);
  return `${SCHEME}?${params.toString()}`;
}

export function isEventRef(value: string): boolean {
  return value.startsWith(`${SCHEME}?`);
}

export function parseEventRef(value: string): EventRef {
  if (!isEventRef(value)) {
    throw new JarvisError(
      isHandle(value) ? "HANDLE_UNKNOWN" : "ARGS_INVALID",
      `"${value.slice(0, 80)}" is not an event handle`,
      {
        fix: "use a #e handle from calendar_list_events or reminders_list",
      },
    );
  }
  const params = new URLSearchParams(value.slice(SCHEME.length + 1));
  const get = (key: string) => params.get(key) ?? "";
  return {
    account: get("account"),
    calendar: get("calendar"),
    object: get("object"),
    uid: get("uid"),
    occurrence: params.get("occurrence") ?? undefined,
  };
}
