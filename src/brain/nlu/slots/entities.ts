/**
 * Entity slots that are lists of words rather than grammars: apps, contacts, cities, list
 * names, items, URLs, paths, time-zone names. Each refuses what it cannot be, so a template
 * like "open {app}" does not turn "open the garage door" into an action.
 */
import { NO_ENDINGS, relativePath, tailOfWritten } from "./written-paths.js";

export const KNOWN_APPS: readonly string[] = [
  "firefox",
  "chrome",
  "google chrome",
  "chromium",
  "brave",
  "opera",
  "vivaldi",
  "edge",
  "microsoft edge",
  "safari",
  "terminal",
  "the terminal",
  "gnome terminal",
  "konsole",
  "xterm",
  "alacritty",
  "kitty",
  "spotify",
  "slack",
  "discord",
  "zoom",
  "teams",
  "microsoft teams",
  "skype",
  "signal",
  "telegram",
  "whatsapp",
  "thunderbird",
  "evolution",
  "geary",
  "vlc",
  "mpv",
  "rhythmbox",
  "audacity",
  "gimp",
  "inkscape",
  "krita",
  "blender",
  "kdenlive",
  "obs",
  "obs studio",
  "libreoffice",
  "libreoffice writer",
  "libreoffice calc",
  "writer",
  "word",
  "microsoft word",
  "excel",
  "microsoft excel",
  "powerpoint",
  "outlook",
  "visual studio code",
  "vs code",
  "vscode",
  "code",
  "sublime text",
  "vim",
  "emacs",
  "gedit",
  "kate",
  "mousepad",
  "text editor",
  "notepad",
  "calculator",
  "files",
  "file manager",
  "nautilus",
  "dolphin",
  "thunar",
  "settings",
  "system settings",
  "system monitor",
  "task manager",
  "steam",
  "evince",
  "okular",
  "document viewer",
  "image viewer",
  "photos",
  "shotwell",
  "keepassxc",
  "bitwarden",
  "postman",
  "android studio",
  "intellij",
  "pycharm",
  "webstorm",
  "eclipse",
  "obsidian",
  "notion",
  "figma",
  "zotero",
  "transmission",
  "virtualbox",
  "htop",
  "xeyes",
  "xcalc",
  "xclock",
  "finder",
  "itunes",
  "music app",
  "mail app",
  "notes app",
  "maps app",
  "calendar app",
];

/** Words that never start or make up a name, a city or a list ("weather in the morning"). */
const NOT_NAMES = new Set([
  "a",
  "an",
  "the",
  "it",
  "this",
  "that",
  "these",
  "those",
  "me",
  "you",
  "us",
  "him",
  "her",
  "them",
  "is",
  "are",
  "be",
  "to",
  "for",
  "from",
  "of",
  "on",
  "in",
  "at",
  "by",
  "with",
  "about",
  "and",
  "or",
  "but",
  "saying",
  "says",
  "that",
  "what",
  "who",
  "when",
  "where",
  "how",
  "why",
  "which",
  "today",
  "tonight",
  "tomorrow",
  "yesterday",
  "now",
  "here",
  "there",
  "outside",
  "inside",
  "weekend",
  "week",
  "month",
  "year",
  "morning",
  "afternoon",
  "evening",
  "night",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "next",
  "last",
  "this",
  "please",
  "some",
  "any",
  "all",
  "area",
  "location",
  "place",
  "city",
  "town",
  "currently",
  "right",
  "like",
  "going",
  "will",
  "'s",
  "do",
  "does",
  "did",
  "email",
  "emails",
  "mail",
  "message",
  "messages",
  "inbox",
  "not",
  "no",
  "since",
  "until",
  "after",
  "before",
]);

