import { createHash } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  read,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { codeLayout } from "../../core/package-root.js";
import type { Catalog } from "./catalog.js";
import type { Calibration, ClassifierSnapshot } from "./classifier.js";
import { PackedVocabulary } from "./packed-vocabulary.js";
import type { Template } from "./template.js";
import type { TrainingCorpus } from "./train.js";

/**
 * Trained classifier weights kept on disk, so only the first start after an install, an
 * upgrade or a change of tools pays for training. The key covers everything training reads:
 * the compiled catalog's templates, samples and negatives (the registered tools' language), the
 * training options and the NLU's code (sample words, paraphrases, features, training), so a
 * stale file is never used; a damaged one is retrained. The file also keeps the training words
 * the spelling corrector is built from: a start that finds its weights generates no sentences
 * (generating them took ~200 ms of a one-shot `jarvis ask`).
 */
const MAGIC = "jarvis-nlu-weights/6";
const PREFIX = "nlu-";

interface Header {
  magic: string;
  key: string;
  examples: number;
  labels: string[];
  /**
   * The vocabulary, packed (`packed-vocabulary.ts`): its feature count and table size; after
   * the weights and the bias come the offsets (features + 1) and the table (Int32), then the
   * features' text (UTF-16LE, which any JS string survives).
   */
  features: number;
  slots: number;
  /** The training words in first-seen order, and how often each occurs. */
  words: string[];
  counts: number[];
  /** Which labels a held-out fold found taking others' sentences: a start from the cache reads as the first did. */
  calibration?: Calibration;
}

/**
 * What `trainingExamples` reads from the catalog, as data (the key of the weights), and the
 * NLU's code: the hash of its files the bundle recorded (`codeIdentity().nlu`), or the same hash
 * taken now (unbundled), so both layouts of one build share their weights.
 */
export function trainingKey(catalog: Catalog, options: unknown, identity?: string): string {
  const hash = createHash("sha256");
  hash.update(MAGIC);
  hash.update(JSON.stringify(options) ?? "");
  // A template's source, not its parsed nodes: the parse is a function of the source and the
  // NLU's code, which the key covers below (stringifying ~2,000 parses cost a cold start ~10 ms)
  for (const { tool, template } of [...catalog.templates, ...catalog.trainingOnly])
    hash.update(`t\t${tool}\t${template.source}\n`);
  for (const spec of catalog.intents.values())
    hash.update(`i\t${spec.tool}\t${JSON.stringify([spec.samples ?? [], spec.negatives ?? []])}\n`);
  for (const { template } of catalog.chat) hash.update(`c\t${template.source}\n`);
  // The NLU's own tree (src/ or dist/), not this module's directory: bundled, that is a chunk's
  if (identity !== undefined) hash.update(identity);
  else hash.update(nluCodeHash());
  return hash.digest("hex").slice(0, 32);
}

/** The NLU's files (.ts from source, .js built), hashed as the bundle script hashes them. */
function nluCodeHash(): string {
  const { root, tree } = codeLayout(import.meta.url);
  const hash = createHash("sha256");
  for (const file of codeFiles(join(root, tree, "brain", "nlu"))) hash.update(readFileSync(file));
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

export function saveWeights(
  dir: string,
  key: string,
  snapshot: ClassifierSnapshot,
  corpus: TrainingCorpus,
): void {
  mkdirSync(dir, { recursive: true });
  const features = Array.isArray(snapshot.vocabulary) ? snapshot.vocabulary : [...snapshot.vocabulary.keys()];
  const packed = PackedVocabulary.pack(features);
  const header: Header = {
    magic: MAGIC,
    key,
    examples: corpus.examples,
    labels: snapshot.labels,
    features: features.length,
    slots: packed.table.length,
    words: [...corpus.words.keys()],
    counts: [...corpus.words.values()],
    ...(snapshot.calibration ? { calibration: snapshot.calibration } : {}),
  };
  const json = Buffer.from(JSON.stringify(header));
  // The floats start on a 4-byte boundary so they can be read without shifting
  const pad = (4 - ((4 + json.length) % 4)) % 4;
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length + pad);
  const parts: Uint8Array[] = [length, json, Buffer.alloc(pad, 0x20)];
  for (const array of [snapshot.weights, snapshot.bias, packed.offsets, packed.table])
    parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  parts.push(Buffer.from(packed.text, "utf16le"));
  const file = join(dir, `${PREFIX}${key}.bin`);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat(parts));
  renameSync(temporary, file);
  // Weights of other tool sets or older versions are never read again
  for (const name of readdirSync(dir))
    if (name.startsWith(PREFIX) && name !== `${PREFIX}${key}.bin`) rmSync(join(dir, name), { force: true });
}

