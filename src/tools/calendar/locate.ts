import ICAL from "ical.js";
import type { CalendarAccountConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import {
  backendFor,
  type CalendarServices,
  calendarAccounts,
  type EventRef,
  parseEventRef,
  zoneFor,
} from "./accounts.js";
import type { CalendarBackend, CalendarInfo, CalendarObject } from "./backend.js";
import { parseCalendarText } from "./ical.js";
import type { Zone } from "./timezone.js";
import { resolverFor, type ZoneResolver } from "./zones.js";

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTime = InstanceType<typeof ICAL.Time>;

/** An event (or reminder) found again from its handle, freshly read with its etag. */
export interface Located {
  ref: EventRef;
  account: CalendarAccountConfig;
  backend: CalendarBackend;
  calendar: CalendarInfo;
  object: CalendarObject;
  vcalendar: IcalComponent;
  zone: Zone;
  resolver: ZoneResolver;
}

export async function locate(
  services: CalendarServices,
  value: string,
  signal: AbortSignal,
): Promise<Located> {
  const ref = parseEventRef(value);
  const [account] = calendarAccounts(services.config, ref.account);
  const backend = backendFor(services, account!);
  const calendar = (await backend.calendars(signal)).find((c) => c.id === ref.calendar);
  const object = calendar ? await backend.get(calendar, ref.object, signal) : undefined;
  if (!calendar || !object) {
    throw new JarvisError("NOT_FOUND", "that item no longer exists (deleted or moved)", {
      fix: "list the events or reminders again",
    });
  }
  const vcalendar = parseCalendarText(object.data);
  const zone = zoneFor(services);
  const now = services.clock.now();
  const resolver = resolverFor(zone, now - 5 * 365 * 86_400_000, now + 5 * 365 * 86_400_000);
  resolver.addFrom(vcalendar);
  for (const component of [
    ...vcalendar.getAllSubcomponents("vevent"),
    ...vcalendar.getAllSubcomponents("vtodo"),
  ]) {
    resolver.attach(component);
  }
  return { ref, account: account!, backend, calendar, object, vcalendar, zone, resolver };
}

export function uidOf(component: IcalComponent): string {
  return String(component.getFirstPropertyValue("uid") ?? "");
}

export function masterOf(located: Located, name: "vevent" | "vtodo" = "vevent"): IcalComponent {
  const master = located.vcalendar
    .getAllSubcomponents(name)
    .find((c) => uidOf(c) === located.ref.uid && !c.hasProperty("recurrence-id"));
  if (!master) throw new JarvisError("NOT_FOUND", "that item no longer exists (deleted or moved)");
  return master;
}

/** The RECURRENCE-ID a handle carries, as a time in the master's zone. */
export function occurrenceTime(master: IcalComponent, occurrence: string): IcalTime {
  const start = master.getFirstPropertyValue("dtstart") as IcalTime;
  const time =
    occurrence.length <= 10 ? ICAL.Time.fromDateString(occurrence) : ICAL.Time.fromDateTimeString(occurrence);
  if (!time.isDate && !occurrence.endsWith("Z")) time.zone = start.zone;
  return time;
}

export function sameTime(a: IcalTime, b: IcalTime): boolean {
  return a.compare(b) === 0;
}

export function overrideFor(located: Located, occurrence: IcalTime): IcalComponent | undefined {
  return located.vcalendar.getAllSubcomponents("vevent").find((c) => {
    if (uidOf(c) !== located.ref.uid || !c.hasProperty("recurrence-id")) return false;
    const id = c.getFirstPropertyValue("recurrence-id") as IcalTime;
    return sameTime(id, occurrence);
  });
}

/** A property holding `time`, written the way the master writes its DTSTART (TZID, UTC or DATE). */
export function timeProperty(
  name: string,
  master: IcalComponent,
  time: IcalTime,
): InstanceType<typeof ICAL.Property> {
  const property = new ICAL.Property(name);
  const tzid = master.getFirstProperty("dtstart")?.getParameter("tzid");
  if (time.isDate) property.resetType("date");
  property.setValue(time);
  if (typeof tzid === "string" && !time.isDate && time.zone !== ICAL.Timezone.utcTimezone)
    property.setParameter("tzid", tzid);
  return property;
}

/** Makes an override VEVENT for one occurrence of a recurring event (RFC 5545 RECURRENCE-ID). */
export function createOverride(located: Located, master: IcalComponent, occurrence: IcalTime): IcalComponent {
  const override = new ICAL.Component(JSON.parse(JSON.stringify(master.toJSON())));
  for (const name of ["rrule", "rdate", "exdate", "recurrence-id"]) override.removeAllProperties(name);
  override.addProperty(timeProperty("recurrence-id", master, occurrence));
  const start = master.getFirstPropertyValue("dtstart") as IcalTime;
  const end = master.getFirstPropertyValue("dtend") as IcalTime | null;
  override.removeAllProperties("dtstart");
  override.addProperty(timeProperty("dtstart", master, occurrence.clone()));
  if (end) {
    const shifted = occurrence.clone();
    shifted.addDuration(end.subtractDate(start));
    override.removeAllProperties("dtend");
    override.addProperty(timeProperty("dtend", master, shifted));
  }
  located.resolver.attach(override);
  located.vcalendar.addSubcomponent(override);
  return override;
}

export function bumpSequence(component: IcalComponent, now: number): void {
  const sequence = Number(component.getFirstPropertyValue("sequence") ?? 0);
  component.updatePropertyWithValue("sequence", sequence + 1);
  const stamp = ICAL.Time.fromJSDate(new Date(now), true);
  component.updatePropertyWithValue("dtstamp", stamp);
  component.updatePropertyWithValue("last-modified", stamp);
}

export interface Target {
  component: IcalComponent;
  master: IcalComponent;
  scope: "event" | "occurrence" | "series";
  start: number;
  end: number;
  allDay: boolean;
  occurrence?: IcalTime | undefined;
}

export function instantOf(time: IcalTime, zone: Zone): number {
  return time.isDate
    ? zone.toInstant({ year: time.year, month: time.month, day: time.day, hour: 0, minute: 0, second: 0 })
    : time.toUnixTime() * 1000;
}

export function spanOf(
  component: IcalComponent,
  zone: Zone,
): { start: number; end: number; allDay: boolean } {
  const start = component.getFirstPropertyValue("dtstart") as IcalTime;
  const end = component.getFirstPropertyValue("dtend") as IcalTime | null;
  const duration = component.getFirstPropertyValue("duration") as InstanceType<typeof ICAL.Duration> | null;
  const startMs = instantOf(start, zone);
  const endMs = end
    ? instantOf(end, zone)
    : duration
      ? startMs + duration.toSeconds() * 1000
      : start.isDate
        ? zone.addDays(startMs, 1)
        : startMs;
  return { start: startMs, end: endMs, allDay: start.isDate };
}

/** What a handle points at: a single event, one occurrence (override) or the whole series. */
export function targetOf(located: Located, series: boolean): Target {
  const master = masterOf(located);
  const recurring = master.hasProperty("rrule") || master.hasProperty("rdate");
  if (!recurring || !located.ref.occurrence) {
    return {
      component: master,
      master,
      scope: recurring ? "series" : "event",
      ...spanOf(master, located.zone),
    };
  }
  const occurrence = occurrenceTime(master, located.ref.occurrence);
  const existing = overrideFor(located, occurrence);
  const masterSpan = spanOf(master, located.zone);
  const start = existing
    ? spanOf(existing, located.zone)
    : {
        start: instantOf(occurrence, located.zone),
        end: instantOf(occurrence, located.zone) + (masterSpan.end - masterSpan.start),
        allDay: masterSpan.allDay,
      };
  return {
    component: existing ?? master,
    master,
    scope: series ? "series" : "occurrence",
    ...start,
    occurrence,
  };
}
