/**
 * Datasets of the embedded NLU benchmark. Public datasets are read from the evaluation folder at
 * run time (never copied here); the team's own sets are in bench/data. See docs/nlu-honesty.md
 * for who may read which: the blind set, the HWU64 held part, CLINC150 val and SNIPS are only
 * ever scored, never printed.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const here = dirname(fileURLToPath(import.meta.url));
export const NOW = new Date("2025-06-11T10:00:00Z");
export const TIMEZONE = "UTC";

/**
 * The training seed the benchmarks build with: `NLU_SEED` when set (to measure how much a
 * figure moves with the seed), otherwise the NLU's default.
 */
export function benchSeed(): { seed?: number } {
  const raw = process.env.NLU_SEED;
  if (raw === undefined || raw === "") return {};
  const seed = Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`NLU_SEED must be an integer, not "${raw}"`);
  return { seed };
}

/** `JARVIS_EVAL_DIR`, else `shared/eval` beside an ancestor of the checkout. */
export function evalDir(): string | undefined {
  if (process.env.JARVIS_EVAL_DIR) return process.env.JARVIS_EVAL_DIR;
  let dir = resolve(here, "..");
  for (let i = 0; i < 3; i++) {
    dir = dirname(dir);
    if (existsSync(join(dir, "shared", "eval"))) return join(dir, "shared", "eval");
  }
  return undefined;
}

/** A throwaway home's store: encrypted by a passphrase, never the developer's keychain. */
export const THROWAWAY_STORE = {
  JARVIS_KEYCHAIN: "off",
  JARVIS_PASSPHRASE: "nlu benchmark (throwaway home)",
};

export type Capability = string;

/** One utterance of a public set with the capability it asks for (null: out of scope). */
export interface Item {
  text: string;
  capability: Capability | null;
  /** The dataset's own intent name, for per-category figures. */
  category: string;
}

/** ../shared/eval/README.md: a tool group → a capability. Reminders and calendar count as one. */
export function capabilityOfTool(tool: string): Capability {
  if (/^(timer|alarm)_/.test(tool)) return "alarm_timer";
  if (/^(reminders|calendar)_/.test(tool)) return "reminder_calendar";
  if (/^(mail|contacts)_/.test(tool)) return "email";
  if (tool.startsWith("media_") && tool !== "media_transcribe") return "music_media";
  if (tool.startsWith("system_volume_") || tool === "system_mute") return "volume";
  if (tool.startsWith("weather_")) return "weather";
  if (tool.startsWith("time_") || tool.startsWith("date_")) return "datetime";
  if (tool.startsWith("lists_")) return "lists_todo";
  if (["web_search", "knowledge_search", "calc_evaluate"].includes(tool)) return "question";
  return `other:${tool}`;
}

const HWU: Record<string, Capability> = {
  alarm_set: "alarm_timer",
  alarm_query: "alarm_timer",
  alarm_remove: "alarm_timer",
  calendar_set: "reminder_calendar",
  calendar_query: "reminder_calendar",
  calendar_remove: "reminder_calendar",
  email_sendemail: "email",
  email_query: "email",
  email_querycontact: "email",
  email_addcontact: "email",
  play_music: "music_media",
  music_query: "music_media",
  music_settings: "music_media",
  play_radio: "music_media",
  play_podcasts: "music_media",
  play_audiobook: "music_media",
  audio_volume_up: "volume",
  audio_volume_down: "volume",
  audio_volume_mute: "volume",
  weather_query: "weather",
  datetime_query: "datetime",
  datetime_convert: "datetime",
  qa_factoid: "question",
  qa_definition: "question",
  qa_maths: "question",
  qa_currency: "question",
  qa_stock: "question",
  news_query: "question",
  lists_createoradd: "lists_todo",
  lists_query: "lists_todo",
  lists_remove: "lists_todo",
  general_affirm: "dialog",
  general_negate: "dialog",
  general_commandstop: "dialog",
  general_confirm: "dialog",
  general_repeat: "dialog",
};

/** The team's reading of the CLINC150 intents Jarvis has a capability for; the rest are out of scope. */
const CLINC: Record<string, Capability> = {
  alarm: "alarm_timer",
  timer: "alarm_timer",
  reminder: "reminder_calendar",
  reminder_update: "reminder_calendar",
  calendar: "reminder_calendar",
  calendar_update: "reminder_calendar",
  schedule_meeting: "reminder_calendar",
  meeting_schedule: "reminder_calendar",
  weather: "weather",
  time: "datetime",
  date: "datetime",
  timezone: "datetime",
  shopping_list: "lists_todo",
  shopping_list_update: "lists_todo",
  todo_list: "lists_todo",
  todo_list_update: "lists_todo",
  play_music: "music_media",
  next_song: "music_media",
  what_song: "music_media",
  change_volume: "volume",
  calculator: "question",
  measurement_conversion: "question",
  definition: "question",
  spelling: "question",
  yes: "dialog",
  no: "dialog",
  cancel: "dialog",
  repeat: "dialog",
  greeting: "dialog",
  goodbye: "dialog",
  thank_you: "dialog",
  what_can_i_ask_you: "dialog",
  // Jarvis places calls and texts through the phone app (contacts_call): served, not refused
  make_call: "email",
  text: "email",
};

/**
 * SNIPS: weather and music are Jarvis's; finding a film, show or book is served by a web search
 * (or a question for the model); booking, rating, playlists and listings are not Jarvis's.
 */