/** A kept weights file as read ahead of knowing its key (`readWeightsAhead`). */
export interface WeightsAhead {
  name: string;
  data: Buffer;
}

/**
 * Starts reading the kept weights file (there is one: saving removes the others) on libuv's
 * thread pool, before the catalog that names its key is compiled. Reading ~12 MB into fresh
 * memory is mostly page faults (~45 ms measured on this machine, against ~1 ms into memory
 * already touched); on another thread they overlap the catalog's compilation. Undefined when
 * there is no file or it cannot be read: `loadWeights` then reads (or misses) as before.
 */
export function readWeightsAhead(dir: string): Promise<WeightsAhead | undefined> {
  let fd: number | undefined;
  try {
    const name = readdirSync(dir).find((entry) => entry.startsWith(PREFIX) && entry.endsWith(".bin"));
    if (!name) return Promise.resolve(undefined);
    fd = openSync(join(dir, name), "r");
    const size = fstatSync(fd).size;
    // Its own memory, so the floats' views are aligned as `loadWeights` expects
    const data = Buffer.allocUnsafeSlow(size);
    const opened = fd;
    fd = undefined;
    return new Promise((resolve) => {
      read(opened, data, 0, size, 0, (error, bytes) => {
        closeSync(opened);
        resolve(error || bytes !== size ? undefined : { name, data });
      });
    });
  } catch {
    if (fd !== undefined) closeSync(fd);
    return Promise.resolve(undefined);
  }
}

/** Weights read back, with the training words the spelling corrector is built from. */
export interface KeptWeights {
  snapshot: ClassifierSnapshot;
  corpus: TrainingCorpus;
}

/**
 * The weights trained for `key`, or undefined when there are none or they do not read back
 * whole. `ahead` is the file as read early; another key's file is not used (the key's is read).
 */
export function loadWeights(dir: string, key: string, ahead?: WeightsAhead): KeptWeights | undefined {
  const read = readWeights(dir, key, ahead);
  return read && "snapshot" in read ? read : undefined;
}

/**
 * As `loadWeights`, telling a damaged file (this key's, but cut short or garbled) from no file:
 * a start says so in one line before it trains again, where a missing file is only a first start.
 */
export function readWeights(
  dir: string,
  key: string,
  ahead?: WeightsAhead,
): KeptWeights | { damaged: string } | undefined {
  const name = `${PREFIX}${key}.bin`;
  let data: Buffer;
  try {
    data = ahead?.name === name ? ahead.data : readFileSync(join(dir, name));
  } catch {
    return undefined;
  }
  return decodeWeights(data, key) ?? { damaged: join(dir, name) };
}

function decodeWeights(data: Buffer, key: string): KeptWeights | undefined {
  try {
    const length = data.readUInt32LE(0);
    const header = JSON.parse(data.subarray(4, 4 + length).toString("utf8")) as Header;
    if (header.magic !== MAGIC || header.key !== key) return undefined;
    const { labels, features, slots, words, counts } = header;
    if (!Array.isArray(labels) || !Number.isInteger(features) || !Number.isInteger(slots)) return undefined;
    if (features < 0 || slots < 0) return undefined;
    if (!Array.isArray(words) || !Array.isArray(counts) || words.length !== counts.length) return undefined;
    let offset = 4 + length;
    const view = <T>(
      count: number,
      type: new (buffer: ArrayBufferLike, start: number, count: number) => T,
    ) => {
      const end = offset + count * 4;
      if (end > data.length) throw new Error("truncated");
      // A view when aligned (a file this size is read into its own buffer): copying ~10 MB
      // cost a one-shot `jarvis ask` ~50 ms
      const start = data.byteOffset + offset;
      const array =
        start % 4 === 0
          ? new type(data.buffer, start, count)
          : new type(data.buffer.slice(start, data.byteOffset + end), 0, count);
      offset = end;
      return array;
    };
    const weights = view(labels.length * features, Float32Array);
    const bias = view(labels.length, Float32Array);
    const offsets = view(features + 1, Int32Array);
    const table = view(slots, Int32Array);
    if ((data.length - offset) % 2 !== 0) return undefined;
    const vocabulary = PackedVocabulary.from(data.toString("utf16le", offset), offsets, table);
    if (!vocabulary) return undefined;
    const counted = new Map<string, number>();
    for (let i = 0; i < words.length; i++) counted.set(words[i]!, counts[i]!);
    const corpus = { examples: header.examples, words: counted };
    const calibration = readCalibration(header.calibration);
    return {
      snapshot: { labels, vocabulary, weights, bias, ...(calibration ? { calibration } : {}) },
      corpus,
    };
  } catch {
    return undefined;
  }
}

