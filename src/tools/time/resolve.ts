import { JarvisError } from "../../core/errors.js";
import type { Place } from "../weather/client.js";
import { ABBREVIATIONS, isValidZone, normalizePlace, parseOffset, zoneNames, zoneTable } from "./zones.js";

/** Place → coordinates and zone (Open-Meteo's geocoder in production, a fake in tests). */
export interface Geocoder {
  geocode(name: string, signal: AbortSignal): Promise<Place | undefined>;
}

/** A time zone found for what the user said, and how to name it back to them. */
export interface ResolvedZone {
  /** An IANA zone, or a fixed offset zone like "+04:00". */
  zone: string;
  /** What to call it in a sentence: "Tokyo", "New York", "GMT+4", "UTC". */
  name: string;
  kind: "local" | "offset" | "utc" | "abbreviation" | "zone" | "place" | "geocoded";
  /** For geocoded places: "Springfield, United States". */
  place?: string;
  /** The abbreviation the user said ("JST"), used when Intl has no name for the zone. */
  said?: string;
}

/**
 * One way to turn "Tokyo", "EST", "Europe/Paris" or "GMT+4" into a zone, shared by time_now and
 * time_convert: offline first (offsets, abbreviations, the place table, IANA names), then the
 * geocoder for any other place.
 */
export class ZoneResolver {
  private readonly table = zoneTable();
  private readonly names = zoneNames();

  constructor(
    private readonly geocoder: Geocoder,
    readonly localZone: string,
  ) {}

  local(): ResolvedZone {
    return { zone: this.localZone, name: cityOf(this.localZone), kind: "local" };
  }

  /** A zone, abbreviation, offset or known place without the network; undefined when none. */
  offline(text: string): ResolvedZone | undefined {
    const said = text.trim();
    const offset = parseOffset(said);
    if (offset) return { zone: offset.zone, name: offset.label, kind: "offset" };
    const key = normalizePlace(said);
    const abbreviation = ABBREVIATIONS[key];
    if (abbreviation === "UTC" || abbreviation === "GMT")
      return { zone: "UTC", name: key === "gmt" || key === "greenwich mean" ? "GMT" : "UTC", kind: "utc" };
    if (abbreviation)
      return {
        zone: abbreviation,
        name: cityOf(abbreviation),
        kind: "abbreviation",
        ...(/^[a-z]{2,5}$/.test(key) ? { said: key.toUpperCase() } : {}),
      };
    const named = this.names.get(said.toLowerCase());
    if (named) return { zone: named, name: cityOf(named), kind: "zone" };
    const place = this.table.get(key);
    if (place) return { zone: place, name: titleCase(said.replace(/[?.!,]+$/, "")), kind: "place" };
    if (/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/.test(said) && isValidZone(said)) {
      // An alias Intl knows but does not list (US/Eastern): take its canonical name
      const zone = new Intl.DateTimeFormat("en-US", { timeZone: said }).resolvedOptions().timeZone;
      return { zone, name: cityOf(zone), kind: "zone" };
    }
    return undefined;
  }

  /** Offline first, then geocoding; NOT_FOUND (with the fix) when neither knows the place. */
  async resolve(text: string, signal: AbortSignal): Promise<ResolvedZone> {
    const known = this.offline(text);
    if (known) return known;
    const found = await this.geocoder.geocode(text.trim(), signal).catch((error: unknown) => {
      if (error instanceof JarvisError && error.code === "CANCELLED") throw error;
      return undefined;
    });
    if (found?.timezone && isValidZone(found.timezone))
      return {
        zone: found.timezone,
        name: found.name,
        kind: "geocoded",
        place: [found.name, found.country].filter(Boolean).join(", "),
      };
    throw new JarvisError("NOT_FOUND", `I don't know the time zone of "${text.trim()}"`, {
      fix: "name a bigger city, an IANA zone like Europe/Paris, or an offset like GMT+4",
    });
  }
}

/** "America/New_York" → "New York"; zones that are no place keep their name ("UTC"). */
export function cityOf(zone: string): string {
  if (!zone.includes("/") || zone.startsWith("Etc/")) return zone === "GMT" ? "GMT" : zone;
  return (zone.split("/").at(-1) ?? zone).replaceAll("_", " ");
}

/** "new york" → "New York"; names already capitalised by the user stay as they are. */
function titleCase(text: string): string {
  if (text !== text.toLowerCase()) return text;
  return text.replace(
    /(^|[\s-])(\p{L})/gu,
    (_m, lead: string, letter: string) => lead + letter.toUpperCase(),
  );
}
