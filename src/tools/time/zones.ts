/**
 * Place names → IANA time zones, offline: every zone's own city ("Asia/Tokyo" → tokyo), plus
 * cities and countries that are not zone names, plus spoken abbreviations.
 */

/**
 * Abbreviations and spoken zone names → a representative IANA zone, so DST follows the place
 * ("EST" said in July means New York's clock, which is then on EDT). Several are ambiguous
 * worldwide; the pick is the one most English speakers mean: IST → India (not Irish or Israel
 * Standard Time), CST → US Central (not China), BST → British Summer Time (not Bangladesh),
 * AST → Atlantic (not Arabia).
 */
export const ABBREVIATIONS: Record<string, string> = {
  utc: "UTC",
  gmt: "GMT",
  zulu: "UTC",
  "coordinated universal": "UTC",
  "greenwich mean": "GMT",
  est: "America/New_York",
  edt: "America/New_York",
  et: "America/New_York",
  eastern: "America/New_York",
  "eastern standard": "America/New_York",
  "eastern daylight": "America/New_York",
  cst: "America/Chicago",
  cdt: "America/Chicago",
  ct: "America/Chicago",
  central: "America/Chicago",
  "central standard": "America/Chicago",
  "central daylight": "America/Chicago",
  mst: "America/Denver",
  mdt: "America/Denver",
  mt: "America/Denver",
  mountain: "America/Denver",
  "mountain standard": "America/Denver",
  "mountain daylight": "America/Denver",
  pst: "America/Los_Angeles",
  pdt: "America/Los_Angeles",
  pt: "America/Los_Angeles",
  pacific: "America/Los_Angeles",
  "pacific standard": "America/Los_Angeles",
  "pacific daylight": "America/Los_Angeles",
  akst: "America/Anchorage",
  akdt: "America/Anchorage",
  hst: "Pacific/Honolulu",
  ast: "America/Halifax",
  adt: "America/Halifax",
  nst: "America/St_Johns",
  ndt: "America/St_Johns",
  brt: "America/Sao_Paulo",
  wet: "Europe/Lisbon",
  west: "Europe/Lisbon",
  cet: "Europe/Paris",
  cest: "Europe/Paris",
  "central european": "Europe/Paris",
  eet: "Europe/Athens",
  eest: "Europe/Athens",
  bst: "Europe/London",
  "british summer": "Europe/London",
  msk: "Europe/Moscow",
  sast: "Africa/Johannesburg",
  gst: "Asia/Dubai",
  pkt: "Asia/Karachi",
  ist: "Asia/Kolkata",
  "india standard": "Asia/Kolkata",
  npt: "Asia/Kathmandu",
  ict: "Asia/Bangkok",
  wib: "Asia/Jakarta",
  sgt: "Asia/Singapore",
  hkt: "Asia/Hong_Kong",
  pht: "Asia/Manila",
  kst: "Asia/Seoul",
  jst: "Asia/Tokyo",
  "japan standard": "Asia/Tokyo",
  awst: "Australia/Perth",
  acst: "Australia/Adelaide",
  acdt: "Australia/Adelaide",
  aest: "Australia/Sydney",
  aedt: "Australia/Sydney",
  nzst: "Pacific/Auckland",
  nzdt: "Pacific/Auckland",
};

