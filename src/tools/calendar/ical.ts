import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { JarvisError } from "../../core/errors.js";
import { daysOfRrule } from "../timers/repeat.js";
import { pad, utcStamp, type Zone } from "./timezone.js";
import { vtimezoneFor, type ZoneResolver } from "./zones.js";

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTime = InstanceType<typeof ICAL.Time>;

export const PRODID = "-//Jarvis//Jarvis Calendar//EN";
const MAX_ITERATIONS = 50_000;

/** One concrete occurrence of an event (a single event is its own one occurrence). */
export interface Occurrence {
  uid: string;
  summary: string;
  location: string;
  description: string;
  start: number;
  end: number;
  allDay: boolean;
  recurring: boolean;
  /** The occurrence's original start (RECURRENCE-ID) as an iCalendar value, for recurring ones. */
  recurrenceId?: string | undefined;
  transparent: boolean;
  cancelled: boolean;
}

export function parseCalendarText(text: string): IcalComponent {
  try {
    const component = new ICAL.Component(ICAL.parse(text));
    if (component.name !== "vcalendar")
      throw new Error(`expected VCALENDAR, found ${component.name.toUpperCase()}`);
    return component;
  } catch (error) {
    throw new JarvisError(
      "ARGS_INVALID",
      `not valid iCalendar data: ${(error as Error).message.split("\n")[0]}`,
    );
  }
}

function text(component: IcalComponent, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === "string" ? value : value == null ? "" : String(value);
}

function instant(time: IcalTime, zone: Zone): number {
  if (time.isDate)
    return zone.toInstant({
      year: time.year,
      month: time.month,
      day: time.day,
      hour: 0,
      minute: 0,
      second: 0,
    });
  return time.toUnixTime() * 1000;
}

/** Wall-clock end for all-day events (a DATE DTEND is exclusive), exact duration otherwise. */
function endOf(
  start: IcalTime,
  end: IcalTime | null,
  duration: InstanceType<typeof ICAL.Duration> | null,
  zone: Zone,
): number {
  const startMs = instant(start, zone);
  if (start.isDate) {
    const days = end
      ? Math.max(1, end.subtractDate(start).toSeconds() / 86_400)
      : duration
        ? Math.max(1, Math.round(duration.toSeconds() / 86_400))
        : 1;
    return zone.addDays(startMs, days);
  }
  if (end) return Math.max(startMs, instant(end, zone));
  if (duration) return startMs + duration.toSeconds() * 1000;
  return startMs;
}

function occurrenceOf(
  vevent: IcalComponent,
  start: IcalTime,
  end: number,
  zone: Zone,
  recurring: boolean,
  recurrenceId?: IcalTime,
): Occurrence {
  return {
    uid: text(vevent, "uid"),
    summary: text(vevent, "summary") || "(no title)",
    location: text(vevent, "location"),
    description: text(vevent, "description"),
    start: instant(start, zone),
    end,
    allDay: start.isDate,
    recurring,
    recurrenceId: recurrenceId ? recurrenceId.toString() : undefined,
    transparent: text(vevent, "transp").toUpperCase() === "TRANSPARENT",
    cancelled: text(vevent, "status").toUpperCase() === "CANCELLED",
  };
}

/**
 * Every occurrence of the object's events that overlaps [from, to): recurrences expanded in
 * their own zone (so 09:00 stays 09:00 across DST), overrides (RECURRENCE-ID) and EXDATEs applied.
 */
