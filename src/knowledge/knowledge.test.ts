import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../core/clock.js";
import { silentLogger } from "../core/logger.js";
import { openStore, type SqliteDatabase } from "../store/database.js";
import { REPO_ROOT } from "../testing/cli.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { makeDocx, makeEncryptedPdf, makePdf, makeWords } from "./ingest/fixtures.js";
import { fsError } from "./ingest/walk.js";
import { KnowledgeBase } from "./knowledge.js";

let temp: TempHome;
let db: SqliteDatabase;
let clock: ManualClock;
let docs: string;

beforeEach(() => {
  temp = createTempHome();
  db = openStore(join(temp.jarvisHome, "jarvis.db"));
  clock = new ManualClock(1_700_000_000_000);
  docs = join(temp.home, "Documents");
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

function kb(limits = {}) {
  return new KnowledgeBase({ db, clock, logger: silentLogger, limits });
}

const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
const ftsIntact = () => {
  db.prepare("INSERT INTO kb_chunks_fts(kb_chunks_fts) VALUES ('integrity-check')").run();
  return true;
};

describe("KnowledgeBase.add", () => {
  it("ingests every format from a folder, recursively, skipping hidden files and unknown types", async () => {
    mkdirSync(join(docs, "sub", "deeper"), { recursive: true });
    mkdirSync(join(docs, ".hidden"));
    writeFileSync(
      join(docs, "report.pdf"),
      await makePdf([["The quarterly revenue grew."], ["Costs fell on page two."]]),
    );
    writeFileSync(
      join(docs, "sub", "guide.docx"),
      await makeDocx([{ heading: "Guide" }, { text: "Always book window seats." }]),
    );
    writeFileSync(
      join(docs, "sub", "page.html"),
      "<html><body><p>The wifi password is on the fridge.</p></body></html>",
    );
    writeFileSync(join(docs, "sub", "deeper", "notes.md"), "# Notes\nThe dentist is on Main Street.");
    writeFileSync(join(docs, "todo.txt"), "Buy oat milk and coffee beans.");
    writeFileSync(join(docs, "image.png"), randomBytes(100));
    writeFileSync(join(docs, ".hidden", "secret.txt"), "hidden text");
    const reports = await kb().add([docs]);
    expect(reports.map((r) => [r.path.slice(docs.length + 1), r.status, r.kind])).toEqual([
      ["report.pdf", "added", "pdf"],
      ["sub/deeper/notes.md", "added", "markdown"],
      ["sub/guide.docx", "added", "docx"],
      ["sub/page.html", "added", "html"],
      ["todo.txt", "added", "text"],
    ]);
    expect(reports[0]).toMatchObject({ pages: 2, chunks: 2 });
    const results = (await kb().search("revenue")).results;
    expect(results[0]).toMatchObject({ source: join(docs, "report.pdf"), page: 1 });
    expect((await kb().search("page two costs")).results[0]?.page).toBe(2);
    expect((await kb().search("hidden")).results).toEqual([]);
  });

  it("skips an unchanged file by hash, and replaces the chunks of a changed one", async () => {
    const file = join(docs, "plan.md");
    writeFileSync(file, "# Plan\nLaunch the rocket on Monday.");
    const first = await kb().add([file]);
    expect(first[0]).toMatchObject({ status: "added", chunks: 1 });
    clock.advance(1000);
    expect((await kb().add([file]))[0]!.status).toBe("unchanged");
    expect(kb().find(file)!.updatedAt).toBe(1_700_000_000_000);
    writeFileSync(file, "# Plan\nLaunch the balloon on Friday.\n\n## Later\nLand it on Sunday.");
    const second = await kb().add([file]);
    expect(second[0]).toMatchObject({ status: "updated", documentId: first[0]!.documentId });
    expect((await kb().search("rocket")).results).toEqual([]);
    expect((await kb().search("balloon")).results).toHaveLength(1);
    expect(count("SELECT count(*) AS n FROM kb_documents")).toBe(1);
    expect(ftsIntact()).toBe(true);
  });

  it("reports each bad file clearly and ingests the rest of the batch", async () => {
    const bad = join(docs, "bad");
    mkdirSync(join(bad, "empty"), { recursive: true });
    writeFileSync(join(bad, "good.txt"), "The good file mentions zeppelins.");
    writeFileSync(join(bad, "secret.pdf"), makeEncryptedPdf());
    writeFileSync(join(bad, "cut.pdf"), (await makePdf([["text"]])).subarray(0, 300));
    writeFileSync(join(bad, "photo.txt"), randomBytes(2048));
    // 500 MB, sparse: refused by size before a byte is read.
    const huge = join(bad, "huge.pdf");
    const fd = openSync(huge, "w");
    closeSync(fd);
    spawnSync("truncate", ["-s", "500M", huge]);
    symlinkSync(join(bad, "missing.txt"), join(temp.home, "dangling.txt"));
    spawnSync("mkfifo", [join(temp.home, "pipe.txt")]);
    const reports = await kb({ maxFileBytes: 64 * 1024 * 1024 }).add([
      bad,
      join(bad, "empty"),
      join(temp.home, "nope.pdf"),
      join(temp.home, "dangling.txt"),
      join(temp.home, "pipe.txt"),
    ]);
    const byName = Object.fromEntries(reports.map((r) => [r.path.split("/").at(-1), r]));
    expect(byName["good.txt"]!.status).toBe("added");
    expect(byName["secret.pdf"]!.error?.message).toMatch(/encrypted and needs a password/);
    expect(byName["cut.pdf"]!.error?.message).toMatch(/damaged|no extractable text|cannot read/);
    expect(byName["photo.txt"]!.error?.message).toMatch(/binary data/);
    expect(byName["huge.pdf"]!.error).toEqual({
      code: "LIMIT_REACHED",
      message: expect.stringMatching(/500\.0 MB, over the 64\.0 MB limit/),
    });
    expect(byName.empty!.error?.message).toMatch(/no documents to add/);
    expect(byName["nope.pdf"]!.error).toEqual({ code: "NOT_FOUND", message: "no such file or folder" });
    expect(byName["dangling.txt"]!.error?.code).toBe("NOT_FOUND");
    expect(byName["pipe.txt"]!.error?.message).toMatch(/not a regular file/);
    expect(reports.filter((r) => r.status === "failed")).toHaveLength(8);
    // Only the good document is in the index, and the index is consistent.
    expect(
      kb()
        .list()
        .map((d) => d.source),
    ).toEqual([join(bad, "good.txt")]);
    expect(ftsIntact()).toBe(true);
  });

  it("reports a permission-denied file", async () => {
    expect(fsError(Object.assign(new Error("x"), { code: "EACCES" }))).toEqual({
      code: "TOOL_FAILED",
      message: "permission denied: cannot read it",
    });
    if (process.getuid?.() !== 0) {
      const file = join(docs, "locked.txt");
      writeFileSync(file, "locked", { mode: 0o000 });
      expect((await kb().add([file]))[0]!.error?.message).toMatch(/permission denied/);
      return;
    }
    // Root reads anything: the same check runs as `nobody`, in a child process on the build.
    const shared = mkdtempSync(join(tmpdir(), "jarvis-kb-nobody-"));
    try {
      chmodSync(shared, 0o777);
      const file = join(shared, "locked.txt");
      writeFileSync(file, "locked", { mode: 0o000 });
      const dist = (path: string) => pathToFileURL(join(REPO_ROOT, "dist", path)).href;
      const script = `
        const { openStore } = await import(${JSON.stringify(dist("store/database.js"))});
        const { silentLogger } = await import(${JSON.stringify(dist("core/logger.js"))});
        const { KnowledgeBase } = await import(${JSON.stringify(dist("knowledge/knowledge.js"))});
        const db = openStore(process.argv[1]);
        const kb = new KnowledgeBase({ db, clock: { now: () => 0 }, logger: silentLogger, limits: {} });
        console.log(JSON.stringify((await kb.add([process.argv[2]]))[0]));`;
      const child = spawnSync(
        process.execPath,
        ["--input-type=module", "-e", script, join(shared, "kb.db"), file],
        { uid: 65534, gid: 65534, encoding: "utf8" },
      );
      expect(child.status, child.stderr).toBe(0);
      expect(JSON.parse(child.stdout).error?.message).toMatch(/permission denied/);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  it("ingests a one-million-word document in one go, or refuses it whole over the chunk limit", async () => {
    const file = join(docs, "big.txt");
    writeFileSync(file, makeWords(1_000_000));
    const refused = await kb({ maxChunksPerDocument: 1000 }).add([file]);
    expect(refused[0]!.error?.message).toMatch(/too long \(\d+ chunks, limit 1000\)/);
    expect(count("SELECT count(*) AS n FROM kb_chunks")).toBe(0);
    const [report] = await kb().add([file]);
    expect(report!.status).toBe("added");
    expect(report!.chunks).toBeGreaterThan(3000);
    expect(count("SELECT sum(words) AS n FROM kb_documents")).toBeGreaterThanOrEqual(1_000_000);
  }, 60_000);

  it("stops between files when cancelled", async () => {
    writeFileSync(join(docs, "a.txt"), "alpha");
    const controller = new AbortController();
    controller.abort(new DOMException("stop", "AbortError"));
    await expect(kb().add([docs], { signal: controller.signal })).rejects.toThrow();
    expect(kb().list()).toEqual([]);
  });
});

describe("KnowledgeBase.search / remove", () => {
  beforeEach(async () => {
    writeFileSync(join(docs, "cats.md"), "# Cats\nCats sleep most of the day and purr when content.");
    writeFileSync(join(docs, "dogs.md"), "# Dogs\nDogs need walks twice a day and love fetching sticks.");
    writeFileSync(
      join(docs, "taxes.md"),
      "# Taxes\nFile the tax return before the end of July. Keep receipts.",
    );
    await kb().add([docs]);
  });

  it("ranks the document that matches best first, weighting titles, with positive scores", async () => {
    const { results, mode } = await kb().search("when is the tax return due?");
    expect(mode).toBe("keyword");
    expect(results[0]!.source).toBe(join(docs, "taxes.md"));
    expect(results[0]!.score).toBeGreaterThan(0);
    expect((await kb().search("dogs walking")).results[0]!.title).toBe("Dogs");
    expect((await kb().search("sleeping cats", { limit: 1 })).results).toHaveLength(1);
    expect((await kb().search("the and of")).results.length).toBeGreaterThan(0);
    expect((await kb().search('"unbalanced ( quote')).results).toEqual([]);
  });

  it("removing a document deletes its chunks and their index rows", async () => {
    const before = count("SELECT count(*) AS n FROM kb_chunks");
    const removed = kb().remove(join(docs, "cats.md"));
    expect(removed.map((d) => d.title)).toEqual(["Cats"]);
    expect(count("SELECT count(*) AS n FROM kb_chunks")).toBe(before - 1);
    expect((await kb().search("purr")).results).toEqual([]);
    expect(ftsIntact()).toBe(true);
    // The FTS vocabulary no longer knows the removed words.
    db.exec("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, kb_chunks_fts, row)");
    expect(count("SELECT count(*) AS n FROM temp.vocab WHERE term = 'purr'")).toBe(0);
    expect(kb().remove(docs).length).toBe(2);
    expect(kb().remove("/nothing/here")).toEqual([]);
    expect(count("SELECT count(*) AS n FROM temp.vocab")).toBe(0);
  });

  it("summarizes an indexed document extractively", async () => {
    const file = join(docs, "paper.pdf");
    writeFileSync(
      file,
      await makePdf([
        ["Solar panels convert sunlight into electricity using photovoltaic cells.", "The weather was nice."],
        [
          "Photovoltaic cells lose efficiency when panels get hot in summer.",
          "Cleaning panels twice a year keeps electricity output high.",
        ],
      ]),
    );
    await kb().add([file]);
    const { summary, document } = await kb().summarizeDocument(file, 2);
    expect(document.pages).toBe(2);
    expect(summary.method).toBe("extractive");
    expect(summary.points).toHaveLength(2);
    expect(summary.text).toMatch(/photovoltaic.*\(p\. [12]\)/i);
    await expect(kb().summarizeDocument("999")).rejects.toThrow(/no indexed document 999/);
  });
});