const PLACES: Record<string, string> = {
  // cities that are not zone names
  "san francisco": "America/Los_Angeles",
  seattle: "America/Los_Angeles",
  "las vegas": "America/Los_Angeles",
  "san diego": "America/Los_Angeles",
  portland: "America/Los_Angeles",
  boston: "America/New_York",
  washington: "America/New_York",
  "washington dc": "America/New_York",
  miami: "America/New_York",
  atlanta: "America/New_York",
  philadelphia: "America/New_York",
  orlando: "America/New_York",
  "new york city": "America/New_York",
  nyc: "America/New_York",
  dallas: "America/Chicago",
  houston: "America/Chicago",
  austin: "America/Chicago",
  "san antonio": "America/Chicago",
  minneapolis: "America/Chicago",
  "new orleans": "America/Chicago",
  montreal: "America/Toronto",
  ottawa: "America/Toronto",
  calgary: "America/Edmonton",
  "rio de janeiro": "America/Sao_Paulo",
  rio: "America/Sao_Paulo",
  "buenos aires": "America/Argentina/Buenos_Aires",
  barcelona: "Europe/Madrid",
  munich: "Europe/Berlin",
  frankfurt: "Europe/Berlin",
  hamburg: "Europe/Berlin",
  milan: "Europe/Rome",
  venice: "Europe/Rome",
  florence: "Europe/Rome",
  naples: "Europe/Rome",
  geneva: "Europe/Zurich",
  edinburgh: "Europe/London",
  manchester: "Europe/London",
  glasgow: "Europe/London",
  "st petersburg": "Europe/Moscow",
  "saint petersburg": "Europe/Moscow",
  "the hague": "Europe/Amsterdam",
  rotterdam: "Europe/Amsterdam",
  krakow: "Europe/Warsaw",
  porto: "Europe/Lisbon",
  lyon: "Europe/Paris",
  marseille: "Europe/Paris",
  nice: "Europe/Paris",
  beijing: "Asia/Shanghai",
  "hong kong": "Asia/Hong_Kong",
  shenzhen: "Asia/Shanghai",
  mumbai: "Asia/Kolkata",
  delhi: "Asia/Kolkata",
  "new delhi": "Asia/Kolkata",
  bangalore: "Asia/Kolkata",
  bengaluru: "Asia/Kolkata",
  chennai: "Asia/Kolkata",
  hyderabad: "Asia/Kolkata",
  osaka: "Asia/Tokyo",
  kyoto: "Asia/Tokyo",
  busan: "Asia/Seoul",
  "abu dhabi": "Asia/Dubai",
  "tel aviv": "Asia/Jerusalem",
  hanoi: "Asia/Bangkok",
  "ho chi minh city": "Asia/Ho_Chi_Minh",
  // current names of zones ICU still lists under old ones (Asia/Katmandu, Europe/Kiev)
  kolkata: "Asia/Kolkata",
  kathmandu: "Asia/Kathmandu",
  kyiv: "Europe/Kyiv",
  "ho chi minh": "Asia/Ho_Chi_Minh",
  yangon: "Asia/Yangon",
  nuuk: "America/Nuuk",
  bombay: "Asia/Kolkata",
  la: "America/Los_Angeles",
  "los angeles": "America/Los_Angeles",
  sf: "America/Los_Angeles",
  dc: "America/New_York",
  // US states with one zone (or one that most people mean)
  california: "America/Los_Angeles",
  oregon: "America/Los_Angeles",
  nevada: "America/Los_Angeles",
  arizona: "America/Phoenix",
  colorado: "America/Denver",
  utah: "America/Denver",
  texas: "America/Chicago",
  illinois: "America/Chicago",
  "new york state": "America/New_York",
  florida: "America/New_York",
  virginia: "America/New_York",
  massachusetts: "America/New_York",
  "new jersey": "America/New_York",
  ohio: "America/New_York",
  michigan: "America/Detroit",
  hawaii: "Pacific/Honolulu",
  alaska: "America/Anchorage",
  canberra: "Australia/Sydney",
  "gold coast": "Australia/Brisbane",
  wellington: "Pacific/Auckland",
  "cape town": "Africa/Johannesburg",
  // countries with one zone (or one that most people mean)
  japan: "Asia/Tokyo",
  china: "Asia/Shanghai",
  india: "Asia/Kolkata",
  korea: "Asia/Seoul",
  "south korea": "Asia/Seoul",
  germany: "Europe/Berlin",
  france: "Europe/Paris",
  spain: "Europe/Madrid",
  italy: "Europe/Rome",
  england: "Europe/London",
  "united kingdom": "Europe/London",
  uk: "Europe/London",
  britain: "Europe/London",
  ireland: "Europe/Dublin",
  netherlands: "Europe/Amsterdam",
  holland: "Europe/Amsterdam",
  belgium: "Europe/Brussels",
  switzerland: "Europe/Zurich",
  austria: "Europe/Vienna",
  poland: "Europe/Warsaw",
  sweden: "Europe/Stockholm",
  norway: "Europe/Oslo",
  denmark: "Europe/Copenhagen",
  finland: "Europe/Helsinki",
  greece: "Europe/Athens",
  portugal: "Europe/Lisbon",
  russia: "Europe/Moscow",
  turkey: "Europe/Istanbul",
  egypt: "Africa/Cairo",
  israel: "Asia/Jerusalem",
  "saudi arabia": "Asia/Riyadh",
  uae: "Asia/Dubai",
  pakistan: "Asia/Karachi",
  thailand: "Asia/Bangkok",
  vietnam: "Asia/Ho_Chi_Minh",
  philippines: "Asia/Manila",
  indonesia: "Asia/Jakarta",
  singapore: "Asia/Singapore",
  "new zealand": "Pacific/Auckland",
  "south africa": "Africa/Johannesburg",
  nigeria: "Africa/Lagos",
  kenya: "Africa/Nairobi",
  argentina: "America/Argentina/Buenos_Aires",
  peru: "America/Lima",
  colombia: "America/Bogota",
  chile: "America/Santiago",
  iceland: "Atlantic/Reykjavik",
  brazil: "America/Sao_Paulo",
  brasil: "America/Sao_Paulo",
  mexico: "America/Mexico_City",
  nepal: "Asia/Kathmandu",
  bangladesh: "Asia/Dhaka",
  "sri lanka": "Asia/Colombo",
};