const SNIPS: Record<string, Capability> = {
  GetWeather: "weather",
  PlayMusic: "music_media",
  SearchCreativeWork: "question",
};

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line) continue;
    const cells: string[] = [];
    let cell = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ",") {
        cells.push(cell);
        cell = "";
      } else cell += c;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows.slice(1);
}

function jsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** FNV-1a of the text: the same split on every machine, independent of file order. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** HWU64 train, split by a hash of the text: `dev` (80 %, may be read by category) or `held` (20 %, never). */
export function loadHwu(dir: string, part: "dev" | "held"): Item[] {
  return jsonl<{ text: string; intent: string }>(join(dir, "hwu64", "train.jsonl"))
    .filter((row) => (hash(row.text) % 5 === 0 ? "held" : "dev") === part)
    .map((row) => ({ text: row.text, capability: HWU[row.intent] ?? null, category: row.intent }));
}

export function loadClinc(dir: string, file: string): Item[] {
  return parseCsv(readFileSync(join(dir, "clinc150", file), "utf8")).map(([text = "", intent = ""]) => ({
    text,
    capability: intent === "oos" ? null : (CLINC[intent] ?? null),
    category: intent,
  }));
}

export function loadSnips(dir: string): Item[] {
  return jsonl<{ text: string; intent: string }>(join(dir, "snips", "train_full.jsonl")).map((row) => ({
    text: row.text,
    capability: SNIPS[row.intent] ?? null,
    category: row.intent,
  }));
}

/** The team's development set (bench/data/commands.jsonl). */
export interface OwnCase {
  text: string;
  kind: "action" | "question" | "chat" | "dialog" | "none" | "unknown";
  calls?: Array<{ tool: string; args: Record<string, unknown> }>;
  dialog?: string;
}

export function loadOwnCases(): OwnCase[] {
  return jsonl<OwnCase>(join(here, "data", "commands.jsonl"));
}

/** The blind everyday set (bench/data/README.md): scored only, never printed. */
export interface BlindCase {
  id: string;
  text: string;
  expect: "act" | "ask" | "decline";
  tool?: string;
  args?: Record<string, unknown>;
  missing?: string[];
  after?: string;
}

export function loadBlind(): BlindCase[] {
  return jsonl<BlindCase>(join(here, "data", "blind-everyday.jsonl"));
}

/** The development everyday set (bench/data/README.md): same format, read and tuned on. */
export function loadDevEveryday(): BlindCase[] {
  return loadEveryday("dev-everyday.jsonl");
}

/** The second development everyday set, by another independent writer (bench/data/README.md). */
export function loadDevEveryday2(): BlindCase[] {
  return loadEveryday("dev-everyday2.jsonl");
}

export function loadDevEveryday3(): BlindCase[] {
  return loadEveryday("dev-everyday3.jsonl");
}

/** The fourth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday4(): BlindCase[] {
  return loadEveryday("dev-everyday4.jsonl");
}

/** The fifth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday5(): BlindCase[] {
  return loadEveryday("dev-everyday5.jsonl");
}

/** The sixth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday6(): BlindCase[] {
  return loadEveryday("dev-everyday6.jsonl");
}

/** The seventh development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday7(): BlindCase[] {
  return loadEveryday("dev-everyday7.jsonl");
}

/** The eighth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday8(): BlindCase[] {
  return loadEveryday("dev-everyday8.jsonl");
}

/** The ninth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday9(): BlindCase[] {
  return loadEveryday("dev-everyday9.jsonl");
}

/** The tenth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday10(): BlindCase[] {
  return loadEveryday("dev-everyday10.jsonl");
}

/** The eleventh development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday11(): BlindCase[] {
  return loadEveryday("dev-everyday11.jsonl");
}

/** The twelfth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday12(): BlindCase[] {
  return loadEveryday("dev-everyday12.jsonl");
}

/** The thirteenth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday13(): BlindCase[] {
  return loadEveryday("dev-everyday13.jsonl");
}

/** The fourteenth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday14(): BlindCase[] {
  return loadEveryday("dev-everyday14.jsonl");
}

/** The fifteenth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday15(): BlindCase[] {
  return loadEveryday("dev-everyday15.jsonl");
}

/** The sixteenth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday16(): BlindCase[] {
  return loadEveryday("dev-everyday16.jsonl");
}

/** The seventeenth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday17(): BlindCase[] {
  return loadEveryday("dev-everyday17.jsonl");
}

/** The eighteenth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday18(): BlindCase[] {
  return loadEveryday("dev-everyday18.jsonl");
}

/** The nineteenth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday19(): BlindCase[] {
  return loadEveryday("dev-everyday19.jsonl");
}

/** The twentieth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday20(): BlindCase[] {
  return loadEveryday("dev-everyday20.jsonl");
}

/** The twenty-first development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday21(): BlindCase[] {
  return loadEveryday("dev-everyday21.jsonl");
}

/** The twenty-second development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday22(): BlindCase[] {
  return loadEveryday("dev-everyday22.jsonl");
}

/** The twenty-third development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday23(): BlindCase[] {
  return loadEveryday("dev-everyday23.jsonl");
}

/** The twenty-fourth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday24(): BlindCase[] {
  return loadEveryday("dev-everyday24.jsonl");
}

/** The twenty-fifth development everyday set (bench/data/README.md: its untuned figures are recorded there). */
export function loadDevEveryday25(): BlindCase[] {
  return loadEveryday("dev-everyday25.jsonl");
}

export function loadEveryday(name: string): BlindCase[] {
  const file = join(here, "data", name);
  return existsSync(file) ? jsonl<BlindCase>(file) : [];
}
