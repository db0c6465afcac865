/**
 * Datasets and scoring for the embedded NLU benchmark (nlu.bench.ts). Public datasets are read from ../shared/eval at run time (never
 * copied here); the team's own set is bench/data/commands.jsonl. Scoring follows
 * ../shared/eval/README.md: an answer maps to a capability by its tool group; a false action
 * is a tool call of the wrong capability, or any call for an out-of-scope utterance.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chrono from "chrono-node";
import type { createNlu, NluCall, NluResult } from "../src/brain/nlu/index.js";
import { Calculator } from "../src/tools/calc/evaluate.js";
import { summarize } from "./util.js";

export const here = dirname(fileURLToPath(import.meta.url));
export const EVAL = join(here, "..", "..", "shared", "eval");
export const NOW = new Date("2025-06-11T10:00:00Z");
const CONTEXT = { now: NOW, timezone: "UTC" };

type Capability = string;

/** README mapping: tool group → capability. Reminder and calendar count as one (README). */
export function capabilityOf(result: NluResult): Capability[] {
  if (result.kind === "question") return ["question"];
  if (result.kind === "dialog" || result.kind === "chat") return ["dialog"];
  if (result.kind !== "action") return [];
  const calls = result.calls ?? [{ tool: result.tool ?? "", args: result.args ?? {} }];
  return calls.map(({ tool }) => {
    if (/^(timer|alarm)_/.test(tool)) return "alarm_timer";
    if (/^(reminders|calendar)_/.test(tool)) return "reminder_calendar";
    if (/^(mail|contacts)_/.test(tool)) return "email";
    if (tool.startsWith("media_")) return "music_media";
    if (tool.startsWith("system_volume_") || tool === "system_mute") return "volume";
    if (tool.startsWith("weather_")) return "weather";
    if (tool.startsWith("time_")) return "datetime";
    if (tool.startsWith("lists_")) return "lists_todo";
    if (["web_search", "knowledge_search", "calc_evaluate"].includes(tool)) return "question";
    return `other:${tool}`;
  });
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

/** The team's own reading of CLINC150 intents that match a Jarvis capability; the rest are out of scope. */
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
};

export interface Item {
  text: string;
  capability: Capability | null;
  /** Gold date/time spans (HWU64), for slot accuracy. */
  spans?: Array<{ entity: string; value: string; start: number }>;
}

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

export function loadHwu(): Item[] {
  const lines = readFileSync(join(EVAL, "hwu64", "train.jsonl"), "utf8")
    .trim()
    .split("\n");
  return lines.map((line) => {
    const row = JSON.parse(line) as {
      text: string;
      intent: string;
      entities: Array<{ entity: string; value: string; start: number }>;
    };
    const spans = row.entities.filter((e) => ["date", "time", "timeofday"].includes(e.entity));
    return { text: row.text, capability: HWU[row.intent] ?? null, spans };
  });
}

export function loadClinc(file: string): Item[] {
  return parseCsv(readFileSync(join(EVAL, "clinc150", file), "utf8")).map(([text = "", intent = ""]) => ({
    text,
    capability: intent === "oos" ? null : (CLINC[intent] ?? null),
  }));
}

/** Which argument carries the date, per tool that takes one. */
const DATE_ARG: Record<string, string> = {
  alarm_set: "at",
  reminders_create: "due",
  calendar_create_event: "start",
  calendar_list_events: "from",
  weather_forecast: "date",
  mail_search: "since",
};

/** The gold spans read by chrono as one phrase; the call's date argument must agree. */
function slotCorrect(item: Item, result: NluResult): boolean | undefined {
  if (!item.spans || item.spans.length === 0 || result.kind !== "action" || !result.args) return undefined;
  const argument = DATE_ARG[result.tool ?? ""];
  if (!argument) return undefined;
  const key = argument in result.args ? argument : undefined;
  const phrase = [...item.spans]
    .sort((a, b) => a.start - b.start)
    .map((s) => s.value)
    .join(" ");
  const gold = chrono.parse(digits(phrase), { instant: NOW, timezone: 0 }, { forwardDate: true })[0];
  if (!gold) return undefined;
  if (!key) return false;
  const value = String(result.args[key]);
  const goldDate = gold.start.date().toISOString().slice(0, 10);
  if (key === "date")
    return value === goldDate || (gold.start.isCertain("weekday") === false && value >= goldDate);
  if (!value.startsWith(goldDate)) return false;
  if (item.spans.some((s) => s.entity === "time") && gold.start.isCertain("hour")) {
    return value.slice(11, 16) === gold.start.date().toISOString().slice(11, 16);
  }
  return true;
}

const NUMBERS: Record<string, string> = {
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
};
function digits(text: string): string {
  return text.replace(
    /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/g,
    (w) => NUMBERS[w] ?? w,
  );
}