/** The lookup table, built once per tool group (Intl's zone list + the names above). */
export function zoneTable(): Map<string, string> {
  const table = new Map<string, string>();
  for (const zone of knownZones()) {
    const city = zone.split("/").at(-1)?.replaceAll("_", " ").toLowerCase();
    if (city && !table.has(city)) table.set(city, zone);
  }
  for (const [name, zone] of Object.entries(PLACES)) table.set(name, zone);
  for (const [name, zone] of Object.entries(ABBREVIATIONS)) table.set(name, zone);
  return table;
}

/** IANA names spelled right, by lower case ("asia/tokyo" → "Asia/Tokyo"). */
export function zoneNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const zone of knownZones()) names.set(zone.toLowerCase(), zone);
  // ICU lists some legacy names (Asia/Calcutta); the current ones users type are in the tables
  for (const zone of [...Object.values(PLACES), ...Object.values(ABBREVIATIONS)])
    names.set(zone.toLowerCase(), zone);
  return names;
}

function knownZones(): string[] {
  return typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
}

/**
 * A fixed UTC offset as people write it: "GMT+4", "UTC-05:30", "utc +5:45", "GMT plus 4",
 * "+0530". The zone is an ECMA-402 offset zone ("+04:00"); the label is how to say it back.
 */
export function parseOffset(text: string): { zone: string; label: string } | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/\u2212/g, "-")
    .replace(/\s*\bplus\b\s*/g, "+")
    .replace(/\s*\bminus\b\s*/g, "-")
    .replace(/\s+/g, "");
  const m = /^(gmt|utc|z)?([+-])(\d{1,2})(?:[:.h]?(\d{2}))?$/.exec(t);
  if (!m) return undefined;
  const hours = Number(m[3]);
  const minutes = Number(m[4] ?? 0);
  const total = (m[2] === "-" ? -1 : 1) * (hours * 60 + minutes);
  // Real offsets run from UTC-12 to UTC+14
  if (minutes > 59 || total < -12 * 60 || total > 14 * 60) return undefined;
  const sign = total < 0 ? "-" : "+";
  const pad = (n: number) => String(n).padStart(2, "0");
  const base = m[1] === "gmt" ? "GMT" : "UTC";
  const label = total === 0 ? base : `${base}${sign}${hours}${minutes ? `:${pad(minutes)}` : ""}`;
  return { zone: `${sign}${pad(hours)}:${pad(minutes)}`, label };
}

export function normalizePlace(place: string): string {
  return place
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[.,!?]/g, "")
    .replace(/\s+(?:time\s*zone|time|timezone|zone|city)$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

export { isValidZone } from "../calendar/timezone.js";
