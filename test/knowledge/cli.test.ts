import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeEmbeddingServer } from "../../src/knowledge/embedders/fake-server.js";
import { makeEncryptedPdf, makePdf } from "../../src/knowledge/ingest/fixtures.js";
import { createTempHome, runJarvis, type TempHome } from "../../src/testing/index.js";

// Runs the built CLI: `npm run build` first so dist/ is current.
let temp: TempHome;
let docs: string;
beforeEach(async () => {
  temp = createTempHome();
  docs = join(temp.home, "Documents");
  writeFileSync(join(docs, "tax.md"), "# Taxes\nFile the tax return before the end of July.");
  writeFileSync(join(docs, "garden.txt"), "Water the tomatoes every morning in summer.");
  writeFileSync(
    join(docs, "manual.pdf"),
    await makePdf([["Unpack the kettle."], ["Descale the kettle with vinegar monthly."]]),
  );
});
afterEach(() => temp.cleanup());

// Each call spawns a fresh CLI; on a loaded machine that takes seconds, hence the long timeouts.
const SLOW = 180_000;
const jarvis = (args: string[], input?: string) =>
  runJarvis(args, { env: temp.env, input, timeoutMs: 30_000 });

describe("jarvis docs", () => {
  it(
    "adds a folder with a bad file: per-file lines, exit 1, the rest indexed; re-adding skips",
    async () => {
      writeFileSync(join(docs, "locked.pdf"), makeEncryptedPdf());
      const added = await jarvis(["docs", "add", docs]);
      expect(added.code).toBe(1);
      expect(added.stdout).toContain(`added     ${join(docs, "manual.pdf")} (2 pages, 2 chunks)`);
      expect(added.stdout).toMatch(/failed {4}.*locked\.pdf: the PDF is encrypted and needs a password/);
      expect(added.stdout.trim().split("\n").at(-1)).toBe("3 added, 0 updated, 0 unchanged, 1 failed");
      const again = await jarvis(["docs", "add", join(docs, "tax.md"), join(docs, "garden.txt")]);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/0 added, 0 updated, 2 unchanged, 0 failed/);
      const list = await jarvis(["docs", "list", "--json"]);
      expect(
        list.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l).title),
      ).toEqual(["garden", "manual", "Taxes"]);
      expect(list.stdout.trim().split("\n")).toHaveLength(3);
    },
    SLOW,
  );

  it(
    "searches with text or JSON output, and answers a stdin batch one JSON line per query",
    async () => {
      await jarvis(["docs", "add", docs]);
      const human = await jarvis(["docs", "search", "when are taxes due?"]);
      expect(human.code).toBe(0);
      expect(human.stdout).toMatch(
        new RegExp(`^1\\. ${join(docs, "tax.md")} {2}\\(score [\\d.]+\\)\\n {3}File the tax return`),
      );
      const json = await jarvis(["docs", "search", "descale kettle", "--json", "--limit", "1"]);
      expect(JSON.parse(json.stdout)).toEqual({
        query: "descale kettle",
        results: [
          {
            source: join(docs, "manual.pdf"),
            page: 2,
            score: expect.any(Number),
            text: "Descale the kettle with vinegar monthly.",
          },
        ],
      });
      const batch = await jarvis(
        ["docs", "search", "--json", "--limit", "2"],
        "tax return\n\nwater tomatoes\nnothing matches zzz\n",
      );
      expect(batch.code).toBe(0);
      const lines = batch.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => [l.query, l.results.length])).toEqual([
        ["tax return", 1],
        ["water tomatoes", 1],
        ["nothing matches zzz", 0],
      ]);
      expect(lines[1].results[0].source).toBe(join(docs, "garden.txt"));
      expect(lines[1].results[0]).not.toHaveProperty("page");
    },
    SLOW,
  );

  it(
    "refuses bad flags with one line and exit 2, unknown documents with exit 1, removing nothing",
    async () => {
      await jarvis(["docs", "add", docs]);
      for (const [args, pattern] of [
        [
          ["docs", "search", "x", "--limit", "abc"],
          /^USAGE: --limit must be a whole number from 1 to 1000, not "abc"/,
        ],
        [["docs", "search", "x", "--limit", "5000"], /^USAGE: --limit must be a whole number/],
        [["docs", "search", "x", "--mode", "psychic"], /^USAGE: --mode must be hybrid, keyword or vector/],
        [["docs", "search"], /^USAGE: give a query, or use --json/],
        [["docs", "search", "  "], /^USAGE: the query is empty/],
      ] as const) {
        const run = await jarvis([...args]);
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(pattern);
        expect(run.stderr.trim().split("\n")).toHaveLength(1);
      }
      const unknown = await jarvis(["docs", "remove", join(docs, "tax.md"), "/no/such/doc.pdf"]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/^NOT_FOUND: not in the knowledge base: \/no\/such\/doc\.pdf/);
      expect((await jarvis(["docs", "list", "--json"])).stdout.trim().split("\n")).toHaveLength(3);
      const missing = await jarvis(["docs", "add", join(docs, "nope.pdf")]);
      expect(missing.code).toBe(1);
      expect(missing.stdout).toMatch(/failed {4}.*nope\.pdf: no such file or folder/);
    },
    SLOW,
  );

  it(
    "removes by id, path and folder",
    async () => {
      await jarvis(["docs", "add", docs]);
      const ids = (await jarvis(["docs", "list", "--json"])).stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).id);
      const byId = await jarvis(["docs", "remove", String(ids[0])]);
      expect(byId.stdout).toMatch(/1 document removed/);
      const byFolder = await jarvis(["docs", "remove", docs]);
      expect(byFolder.stdout).toMatch(/2 documents removed/);
      expect((await jarvis(["docs", "search", "kettle", "--json"])).stdout).toBe(
        '{"query":"kettle","results":[]}\n',
      );
    },
    SLOW,
  );
});

