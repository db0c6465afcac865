import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ClassifierSnapshot, TrainingExample } from "./classifier.js";

/**
 * Trained classifier weights kept on disk, so only the first start after an install, an
 * upgrade or a change of tools pays for training. The key covers everything training reads:
 * the training sentences (compiled from the registered tools' language), the training options
 * and the classifier's code (features, training), so a stale file is never used; a damaged one
 * is retrained.
 */
const MAGIC = "jarvis-nlu-weights/3";
const PREFIX = "nlu-";

interface Header {
  magic: string;
  key: string;
  examples: number;
  labels: string[];
  vocabulary: string[];
}

export function trainingKey(examples: readonly TrainingExample[], options: unknown): string {
  const hash = createHash("sha256");
  hash.update(MAGIC);
  hash.update(JSON.stringify(options) ?? "");
  for (const { label, words } of examples) hash.update(`${label}\t${words.join(" ")}\n`);
  for (const file of codeFiles(dirname(fileURLToPath(import.meta.url)))) hash.update(readFileSync(file));
  return hash.digest("hex").slice(0, 32);
}

/** The module's sources (.ts when run from source, .js when built), tests excluded, in a fixed order. */
function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...codeFiles(path));
    else if (/\.(?:js|ts)$/.test(entry.name) && !/\.(?:test|d)\.(?:js|ts)$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

export function saveWeights(dir: string, key: string, snapshot: ClassifierSnapshot, examples: number): void {
  mkdirSync(dir, { recursive: true });
  const header: Header = {
    magic: MAGIC,
    key,
    examples,
    labels: snapshot.labels,
    vocabulary: snapshot.vocabulary,
  };
  const json = Buffer.from(JSON.stringify(header));
  // The floats start on a 4-byte boundary so they can be read without shifting
  const pad = (4 - ((4 + json.length) % 4)) % 4;
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length + pad);
  const parts: Uint8Array[] = [length, json, Buffer.alloc(pad, 0x20)];
  for (const array of [snapshot.weights, snapshot.bias])
    parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  const file = join(dir, `${PREFIX}${key}.bin`);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat(parts));
  renameSync(temporary, file);
  // Weights of other tool sets or older versions are never read again
  for (const name of readdirSync(dir))
    if (name.startsWith(PREFIX) && name !== `${PREFIX}${key}.bin`) rmSync(join(dir, name), { force: true });
}

/** The weights trained for `key`, or undefined when there are none or they do not read back whole. */
export function loadWeights(
  dir: string,
  key: string,
): { snapshot: ClassifierSnapshot; examples: number } | undefined {
  let data: Buffer;
  try {
    data = readFileSync(join(dir, `${PREFIX}${key}.bin`));
  } catch {
    return undefined;
  }
  try {
    const length = data.readUInt32LE(0);
    const header = JSON.parse(data.subarray(4, 4 + length).toString("utf8")) as Header;
    if (header.magic !== MAGIC || header.key !== key) return undefined;
    const { labels, vocabulary } = header;
    if (!Array.isArray(labels) || !Array.isArray(vocabulary)) return undefined;
    let offset = 4 + length;
    const floats = (count: number) => {
      const end = offset + count * 4;
      if (end > data.length) throw new Error("truncated");
      const array = new Float32Array(data.buffer.slice(data.byteOffset + offset, data.byteOffset + end));
      offset = end;
      return array;
    };
    const weights = floats(labels.length * vocabulary.length);
    const bias = floats(labels.length);
    if (offset !== data.length) return undefined;
    return { snapshot: { labels, vocabulary, weights, bias }, examples: header.examples };
  } catch {
    return undefined;
  }
}
