import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../core/clock.js";
import { openStore, type SqliteDatabase } from "../store/database.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { KeywordSearcher, readVarints } from "./keyword.js";
import { porterStem } from "./porter.js";
import { KnowledgeStore, TITLE_WEIGHT } from "./store.js";
import type { Chunk } from "./types.js";

let temp: TempHome;
let db: SqliteDatabase;
let store: KnowledgeStore;

beforeEach(() => {
  temp = createTempHome();
  db = openStore(join(temp.jarvisHome, "jarvis.db"));
  store = new KnowledgeStore(db, new ManualClock(1));
  // 600 chunks: "cells"/"patients" are everywhere, "mitochondria" and "zebrafish" are rare.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const common = ["cells", "patients", "study", "results", "increased", "treatment", "protein", "levels"];
  const rare = ["mitochondria", "zebrafish", "telomerase", "microbiome", "autophagy"];
  for (let d = 0; d < 60; d++) {
    const chunks: Chunk[] = [];
    for (let c = 0; c < 10; c++) {
      const words = Array.from({ length: 40 }, () => common[next(common.length)]!);
      if (next(10) === 0) words.splice(next(40), 0, rare[next(rare.length)]!, rare[next(rare.length)]!);
      if (next(30) === 0) words.push("mitochondrial", "mitochondria");
      if (next(4) === 0) words.push("kinase", next(2) === 0 ? "kinases" : "signalling");
      chunks.push({ ord: c, text: words.join(" "), words: words.length });
    }
    store.replace({ source: `doc${d}`, title: `Doc ${d}`, kind: "text", hash: String(d), bytes: 0, chunks });
  }
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe("KeywordSearcher", () => {
  it("rescoring candidates from rare terms reproduces FTS5's own bm25 scores", () => {
    const exact = new KeywordSearcher(db, TITLE_WEIGHT, {
      pruneMinRows: 1e9,
      rareShare: 0,
      candidatesPerResult: 10,
    });
    const pruned = new KeywordSearcher(db, TITLE_WEIGHT, {
      pruneMinRows: 0,
      rareShare: 0.05,
      candidatesPerResult: 10,
      minBudget: 0,
    });
    const queries = [
      "mitochondria in patients cells",
      "zebrafish kinase",
      "telomerase kinases treatment",
      "autophagy protein levels",
    ];
    for (const query of queries) {
      const a = exact.search(query, 5);
      const b = pruned.search(query, 5);
      expect(a.length).toBe(5);
      // Same scores (ties may order differently), to float precision.
      expect(b.map((r) => r.score.toFixed(9))).toEqual(a.map((r) => r.score.toFixed(9)));
    }
  });

  it("falls back to exact ranking when every term is rare, and finds nothing for unknown words", () => {
    const pruned = new KeywordSearcher(db, TITLE_WEIGHT, {
      pruneMinRows: 0,
      rareShare: 0.5,
      candidatesPerResult: 10,
      minBudget: 0,
    });
    expect(pruned.search("zebrafish", 3).length).toBe(3);
    expect(pruned.search("unicorns", 3)).toEqual([]);
    expect(pruned.search("?!", 3)).toEqual([]);
  });

  it("notices index changes: document frequencies are recounted after a write", () => {
    const pruned = new KeywordSearcher(db, TITLE_WEIGHT, {
      pruneMinRows: 0,
      rareShare: 0.05,
      candidatesPerResult: 10,
      minBudget: 0,
    });
    expect(pruned.search("quasar cells", 5)).toEqual(expect.any(Array));
    store.replace({
      source: "new",
      title: "New",
      kind: "text",
      hash: "n",
      bytes: 0,
      chunks: [{ ord: 0, text: "quasar cells", words: 2 }],
    });
    const found = pruned.search("quasar cells", 5);
    expect(store.hydrate(found.slice(0, 1))[0]!.source).toBe("new");
  });
});

describe("porterStem and varints", () => {
  it("stems like SQLite's porter tokenizer", () => {
    const pairs: Array<[string, string]> = [
      ["caresses", "caress"],
      ["ponies", "poni"],
      ["running", "run"],
      ["hopeful", "hope"],
      ["relational", "relat"],
      ["generalization", "gener"],
      ["mitochondrial", "mitochondri"],
      ["sky", "sky"],
      ["as", "as"],
    ];
    for (const [word, stem] of pairs) expect(porterStem(word)).toBe(stem);
    // Agreement with FTS5 itself: both sides of a MATCH on the stem.
    db.exec("CREATE VIRTUAL TABLE temp.t USING fts5(x, tokenize='porter unicode61 remove_diacritics 2')");
    db.exec("CREATE VIRTUAL TABLE temp.v USING fts5vocab(temp, t, row)");
    const words = [
      "differentiation",
      "inflammatory",
      "responses",
      "agreed",
      "hopping",
      "conditional",
      "electrical",
    ];
    db.prepare("INSERT INTO temp.t(x) VALUES (?)").run(words.join(" "));
    const stems = (db.prepare("SELECT term FROM temp.v").all() as Array<{ term: string }>)
      .map((r) => r.term)
      .sort();
    expect(words.map(porterStem).sort()).toEqual(stems);
  });

  it("decodes SQLite varints", () => {
    expect(readVarints(Uint8Array.from([0x86, 0x8d, 0x20, 0x05]))).toEqual([100000, 5]);
  });
});