/**
 * Where the build keeps the weights it trained for the built-in catalog
 * (`scripts/ship-nlu-weights.mjs`): the compiled tree's `nlu-weights/`, undefined from the
 * sources (whose code hash no build shares) or when the build made none.
 */
export function shippedWeightsDir(moduleUrl: string = import.meta.url): string | undefined {
  const { root, tree } = codeLayout(moduleUrl);
  if (tree !== "dist") return undefined;
  const dir = join(root, "dist", SHIPPED);
  return existsSync(dir) ? dir : undefined;
}

/** The folder under dist/ the build's weights are written to. */
export const SHIPPED = "nlu-weights";

/**
 * The shipped weights file for `key` copied into the cache, so later starts read it ahead as
 * they read weights trained here (and other keys' files go, as `saveWeights` does).
 */
export function keepShipped(shippedDir: string, cacheDir: string, key: string): void {
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `${PREFIX}${key}.bin`);
  const temporary = `${file}.${process.pid}.tmp`;
  copyFileSync(join(shippedDir, `${PREFIX}${key}.bin`), temporary);
  renameSync(temporary, file);
  for (const name of readdirSync(cacheDir))
    if (name.startsWith(PREFIX) && name !== `${PREFIX}${key}.bin`)
      rmSync(join(cacheDir, name), { force: true });
}

/** The calibration as stored, or undefined when absent or not the shape training writes. */
function readCalibration(value: unknown): Calibration | undefined {
  if (!value || typeof value !== "object") return undefined;
  const confusers = (value as { confusers?: unknown }).confusers;
  if (!confusers || typeof confusers !== "object") return undefined;
  const out: Record<string, string[]> = {};
  for (const [label, list] of Object.entries(confusers)) {
    if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) return undefined;
    out[label] = list;
  }
  return { confusers: out };
}

/**
 * Templates parsed at an earlier start of the same code (`identity`: the bundle's), by source:
 * parsing the catalog's ~2,000 templates was the largest part of a one-shot `ask`'s NLU start
 * (decision 0032). A parse is a function of the source and the code alone. Undefined when there
 * is no file, or it is another code's or not whole.
 */
export function loadTemplates(dir: string, identity: string): Map<string, Template> | undefined {
  try {
    const file = JSON.parse(readFileSync(join(dir, TEMPLATES), "utf8")) as TemplatesFile;
    if (file.magic !== TEMPLATES_MAGIC || file.identity !== identity || !Array.isArray(file.templates))
      return undefined;
    const out = new Map<string, Template>();
    for (const template of file.templates) {
      if (typeof template?.source !== "string" || !Array.isArray(template.nodes)) return undefined;
      if (
        !Array.isArray(template.mandatory) ||
        !Array.isArray(template.anyOf) ||
        !Array.isArray(template.slots)
      )
        return undefined;
      out.set(template.source, template);
    }
    return out;
  } catch {
    return undefined;
  }
}

/** Keeps parsed templates for the next start (whole or not at all; a failure costs only a parse). */
export function saveTemplates(dir: string, identity: string, templates: Iterable<Template>): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, TEMPLATES);
  const temporary = `${file}.${process.pid}.tmp`;
  const body: TemplatesFile = { magic: TEMPLATES_MAGIC, identity, templates: [...templates] };
  writeFileSync(temporary, JSON.stringify(body));
  renameSync(temporary, file);
}

const TEMPLATES = "templates.json";
const TEMPLATES_MAGIC = "jarvis-nlu-templates/1";

interface TemplatesFile {
  magic: string;
  identity: string;
  templates: Template[];
}
