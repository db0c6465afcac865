/**
 * The public evaluation data (../shared/eval) as normalised sentences, and the repository's
 * own text in the same form, for the honesty test: no sentence of eight or more words from
 * the evaluation data may appear in `src/`, `test/` or `bench/`. Nothing here prints a
 * sentence: findings name a file and an offset only (blind sets must stay unread).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const MIN_WORDS = 8;

/** Where the evaluation data is: `JARVIS_EVAL_DIR`, else `shared/eval` beside an ancestor of the repo. */
export function findEvalDir(repoRoot: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.JARVIS_EVAL_DIR) return existsSync(env.JARVIS_EVAL_DIR) ? env.JARVIS_EVAL_DIR : undefined;
  let dir = resolve(repoRoot);
  for (let i = 0; i < 3; i++) {
    dir = dirname(dir);
    const candidate = join(dir, "shared", "eval");
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Lower case, apostrophes dropped, every other non-letter/digit a space, spaces collapsed. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/\\[nrt]/g, " ")
    .replace(/['’‘`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A text split at sentence ends, each part normalised; only parts of `MIN_WORDS`+ words. */
export function longSentences(text: string): string[] {
  const out: string[] = [];
  for (const part of [text, ...text.split(/(?<=[.!?;])\s+|\n+/)]) {
    const sentence = normalise(part);
    if (sentence.split(" ").length >= MIN_WORDS) out.push(sentence);
  }
  return out;
}

function jsonlTexts(file: string, fields: string[]): string[] {
  const out: string[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    for (const field of fields) if (typeof row[field] === "string") out.push(row[field] as string);
  }
  return out;
}

/** Every cell of a CSV (quoted cells with commas and doubled quotes included). */
function csvCells(file: string): string[] {
  const out: string[] = [];
  const text = readFileSync(file, "utf8");
  const cell = /"((?:[^"]|"")*)"|([^,\r\n]+)/g;
  for (let m = cell.exec(text); m; m = cell.exec(text)) out.push((m[1] ?? m[2] ?? "").replace(/""/g, '"'));
  return out;
}

/** The normalised long sentences of every data file in the evaluation folder. */
export function evalSentences(evalDir: string): Set<string> {
  const sentences = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.jsonl$/.test(name))
        for (const text of jsonlTexts(path, ["text", "title"]))
          for (const s of longSentences(text)) sentences.add(s);
      else if (/\.csv$/.test(name))
        for (const text of csvCells(path)) for (const s of longSentences(text)) sentences.add(s);
    }
  };
  walk(evalDir);
  return sentences;
}

export interface RepoText {
  file: string;
  text: string;
}

/** Normalised text of every text file under the given folders (binary files skipped). */
export function repoTexts(repoRoot: string, folders: readonly string[]): RepoText[] {
  const out: RepoText[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.size < 5_000_000) {
        const buffer = readFileSync(path);
        if (buffer.includes(0)) continue;
        out.push({ file: relative(repoRoot, path), text: ` ${normalise(buffer.toString("utf8"))} ` });
      }
    }
  };
  for (const folder of folders) if (existsSync(join(repoRoot, folder))) walk(join(repoRoot, folder));
  return out;
}

export interface Overlap {
  file: string;
  /** Character offset in the file's normalised text (never the sentence itself). */
  offset: number;
  words: number;
}

/** Eval sentences found in the repository's text, by the hash of their first eight words. */
export function findOverlaps(sentences: Iterable<string>, texts: readonly RepoText[]): Overlap[] {
  const byHead = new Map<string, string[]>();
  for (const sentence of sentences) {
    const head = sentence.split(" ").slice(0, MIN_WORDS).join(" ");
    const list = byHead.get(head);
    if (list) list.push(sentence);
    else byHead.set(head, [sentence]);
  }
  const found: Overlap[] = [];
  for (const { file, text } of texts) {
    const words = text.trim().split(" ");
    const seen = new Set<string>();
    for (let i = 0; i + MIN_WORDS <= words.length; i++) {
      const candidates = byHead.get(words.slice(i, i + MIN_WORDS).join(" "));
      if (!candidates) continue;
      for (const sentence of candidates) {
        if (seen.has(sentence)) continue;
        const offset = text.indexOf(` ${sentence} `);
        if (offset < 0) continue;
        seen.add(sentence);
        found.push({ file, offset, words: sentence.split(" ").length });
      }
    }
  }
  return found;
}