export function expandEvents(
  vcalendar: IcalComponent,
  from: number,
  to: number,
  zones: ZoneResolver,
): Occurrence[] {
  zones.addFrom(vcalendar);
  const user = zones.userZone;
  const vevents = vcalendar.getAllSubcomponents("vevent");
  for (const vevent of vevents) zones.attach(vevent);
  const masters = vevents.filter((v) => !v.hasProperty("recurrence-id"));
  const out: Occurrence[] = [];
  for (const master of masters) {
    const event = new ICAL.Event(master);
    const uid = text(master, "uid");
    for (const exception of vevents) {
      if (exception !== master && exception.hasProperty("recurrence-id") && text(exception, "uid") === uid) {
        event.relateException(exception);
      }
    }
    if (!event.startDate) continue;
    const masterEnd = master.getFirstPropertyValue("dtend") as IcalTime | null;
    const durationMs =
      endOf(event.startDate, masterEnd, event.duration ?? null, user) - instant(event.startDate, user);
    if (!event.isRecurring()) {
      const start = instant(event.startDate, user);
      const end = endOf(event.startDate, masterEnd, masterEnd ? null : (event.duration ?? null), user);
      if (start < to && (end > from || (end === start && start >= from)))
        out.push(occurrenceOf(master, event.startDate, end, user, false));
      continue;
    }
    const iterator = event.iterator();
    // overrides can move an occurrence into the range, so only skip early ones when there are none
    const hasOverrides = Object.keys(event.exceptions ?? {}).length > 0;
    for (let i = 0; i < MAX_ITERATIONS; i++) {
      const next = iterator.next();
      if (!next) break;
      if (!hasOverrides && instant(next, user) + Math.max(durationMs, 86_400_000) <= from) continue;
      const details = event.getOccurrenceDetails(next);
      const item = details.item.component;
      const start = instant(details.startDate, user);
      if (start >= to && instant(next, user) >= to) break;
      const end =
        details.item === event
          ? details.startDate.isDate
            ? endOf(details.startDate, null, event.duration ?? null, user)
            : start + durationMs
          : endOf(
              details.startDate,
              item.getFirstPropertyValue("dtend") as IcalTime | null,
              details.item.duration ?? null,
              user,
            );
      if (start < to && end > from)
        out.push(occurrenceOf(item, details.startDate, end, user, true, details.recurrenceId));
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

export interface TodoItem {
  uid: string;
  summary: string;
  description: string;
  due?: number | undefined;
  dueIsDate: boolean;
  completed: boolean;
  completedAt?: number | undefined;
  priority?: number | undefined;
  /** A repeating reminder's days (0 = Sunday), from an RRULE `rruleOf` can write. */
  repeat?: number[] | undefined;
}

export function readTodos(vcalendar: IcalComponent, zones: ZoneResolver): TodoItem[] {
  zones.addFrom(vcalendar);
  return vcalendar.getAllSubcomponents("vtodo").map((vtodo) => {
    zones.attach(vtodo);
    const due = vtodo.getFirstPropertyValue("due") as IcalTime | null;
    const completed = vtodo.getFirstPropertyValue("completed") as IcalTime | null;
    const status = text(vtodo, "status").toUpperCase();
    const priority = Number(vtodo.getFirstPropertyValue("priority") ?? 0);
    const rule = vtodo.getFirstPropertyValue("rrule") as { toString(): string } | null;
    const repeat = rule ? daysOfRrule(rule.toString()) : undefined;
    return {
      uid: text(vtodo, "uid"),
      summary: text(vtodo, "summary") || "(no title)",
      description: text(vtodo, "description"),
      due: due ? instant(due, zones.userZone) : undefined,
      dueIsDate: due?.isDate ?? false,
      completed: status === "COMPLETED" || completed !== null,
      completedAt: completed ? instant(completed, zones.userZone) : undefined,
      ...(priority > 0 ? { priority } : {}),
      ...(repeat ? { repeat } : {}),
    };
  });
}

/** `20250330T090000` in a zone, or `20250330` for a date. */
export function localValue(zone: Zone, ms: number, date = false): string {
  const w = zone.wall(ms);
  const day = `${w.year}${pad(w.month)}${pad(w.day)}`;
  return date ? day : `${day}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

export { utcStamp } from "./timezone.js";

export function newUid(domain = "jarvis.local"): string {
  return `${randomUUID()}@${domain}`;
}

function addTimed(component: IcalComponent, name: string, ms: number, zone: Zone, allDay: boolean): void {
  const property = allDay
    ? ICAL.parse.property(`${name.toUpperCase()};VALUE=DATE:${localValue(zone, ms, true)}`)
    : ICAL.parse.property(`${name.toUpperCase()};TZID=${zone.name}:${localValue(zone, ms)}`);
  component.addProperty(new ICAL.Property(property));
}

/** Sets (or clears) a text property. */
export function setText(component: IcalComponent, name: string, value: string | undefined): void {
  component.removeAllProperties(name);
  if (value) component.addPropertyWithValue(name, value);
}

export function setTime(
  component: IcalComponent,
  name: string,
  ms: number,
  zone: Zone,
  allDay: boolean,
): void {
  component.removeAllProperties(name);
  addTimed(component, name, ms, zone, allDay);
}

/** Makes sure a calendar carries the VTIMEZONE its TZIDs name (RFC 5545 requires it). */
export function ensureTimezone(
  vcalendar: IcalComponent,
  zone: Zone,
  years: { from: number; to: number },
): void {
  const has = vcalendar
    .getAllSubcomponents("vtimezone")
    .some((c) => c.getFirstPropertyValue("tzid") === zone.name);
  if (!has) vcalendar.addSubcomponent(vtimezoneFor(zone, years.from, years.to));
}

export function newCalendar(): IcalComponent {
  const vcalendar = new ICAL.Component("vcalendar");
  vcalendar.addPropertyWithValue("prodid", PRODID);
  vcalendar.addPropertyWithValue("version", "2.0");
  return vcalendar;
}

export interface EventFields {
  uid: string;
  summary: string;
  start: number;
  end: number;
  allDay: boolean;
  location?: string | undefined;
  description?: string | undefined;
  now: number;
}

/** A VCALENDAR with one VEVENT, times written in the user's zone with its VTIMEZONE. */
export function buildEvent(fields: EventFields, zone: Zone): string {
  const vcalendar = newCalendar();
  const year = zone.wall(fields.start).year;
  if (!fields.allDay) ensureTimezone(vcalendar, zone, { from: year - 1, to: year + 2 });
  const vevent = new ICAL.Component("vevent");
  vevent.addPropertyWithValue("uid", fields.uid);
  vevent.addProperty(new ICAL.Property(ICAL.parse.property(`DTSTAMP:${utcStamp(fields.now)}`)));
  addTimed(vevent, "dtstart", fields.start, zone, fields.allDay);
  addTimed(vevent, "dtend", fields.end, zone, fields.allDay);
  vevent.addPropertyWithValue("summary", fields.summary);
  if (fields.location) vevent.addPropertyWithValue("location", fields.location);
  if (fields.description) vevent.addPropertyWithValue("description", fields.description);
  vcalendar.addSubcomponent(vevent);
  return vcalendar.toString();
}

export function buildTodo(
  fields: {
    uid: string;
    summary: string;
    due?: number | undefined;
    dueIsDate?: boolean;
    description?: string | undefined;
    /** A recurrence rule without the "RRULE:" (FREQ=WEEKLY;BYDAY=MO,WE). */
    rrule?: string | undefined;
    now: number;
  },
  zone: Zone,
): string {
  const vcalendar = newCalendar();
  const vtodo = new ICAL.Component("vtodo");
  vtodo.addPropertyWithValue("uid", fields.uid);
  vtodo.addProperty(new ICAL.Property(ICAL.parse.property(`DTSTAMP:${utcStamp(fields.now)}`)));
  vtodo.addProperty(new ICAL.Property(ICAL.parse.property(`CREATED:${utcStamp(fields.now)}`)));
  vtodo.addPropertyWithValue("summary", fields.summary);
  vtodo.addPropertyWithValue("status", "NEEDS-ACTION");
  if (fields.due !== undefined) {
    const year = zone.wall(fields.due).year;
    if (!fields.dueIsDate) ensureTimezone(vcalendar, zone, { from: year - 1, to: year + 2 });
    addTimed(vtodo, "due", fields.due, zone, fields.dueIsDate ?? false);
  }
  if (fields.description) vtodo.addPropertyWithValue("description", fields.description);
  if (fields.rrule) vtodo.addProperty(new ICAL.Property(ICAL.parse.property(`RRULE:${fields.rrule}`)));
  vcalendar.addSubcomponent(vtodo);
  return vcalendar.toString();
}

/** One VCALENDAR per UID (RFC 4791: a CalDAV object holds one UID) with the zones it uses. */
export function splitByUid(
  vcalendar: IcalComponent,
): Array<{ uid: string; data: string; kind: "VEVENT" | "VTODO" }> {
  const zones = vcalendar.getAllSubcomponents("vtimezone");
  const groups = new Map<string, IcalComponent[]>();
  for (const component of [
    ...vcalendar.getAllSubcomponents("vevent"),
    ...vcalendar.getAllSubcomponents("vtodo"),
  ]) {
    const uid = String(component.getFirstPropertyValue("uid") ?? "");
    if (!uid) continue;
    groups.set(uid, [...(groups.get(uid) ?? []), component]);
  }
  return [...groups.entries()].map(([uid, components]) => {
    const out = newCalendar();
    const text = components.map((c) => c.toString()).join("\n");
    for (const zone of zones) {
      if (text.includes(`TZID=${zone.getFirstPropertyValue("tzid")}`))
        out.addSubcomponent(new ICAL.Component(zone.toJSON()));
    }
    for (const component of components) out.addSubcomponent(new ICAL.Component(component.toJSON()));
    return { uid, data: out.toString(), kind: components[0]!.name === "vtodo" ? "VTODO" : "VEVENT" };
  });
}