export function isNameLike(words: readonly string[], allowMy = false): boolean {
  if (words.length === 0 || words.length > 4) return false;
  return words.every((w, i) => {
    if (allowMy && i === 0 && (w === "my" || w === "dr" || w === "mr" || w === "mrs" || w === "ms"))
      return true;
    return /^\p{L}[\p{L}'.-]*$/u.test(w) && !NOT_NAMES.has(w) && w !== "my";
  });
}

export const FOLDERS: Record<string, string> = {
  documents: "~/Documents",
  document: "~/Documents",
  docs: "~/Documents",
  downloads: "~/Downloads",
  download: "~/Downloads",
  desktop: "~/Desktop",
  pictures: "~/Pictures",
  photos: "~/Pictures",
  music: "~/Music",
  videos: "~/Videos",
  home: "~",
};

/** "~/Documents/x", "/tmp", or "my downloads folder" → "~/Downloads". */
export { relativePath, tailOfWritten, writtenPaths } from "./written-paths.js";

export function parsePath(words: readonly string[], raw: string, text = ""): string | undefined {
  if (tailOfWritten(raw, text)) return undefined;
  const relative = words.length > 1 ? relativePath(raw, NO_ENDINGS) : undefined;
  if (relative) return relative;
  if (words.length === 1 && /^(?:~|\.{1,2})?\/|^~$/.test(raw)) return raw;
  const rest = words.filter((w) => w !== "my" && w !== "the" && w !== "folder" && w !== "directory");
  if (rest.length === 1 && words.length >= 2 && FOLDERS[rest[0]!]) return FOLDERS[rest[0]!];
  if (rest.length === 1 && (words.includes("folder") || words.includes("directory")))
    return FOLDERS[rest[0]!];
  return undefined;
}

const TLDS = new Set(
  "com org net io dev ai app co uk de fr es it nl eu edu gov info me tv us ca au jp cn in ru br ch se no fi dk pl cz at be pt ie nz za mx ar kr tw sg hk il tr gr ro hu sk blog news site online tech xyz page wiki".split(
    " ",
  ),
);

export function parseUrl(words: readonly string[], raw: string): string | undefined {
  if (words.length !== 1) return undefined;
  if (/^#u\d{1,6}$/.test(raw)) return raw;
  if (/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(raw)) return raw;
  const host = raw.toLowerCase().replace(/\/.*$/, "");
  if (/^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(host) && TLDS.has(host.split(".").at(-1)!)) {
    return raw;
  }
  return undefined;
}

/** "to do" / "todo" / "to-do" → "todo"; "grocery list" → "grocery". */
/** Names that are not Jarvis lists: contacts, playlists, favourites of songs. */
const NOT_LISTS = new Set([
  "reminder",
  "reminders",
  "contact",
  "contacts",
  "play",
  "playlist",
  "song",
  "songs",
  "music",
  "reading",
  "mailing",
  "email",
  "guest",
]);

export function parseListName(words: readonly string[]): string | undefined {
  if (words.some((w) => NOT_LISTS.has(w))) return undefined;
  let w = [...words];
  if (w.at(-1) === "list" || w.at(-1) === "lists") w = w.slice(0, -1);
  const joined = w.join(" ");
  if (joined === "to do" || joined === "todo" || joined === "todos" || joined === "to dos") return "todo";
  if (w.length === 0 || w.length > 3) return undefined;
  if (!w.every((x) => /^\p{L}[\p{L}\p{N}'-]*$/u.test(x) && !NOT_NAMES.has(x) && x !== "my" && x !== "list")) {
    return undefined;
  }
  return joined;
}

/** "eggs, bread and milk" → ["eggs", "bread", "milk"] (raw casing kept). */
const NOT_ITEMS =
  /^(?:this|that|the|current) (?:song|track|music|tune|album|email|contact|number)$|^(?:this|that|it)$/i;

export function splitItems(raw: string): string[] | undefined {
  const items = raw
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s+plus\s+/i)
    .map((s) => s.trim().replace(/^(?:some|also)\s+/i, ""))
    .filter((s) => s.length > 0);
  if (items.length === 0 || items.length > 20 || items.some((s) => s.split(/\s+/).length > 6))
    return undefined;
  if (items.some((s) => NOT_ITEMS.test(s))) return undefined;
  return items;
}

/** Spoken zone names and abbreviations → IANA ids. */
export const ZONE_WORDS: Record<string, string> = {
  utc: "UTC",
  gmt: "GMT",
  zulu: "UTC",
  est: "America/New_York",
  edt: "America/New_York",
  eastern: "America/New_York",
  cst: "America/Chicago",
  cdt: "America/Chicago",
  central: "America/Chicago",
  mst: "America/Denver",
  mdt: "America/Denver",
  mountain: "America/Denver",
  pst: "America/Los_Angeles",
  pdt: "America/Los_Angeles",
  pacific: "America/Los_Angeles",
  cet: "Europe/Paris",
  cest: "Europe/Paris",
  bst: "Europe/London",
  ist: "Asia/Kolkata",
  jst: "Asia/Tokyo",
  aest: "Australia/Sydney",
};

export function parseZone(words: readonly string[]): string | undefined {
  const w = words.filter((x) => x !== "time" && x !== "standard" && x !== "zone" && x !== "the");
  if (w.length !== 1) return undefined;
  return ZONE_WORDS[w[0]!];
}
