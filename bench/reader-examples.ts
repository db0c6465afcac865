/**
 * What the group reader and the tool reader (decision 0048) can learn from, for
 * bench/reader-heldout.ts: the recall writers' requests and, on request, the everyday writers'.
 * Tried and not kept (0048, addendum model28): the shipped weights and the model bench still
 * train on the recall writers alone, so the defaults here take no everyday lines.
 *
 * - The recall writers (`recall-dev*.jsonl`), one set per writer in writing order: each line's
 *   text, the groups and the tools it needs.
 * - The everyday writers (`dev-everyday*.jsonl`, never `blind-everyday.jsonl`): each line acted
 *   on or asked about is a request for one tool, its group the one the recall writers' requests
 *   for that tool name. Follow-ups (`after`) are left out (they lean on a previous turn), and so
 *   are declines unless asked for as negatives (no group, no tool). They are short one-tool
 *   requests, so they can count less (`weight`).
 *
 * The blind sets (recall-set.jsonl, blind-everyday.jsonl) are never read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GroupExample } from "../src/brain/retrieval/group-reader.js";

const data = join(new URL(".", import.meta.url).pathname, "data");

/** One recall writer's labelled request. */
export interface RecallItem {
  id: string;
  text: string;
  tools: string[];
  groups: string[];
}

/** How the everyday writers' lines are taken (by default none). */
export interface EverydayOptions {
  /** Which lines: none, acted-on only, or acted-on and asked-about. */
  expect?: "act" | "act+ask" | "none";
  /** Each line's weight against a recall request's 1. */
  weight?: number;
  /** Declines too, as requests needing no group and no tool (negatives). */
  declines?: boolean;
}

/** None by default (not kept); when asked for, weighted 0.1, the best tried (0048, addendum model28). */
export const EVERYDAY_EXPECT: NonNullable<EverydayOptions["expect"]> = "none";
export const EVERYDAY_WEIGHT = 0.1;

const numbered = (pattern: RegExp) =>
  readdirSync(data)
    .flatMap((name) => (pattern.exec(name) ? [name] : []))
    .sort((a, b) => Number(pattern.exec(a)![1] || 1) - Number(pattern.exec(b)![1] || 1));

const lines = (file: string) =>
  readFileSync(join(data, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The recall writers' set files, in writing order (recall-dev.jsonl the first). */
export const RECALL_FILES = numbered(/^recall-dev(\d*)\.jsonl$/);
/** The everyday writers' set files, in writing order. */
export const EVERYDAY_FILES = numbered(/^dev-everyday(\d*)\.jsonl$/);

/** Each recall writer's set, in writing order. */
export function recallWriters(): RecallItem[][] {
  return RECALL_FILES.map((file) => lines(file) as unknown as RecallItem[]);
}

/** A tool's group: the one most of the recall writers' requests needing that tool name. */
export function groupOfTool(writers: readonly RecallItem[][]): Map<string, string> {
  const votes = new Map<string, Map<string, number>>();
  for (const item of writers.flat())
    for (const tool of item.tools) {
      const counts = votes.get(tool) ?? new Map<string, number>();
      for (const group of item.groups) counts.set(group, (counts.get(group) ?? 0) + 1);
      votes.set(tool, counts);
    }
  return new Map([...votes].map(([tool, counts]) => [tool, [...counts].sort((a, b) => b[1] - a[1])[0]![0]]));
}

/** The everyday writers' one-tool requests as reader examples (see the file's comment). */
export function everydayExamples(
  groupOf: ReadonlyMap<string, string>,
  options: EverydayOptions = {},
): GroupExample[] {
  const expect = options.expect ?? EVERYDAY_EXPECT;
  const weight = options.weight ?? EVERYDAY_WEIGHT;
  if (expect === "none" || weight <= 0) return [];
  const wanted = new Set(expect === "act" ? ["act"] : ["act", "ask"]);
  if (options.declines) wanted.add("decline");
  return EVERYDAY_FILES.flatMap((file) =>
    lines(file).flatMap((line) => {
      const tool = line.tool as string | undefined;
      const group = tool ? groupOf.get(tool) : undefined;
      if (!wanted.has(line.expect as string) || line.after !== undefined) return [];
      if (line.expect === "decline") return [{ text: line.text as string, groups: [], tools: [], weight }];
      if (!group) return [];
      return [{ text: line.text as string, groups: [group], tools: [tool!], weight }];
    }),
  );
}

/** A recall request as a reader example. */
export const asExample = (item: RecallItem): GroupExample => ({
  text: item.text,
  groups: item.groups,
  tools: item.tools,
});

/**
 * What the readers train on: every recall writer's requests but `heldOut`'s (an index into
 * `recallWriters()`; none when absent), then every everyday writer's.
 */
export function readerExamples(
  writers: readonly RecallItem[][],
  heldOut?: number,
  options: EverydayOptions = {},
): GroupExample[] {
  const recall = writers.filter((_, k) => k !== heldOut).flatMap((set) => set.map(asExample));
  return [...recall, ...everydayExamples(groupOfTool(writers), options)];
}
