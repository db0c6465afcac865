import ICAL from "ical.js";
import { isValidZone, pad, Zone } from "./timezone.js";

type IcalTimezone = InstanceType<typeof ICAL.Timezone>;
type IcalComponent = InstanceType<typeof ICAL.Component>;

const HOUR = 3_600_000;

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

function localStamp(ms: number, offsetMinutes: number): string {
  // the observance's DTSTART is the wall time in the offset in force before the change
  const d = new Date(ms + offsetMinutes * 60_000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/**
 * A VTIMEZONE for an IANA zone, made from the platform's tz database: one observance per
 * offset change in the years asked for. Lets ical.js compute DST-correct instants without a
 * global registry, and goes into the .ics Jarvis writes so other clients agree.
 */
export function vtimezoneFor(zone: Zone, fromYear: number, toYear: number): IcalComponent {
  const vtimezone = new ICAL.Component("vtimezone");
  vtimezone.addPropertyWithValue("tzid", zone.name);
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const first = zone.offset(start);
  const observance = (kind: "standard" | "daylight", at: number, from: number, to: number) => {
    const component = new ICAL.Component(kind);
    component.addProperty(new ICAL.Property(ICAL.parse.property(`DTSTART:${localStamp(at, from)}`)));
    component.addPropertyWithValue("tzoffsetfrom", ICAL.UtcOffset.fromString(offsetText(from)));
    component.addPropertyWithValue("tzoffsetto", ICAL.UtcOffset.fromString(offsetText(to)));
    vtimezone.addSubcomponent(component);
  };
  observance("standard", Date.UTC(1970, 0, 1), first, first);
  let previous = first;
  // weekly probes find the changes; a binary search pins each to the second
  for (let probe = start + 7 * 24 * HOUR; probe <= end; probe += 7 * 24 * HOUR) {
    const current = zone.offset(probe);
    if (current === previous) continue;
    let low = probe - 7 * 24 * HOUR;
    let high = probe;
    while (high - low > 1000) {
      const middle = Math.floor((low + high) / 2);
      if (zone.offset(middle) === previous) low = middle;
      else high = middle;
    }
    observance(current > previous ? "daylight" : "standard", high, previous, current);
    previous = current;
  }
  return vtimezone;
}

/**
 * Time zones for one parse: those an object carries as VTIMEZONE, else generated for IANA
 * names, else the user's zone (a non-IANA name such as Windows' "W. Europe Standard Time").
 */
export class ZoneResolver {
  private readonly cache = new Map<string, IcalTimezone>();

  constructor(
    readonly userZone: Zone,
    private readonly years: { from: number; to: number },
  ) {}

  /** Registers the VTIMEZONEs an object carries (they win over generated ones). */
  addFrom(vcalendar: IcalComponent): void {
    for (const component of vcalendar.getAllSubcomponents("vtimezone")) {
      const tzid = String(component.getFirstPropertyValue("tzid") ?? "");
      if (tzid && !this.cache.has(tzid)) this.cache.set(tzid, ICAL.Timezone.fromData({ component, tzid }));
    }
  }

  get(tzid: string | undefined): IcalTimezone {
    const name = tzid && isValidZone(tzid) ? tzid : this.userZone.name;
    const key = tzid ?? name;
    const cached = this.cache.get(key) ?? this.cache.get(name);
    if (cached) return cached;
    const zone = name === this.userZone.name ? this.userZone : new Zone(name);
    const component = vtimezoneFor(zone, this.years.from, this.years.to);
    const timezone = ICAL.Timezone.fromData({ component, tzid: name });
    this.cache.set(key, timezone);
    return timezone;
  }

  /**
   * Gives every date-time with a TZID (or none: floating) its zone, so recurrence rules,
   * UNTIL and EXDATE compare as instants. UTC values are left as they are.
   */
  attach(component: IcalComponent): void {
    for (const name of ["dtstart", "dtend", "due", "exdate", "rdate", "recurrence-id"]) {
      for (const property of component.getAllProperties(name)) {
        const tzid = property.getParameter("tzid");
        const zone = this.get(typeof tzid === "string" ? tzid : undefined);
        for (const value of property.getValues()) {
          const time = value instanceof ICAL.Period ? value.start : value;
          if (!(time instanceof ICAL.Time) || time.isDate) continue;
          if (time.zone === ICAL.Timezone.utcTimezone) continue;
          time.zone = zone;
          if (value instanceof ICAL.Period && value.end instanceof ICAL.Time) value.end.zone = zone;
        }
      }
    }
  }
}

/** A resolver covering [from, to] with a year of margin either side. */
export function resolverFor(zone: Zone, from: number, to: number): ZoneResolver {
  const year = (ms: number) => new Date(ms).getUTCFullYear();
  return new ZoneResolver(zone, {
    from: Math.min(year(from), year(to)) - 1,
    to: Math.max(year(from), year(to)) + 1,
  });
}