export function evaluate(name: string, items: Item[], nlu: ReturnType<typeof createNlu>) {
  const latencies: number[] = [];
  let falseActions = 0;
  let inScope = 0;
  let correct = 0;
  let outOfScope = 0;
  let refused = 0;
  let slotScored = 0;
  let slotRight = 0;
  const confusion = new Map<string, number>();
  const cpu: number[] = [];
  for (const item of items) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = nlu.parse(item.text, CONTEXT);
    latencies.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    const got = capabilityOf(result);
    const acted = result.kind === "action";
    const wrongAction = acted && (item.capability === null || got.some((c) => c !== item.capability));
    if (wrongAction) {
      falseActions += 1;
      const key = `${item.capability ?? "none"} → ${result.tool ?? result.calls?.map((c) => c.tool).join("+")}`;
      confusion.set(key, (confusion.get(key) ?? 0) + 1);
    }
    if (item.capability === null) {
      outOfScope += 1;
      if (!acted) refused += 1;
    } else {
      inScope += 1;
      if (got.length > 0 && got.every((c) => c === item.capability)) {
        correct += 1;
        const slot = slotCorrect(item, result);
        if (slot !== undefined) {
          slotScored += 1;
          if (slot) slotRight += 1;
        }
      }
    }
  }
  const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 10000);
  const topConfusions = [...confusion.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return {
    name,
    n: items.length,
    false_action_rate: ratio(falseActions, items.length),
    false_actions: falseActions,
    in_scope: inScope,
    capability_accuracy: ratio(correct, inScope),
    out_of_scope: outOfScope,
    refused_rate: ratio(refused, outOfScope),
    datetime_slot_accuracy: ratio(slotRight, slotScored),
    datetime_slot_scored: slotScored,
    latency_ms: summarize(latencies),
    latency_cpu_ms: summarize(cpu),
    top_false_actions: Object.fromEntries(topConfusions),
  };
}

interface OwnCase {
  text: string;
  kind: "action" | "question" | "chat" | "dialog" | "none" | "unknown";
  calls?: Array<{ tool: string; args: Record<string, unknown> }>;
  dialog?: string;
}

export function loadOwnCases(): OwnCase[] {
  return readFileSync(join(here, "data", "commands.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as OwnCase);
}

const calculator = new Calculator();

/** Expected key arguments must match: strings case-insensitively (dates by prefix), math by value. */
async function argsMatch(expected: Record<string, unknown>, got: Record<string, unknown>): Promise<boolean> {
  for (const [key, want] of Object.entries(expected)) {
    const have = got[key];
    if (key === "expression") {
      const [a, b] = await Promise.all([
        calculator.calculate(String(want)),
        calculator.calculate(String(have ?? "")),
      ]).catch(() => []);
      if (!a || !b || a.result !== b.result) return false;
    } else if (typeof want === "string" && /^\d{4}-\d{2}-\d{2}/.test(want)) {
      if (typeof have !== "string" || !have.startsWith(want)) return false;
    } else if (JSON.stringify(have)?.toLowerCase() !== JSON.stringify(want).toLowerCase()) {
      return false;
    }
  }
  return true;
}

/** The team's own set: exact tools and key arguments, not only the capability. */
export async function evaluateOwn(cases: OwnCase[], nlu: ReturnType<typeof createNlu>) {
  const latencies: number[] = [];
  let exact = 0;
  let falseActions = 0;
  let dated = 0;
  let datedRight = 0;
  const failures: string[] = [];
  for (const c of cases) {
    const t0 = performance.now();
    const result = nlu.parse(c.text, CONTEXT);
    latencies.push(performance.now() - t0);
    const calls: NluCall[] =
      result.calls ?? (result.tool ? [{ tool: result.tool, args: result.args ?? {} }] : []);
    let ok: boolean;
    if (c.kind === "action") {
      const expected = c.calls ?? [];
      ok = calls.length === expected.length && expected.every((e, i) => calls[i]?.tool === e.tool);
      if (ok) {
        for (let i = 0; i < expected.length; i++)
          if (!(await argsMatch(expected[i]!.args, calls[i]!.args))) ok = false;
      }
      if (result.kind === "action" && !expected.every((e, i) => calls[i]?.tool === e.tool)) falseActions += 1;
      for (let i = 0; i < expected.length; i++) {
        const dates = Object.entries(expected[i]!.args).filter(
          ([, v]) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v),
        );
        if (dates.length === 0) continue;
        dated += 1;
        if (
          calls[i]?.tool === expected[i]!.tool &&
          (await argsMatch(Object.fromEntries(dates), calls[i]!.args))
        )
          datedRight += 1;
      }
    } else if (c.kind === "none") {
      ok = result.kind !== "action";
      if (!ok) falseActions += 1;
    } else {
      ok = result.kind === c.kind && (c.dialog === undefined || result.dialog === c.dialog);
      if (result.kind === "action") falseActions += 1;
    }
    if (ok) exact += 1;
    else
      failures.push(
        `${c.text.slice(0, 60)} → ${result.kind}${calls.length ? ` ${JSON.stringify(calls)}` : ""}`,
      );
  }
  const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 10000);
  return {
    name: "own_commands",
    n: cases.length,
    exact_accuracy: ratio(exact, cases.length),
    false_action_rate: ratio(falseActions, cases.length),
    false_actions: falseActions,
    datetime_slot_accuracy: ratio(datedRight, dated),
    datetime_slot_scored: dated,
    latency_ms: summarize(latencies),
    failures,
  };
}
