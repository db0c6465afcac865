import ICAL from "ical.js";
import type { CalendarAccountConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import {
  backendFor,
  type CalendarServices,
  calendarAccounts,
  type EventRef,
  parseEventRef,
  resolverFor,
  zoneFor,
} from "./accounts.js";
import type { CalendarBackend, CalendarInfo, CalendarObject } from "./backend.js";
import { parseCalendarText } from "./ical.js";
import type { Zone } from "./time.js";
import type { ZoneResolver } from "./zones.js";

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
