import { stem } from "../nlu/text/normalize.js";

/**
 * Words that say nothing about which tool a request needs. Verbs like "open", "find" or
 * "show" are kept: they separate reading from writing.
 */
const STOPWORDS = new Set(
  (
    "a an the and or but if then than so to of in on at by for with from into onto about as is are was were be been " +
    "being am do does did doing have has had having i me my mine myself you your yours we our us he him his she her " +
    "they them their it its this that these those there here what which who whom whose when where why how can could " +
    "would should will shall may might must please just also very really some any all each every no not only own " +
    "same too up down out over again once now still yet hey jarvis ok okay thanks thank tell let want need like " +
    "one two get got gonna wanna im its whats thats s t hello hi hiya"
  ).split(" "),
);

/**
 * Everyday words for what the catalog says in its own terms: a query word adds these terms
 * (at a lower weight) so "inbox" finds mail tools and "song" finds media ones. Written from
 * the catalog's descriptions, for the words people use instead of them.
 */
const RELATED: Readonly<Record<string, readonly string[]>> = {
  email: ["mail"],
  emails: ["mail"],
  emailed: ["mail"],
  "e-mail": ["mail"],
  inbox: ["mail"],
  unread: ["mail"],
  newsletter: ["mail"],
  sender: ["mail"],
  forward: ["mail", "send"],
  reply: ["mail"],
  attachment: ["mail", "file"],
  meeting: ["calendar", "event"],
  appointment: ["calendar", "event"],
  schedule: ["calendar", "event"],
  reschedule: ["calendar", "event", "update"],
  invite: ["calendar", "mail"],
  busy: ["calendar", "free"],
  agenda: ["calendar"],
  standup: ["calendar", "event"],
  booked: ["calendar"],
  book: ["calendar", "event"],
  remind: ["reminder"],
  todo: ["reminder", "list"],
  due: ["reminder"],
  phone: ["contact", "call"],
  number: ["contact"],
  ring: ["call"],
  text: ["call", "message"],
  sms: ["call"],
  folder: ["directory", "file"],
  directory: ["file"],
  desktop: ["file", "directory"],
  downloads: ["file", "directory"],
  documents: ["file", "document"],
  pdf: ["file", "document"],
  docx: ["file", "document"],
  txt: ["file"],
  csv: ["file"],
  spreadsheet: ["file", "document"],
  notes: ["file", "knowledge", "document"],
  note: ["file", "memory"],
  gist: ["summarize"],
  summary: ["summarize"],
  online: ["web", "search"],
  google: ["web", "search"],
  internet: ["web", "search"],
  website: ["web", "page", "browser"],
  site: ["web", "page", "browser"],
  article: ["web", "page"],
  link: ["url", "page"],
  tab: ["browser"],
  tabs: ["browser"],
  button: ["click", "ui"],
  field: ["type", "browser"],
  dropdown: ["select", "browser"],
  form: ["browser", "type"],
  song: ["media", "track"],
  music: ["media"],
  track: ["media"],
  playlist: ["media"],
  podcast: ["media"],
  album: ["media"],
  sound: ["volume"],
  loud: ["volume"],
  quiet: ["volume", "mute"],
  dim: ["brightness"],
  bright: ["brightness"],
  charge: ["battery"],
  ram: ["system", "memory"],
  disk: ["system", "space"],
  uptime: ["system"],
  app: ["apps"],
  application: ["apps"],
  program: ["apps"],
  window: ["windows"],
  snap: ["tile"],
  maximize: ["tile", "window"],
  key: ["hotkey", "press"],
  shortcut: ["hotkey"],
  keyboard: ["type", "hotkey"],
  dialog: ["ui", "window"],
  checkbox: ["ui"],
  menu: ["ui"],
  screenshot: ["screen", "capture"],
  copy: ["clipboard"],
  paste: ["clipboard"],
  countdown: ["timer"],
  wake: ["alarm"],
  timezone: ["time", "zone"],
  percent: ["calculate"],
  tip: ["calculate"],
  convert: ["calculate", "convert"],
  rain: ["weather", "forecast"],
  snow: ["weather", "forecast"],
  umbrella: ["weather", "forecast"],
  temperature: ["weather"],
  cold: ["weather"],
  hot: ["weather"],
  sunny: ["weather"],
  humidity: ["weather"],
  shopping: ["list"],
  groceries: ["list"],
  grocery: ["list"],
  checklist: ["list"],
  packing: ["list"],
  remember: ["memory"],
  forget: ["memory"],
  recall: ["memory"],
  git: ["shell", "run"],
  command: ["shell", "run"],
  terminal: ["shell"],
  recording: ["transcribe", "audio"],
  memo: ["transcribe", "audio"],
  video: ["transcript", "media"],
  youtube: ["transcript", "video"],
  transcript: ["transcribe"],
  indexed: ["knowledge"],
  index: ["knowledge"],
  contents: ["read"],
  content: ["read"],
  say: ["read"],
  says: ["read"],
  tick: ["complete", "done"],
  finished: ["complete", "done"],
  scroll: ["hotkey", "press"],
  arrange: ["tile", "window"],
  side: ["tile"],
  half: ["tile"],
  called: ["list", "name"],
  spent: ["calculate"],
  add: ["add"],
  total: ["calculate"],
  news: ["web", "search"],
  headlines: ["web", "search"],
  price: ["web", "search"],
  research: ["web", "search"],
  wiki: ["web"],
  wikipedia: ["web", "browser"],
  address: ["contact", "memory"],
  birthday: ["memory", "contact", "calendar"],
  allergic: ["memory"],
  favourite: ["memory"],
  favorite: ["memory"],
};

/** Lowercase words of a text, with snake_case and file names split into their parts. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[_/\\.]+/g, " ")
    .split(/[^a-z0-9'+%-]+/)
    .map((w) => w.replace(/^['-]+|['-]+$/g, "").replace(/'s$/, ""))
    .filter((w) => w.length > 0);
}

/** The terms a text contributes: stopwords dropped, light stemming. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of wordsOf(text)) {
    if (STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/**
 * A query's weighted terms: its own words at full weight, their everyday relatives at
 * `relatedWeight` (never more than a word the user actually said).
 */
export function queryTerms(text: string, weight = 1, relatedWeight = 0.4): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (term: string, w: number) => terms.set(term, Math.max(terms.get(term) ?? 0, w));
  for (const word of wordsOf(text)) {
    if (STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    add(stem(word), weight);
    for (const related of RELATED[word] ?? RELATED[stem(word)] ?? [])
      add(stem(related), weight * relatedWeight);
  }
  return terms;
}
