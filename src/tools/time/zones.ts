/**
 * Place names → IANA time zones, offline: every zone's own city ("Asia/Tokyo" → tokyo), plus
 * cities and countries that are not zone names, plus spoken abbreviations.
 */
const EXTRA: Record<string, string> = {
  // abbreviations and spoken names
  utc: "UTC",
  gmt: "GMT",
  zulu: "UTC",
  est: "America/New_York",
  edt: "America/New_York",
  eastern: "America/New_York",
  "eastern time": "America/New_York",
  cst: "America/Chicago",
  cdt: "America/Chicago",
  central: "America/Chicago",
  "central time": "America/Chicago",
  mst: "America/Denver",
  mdt: "America/Denver",
  mountain: "America/Denver",
  "mountain time": "America/Denver",
  pst: "America/Los_Angeles",
  pdt: "America/Los_Angeles",
  pacific: "America/Los_Angeles",
  "pacific time": "America/Los_Angeles",
  cet: "Europe/Paris",
  cest: "Europe/Paris",
  bst: "Europe/London",
  ist: "Asia/Kolkata",
  jst: "Asia/Tokyo",
  aest: "Australia/Sydney",
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
};

/** The lookup table, built once per tool group (Intl's zone list + the extras above). */
export function zoneTable(): Map<string, string> {
  const table = new Map<string, string>();
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  for (const zone of zones) {
    const city = zone.split("/").at(-1)?.replaceAll("_", " ").toLowerCase();
    if (city && !table.has(city)) table.set(city, zone);
  }
  for (const [name, zone] of Object.entries(EXTRA)) table.set(name, zone);
  return table;
}

export function normalizePlace(place: string): string {
  return place
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[.,!?]/g, "")
    .replace(/\s+(?:time|city)$/, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