describe("jarvis docs with an embedder (hybrid)", () => {
  let server: FakeEmbeddingServer;
  beforeAll(async () => {
    server = await FakeEmbeddingServer.start();
  });
  afterAll(async () => {
    await server.close();
  });

  it(
    "indexes vectors through the configured server and fuses them into search",
    async () => {
      temp.writeConfig(`embeddings:\n  provider: ollama\n  base_url: ${server.url}\n  model: fake-embed\n`);
      writeFileSync(join(docs, "car.md"), "# Garage\nThe car needs new tyres before winter.");
      const added = await jarvis(["docs", "add", docs]);
      expect(added.code).toBe(0);
      expect(server.requests.some((r) => r.path === "/api/embed")).toBe(true);
      const run = await jarvis(["docs", "search", "automobile", "--json", "--limit", "1"]);
      expect(JSON.parse(run.stdout).results[0].source).toBe(join(docs, "car.md"));
      const keyword = await jarvis(["docs", "search", "automobile", "--json", "--mode", "keyword"]);
      expect(JSON.parse(keyword.stdout).results).toEqual([]);
    },
    SLOW,
  );
});

describe("jarvis memory", () => {
  it(
    "adds, lists, searches, exports and forgets",
    async () => {
      const added = await jarvis(["memory", "add", "remember that my boss is Sarah Chen"]);
      expect(added.stdout).toBe("remembered f1: The user's boss is Sarah Chen.\n");
      await jarvis(["memory", "add", "I prefer window seats"]);
      const answer = await jarvis(["memory", "search", "who", "is", "my", "boss?"]);
      expect(answer.stdout.split("\n")[0]).toBe("The user's boss is Sarah Chen.");
      const json = JSON.parse(
        (await jarvis(["memory", "search", "what do you know about Sarah", "--json"])).stdout,
      );
      expect(json).toMatchObject({ question: "about", items: [{ id: "f1" }] });
      const list = await jarvis(["memory", "list"]);
      expect(list.stdout).toMatch(
        /^f1 {5}The user's boss is Sarah Chen\. {2}\(you told me on \d{4}-\d\d-\d\d\)\nf2 /,
      );
      const exported = await jarvis(["memory", "export"]);
      expect(exported.stdout).toMatch(/^# What Jarvis remembers\n/);
      expect(exported.stdout).toContain("- **Sarah Chen** — your boss");
      const file = join(temp.home, "Documents", "memory.md");
      expect((await jarvis(["memory", "export", "--output", file])).code).toBe(0);
      expect(readFileSync(file, "utf8")).toContain("The user prefers window seats.");

      const bad = await jarvis(["memory", "forget", "f2", "banana"]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^USAGE: "banana" is not a memory id/);
      const missing = await jarvis(["memory", "forget", "f2", "f99"]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(
        /^NOT_FOUND: no memory f99 \(see `jarvis memory list` for ids; nothing was forgotten\)/,
      );
      expect((await jarvis(["memory", "list"])).stdout.trim().split("\n")).toHaveLength(2);
      const forgot = await jarvis(["memory", "forget", "f1"]);
      expect(forgot.stdout).toBe("forgot f1: The user's boss is Sarah Chen.\n");
      expect((await jarvis(["memory", "search", "who is my boss"])).stdout).toBe(
        "Nothing remembered about that.\n",
      );
      expect((await jarvis(["memory", "search", "x", "--limit", "0"])).code).toBe(2);
      expect((await jarvis(["memory", "add", "remember"])).stderr).toMatch(
        /^ARGS_INVALID: there is nothing to remember/,
      );
      expect(existsSync(join(temp.jarvisHome, "jarvis.db"))).toBe(true);
    },
    SLOW,
  );
});
