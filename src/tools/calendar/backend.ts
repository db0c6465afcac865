/** One calendar collection (CalDAV) or directory (local vdir). */
export interface CalendarInfo {
  /** Collection URL or directory path: stable, used in handles. */
  id: string;
  name: string;
  /** VEVENT, VTODO, … (empty = unknown, assume all). */
  components: string[];
}

export interface CalendarObject {
  /** Object URL or file path. */
  url: string;
  etag?: string | undefined;
  data: string;
  calendarId: string;
}

export type Component = "VEVENT" | "VTODO";

/** What the calendar and reminder tools need from a store; CalDAV and local vdir implement it. */
export interface CalendarBackend {
  readonly kind: "caldav" | "local";
  calendars(signal: AbortSignal): Promise<CalendarInfo[]>;
  /** Objects holding `component`; with a range, only those that may overlap it. */
  objects(
    calendar: CalendarInfo,
    component: Component,
    range: { start: number; end: number } | undefined,
    signal: AbortSignal,
  ): Promise<CalendarObject[]>;
  get(calendar: CalendarInfo, url: string, signal: AbortSignal): Promise<CalendarObject | undefined>;
  /** Creates a new object; fails rather than overwrite (If-None-Match). */
  create(calendar: CalendarInfo, uid: string, data: string, signal: AbortSignal): Promise<CalendarObject>;
  /** Replaces an object only if it is unchanged since it was read (If-Match). */
  update(object: CalendarObject, data: string, signal: AbortSignal): Promise<void>;
  remove(object: CalendarObject, signal: AbortSignal): Promise<void>;
}

export function supports(calendar: CalendarInfo, component: Component): boolean {
  return calendar.components.length === 0 || calendar.components.includes(component);
}

/** A file name safe on every server and file system, from a UID. */
export function objectFileName(uid: string): string {
  const safe = uid.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 120);
  return `${safe || "event"}.ics`;
}
