import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pathsFor } from "../../src/config/paths.js";
import { defaultConfig } from "../../src/config/schema.js";
import { ManualClock } from "../../src/core/clock.js";
import { silentLogger } from "../../src/core/logger.js";
import { embeddingsCheck } from "../../src/knowledge/doctor.js";
import { embedderFromConfig } from "../../src/knowledge/embedders/config.js";
import { FakeEmbeddingServer, fakeEmbedding } from "../../src/knowledge/embedders/fake-server.js";
import { OllamaEmbedder, OpenAICompatibleEmbedder } from "../../src/knowledge/embedders/http.js";
import type { Embedder } from "../../src/knowledge/embedders/types.js";
import { KnowledgeBase } from "../../src/knowledge/knowledge.js";
import { openStore, type SqliteDatabase } from "../../src/store/database.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";

let server: FakeEmbeddingServer;
beforeAll(async () => {
  server = await FakeEmbeddingServer.start({ dimensions: 64, apiKey: "sk-test" });
});
afterAll(async () => {
  await server.close();
});

describe("HTTP embedders against a server speaking the real protocols", () => {
  afterEach(() => {
    server.failWith = undefined;
    server.delayMs = 0;
    server.requests.length = 0;
  });

  it("OpenAI-compatible: POST /v1/embeddings with the key, vectors reordered by index", async () => {
    const embedder = new OpenAICompatibleEmbedder({
      baseUrl: `${server.url}/v1`,
      model: "m1",
      apiKey: "sk-test",
      batchSize: 2,
    });
    const vectors = await embedder.embed(["red car", "blue film", "green dog"], { kind: "document" });
    expect(server.requests.map((r) => [r.path, (r.body as { input: string[] }).input])).toEqual([
      ["/v1/embeddings", ["red car", "blue film"]],
      ["/v1/embeddings", ["green dog"]],
    ]);
    expect(server.requests[0]!.headers.authorization).toBe("Bearer sk-test");
    expect(Array.from(vectors[0]!)).toEqual(fakeEmbedding("red car").map(Math.fround));
    expect(embedder.id).toBe("openai-compatible:m1");
    // The same server without /v1 in the base URL.
    const bare = new OpenAICompatibleEmbedder({ baseUrl: server.url, model: "m1", apiKey: "sk-test" });
    expect(await bare.embed(["x"], { kind: "query" })).toHaveLength(1);
  });

  it("Ollama: POST /api/embed", async () => {
    const embedder = new OllamaEmbedder({ baseUrl: server.url, model: "nomic-embed-text" });
    const [vector] = await embedder.embed(["automobile"], { kind: "query" });
    expect(server.requests[0]).toMatchObject({
      path: "/api/embed",
      body: { model: "nomic-embed-text", input: ["automobile"] },
    });
    expect(Array.from(vector!)).toEqual(fakeEmbedding("car").map(Math.fround));
  });

  it("turns server errors, a bad key, silence and a dead port into clear errors", async () => {
    const wrongKey = new OpenAICompatibleEmbedder({ baseUrl: server.url, model: "m", apiKey: "nope" });
    await expect(wrongKey.embed(["x"], { kind: "query" })).rejects.toMatchObject({
      message: expect.stringMatching(/answered 401/),
      fix: expect.stringMatching(/check the API key/),
    });
    server.failWith = 500;
    const ollama = new OllamaEmbedder({ baseUrl: server.url, model: "m" });
    await expect(ollama.embed(["x"], { kind: "query" })).rejects.toMatchObject({ code: "UNAVAILABLE" });
    server.failWith = undefined;
    server.delayMs = 500;
    const slow = new OllamaEmbedder({ baseUrl: server.url, model: "m", timeoutMs: 50 });
    await expect(slow.embed(["x"], { kind: "query" })).rejects.toMatchObject({ code: "TIMEOUT" });
    const dead = new OllamaEmbedder({ baseUrl: "http://127.0.0.1:9", model: "m" });
    await expect(dead.embed(["x"], { kind: "query" })).rejects.toThrow(/cannot reach the embedding server/);
  });

  it("jarvis doctor reports whether the embedder answers", async () => {
    const config = defaultConfig();
    const run = (embeddings: Partial<typeof config.embeddings>) =>
      embeddingsCheck.run({
        config: { ...config, embeddings: { ...config.embeddings, ...embeddings } },
        configError: undefined,
        paths: pathsFor("/tmp/none"),
        env: {},
      });
    expect(await run({})).toMatchObject({ status: "missing", detail: "keyword (BM25) search only" });
    expect(await run({ provider: "ollama", base_url: server.url, model: "m" })).toEqual({
      status: "ok",
      detail: "ollama:m, 64 dimensions",
    });
    expect(await run({ provider: "ollama", base_url: "http://127.0.0.1:9", model: "m" })).toMatchObject({
      status: "error",
      detail: expect.stringMatching(/cannot reach the embedding server/),
    });
    expect(await run({ provider: "onnx" })).toMatchObject({
      status: "error",
      detail: expect.stringMatching(/model_dir/),
    });
  });

  it("is built from config with env overrides", () => {
    const config = defaultConfig().embeddings;
    const fromEnv = embedderFromConfig(config, {
      JARVIS_EMBEDDINGS_PROVIDER: "ollama",
      JARVIS_EMBEDDINGS_BASE_URL: server.url,
      JARVIS_EMBEDDINGS_MODEL: "all-minilm",
    });
    expect(fromEnv?.id).toBe("ollama:all-minilm");
    expect(() => embedderFromConfig({ ...config, provider: "openai-compatible" })).toThrow(
      /embeddings.model is required/,
    );
    expect(() =>
      embedderFromConfig(
        { ...config, provider: "openai-compatible", model: "m", api_key_env: "NO_SUCH_KEY_VAR" },
        {},
      ),
    ).toThrow(/NO_SUCH_KEY_VAR is not set/);
  });
});

describe("hybrid retrieval end to end (BM25 + sqlite-vec + RRF)", () => {
  let temp: TempHome;
  let db: SqliteDatabase;
  const clock = new ManualClock(1);
  beforeEach(() => {
    temp = createTempHome();
    db = openStore(join(temp.jarvisHome, "jarvis.db"));
  });
  afterEach(() => {
    db.close();
    temp.cleanup();
  });

  const embedderFor = (model: string): Embedder =>
    new OpenAICompatibleEmbedder({ baseUrl: server.url, model, apiKey: "sk-test" });
  const kb = (embedder?: Embedder) => new KnowledgeBase({ db, clock, logger: silentLogger, embedder });
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;

  async function library(embedder?: Embedder) {
    const dir = join(temp.home, "Documents");
    writeFileSync(join(dir, "garage.md"), "# Garage\nThe car needs new tyres before winter.");
    writeFileSync(join(dir, "bread.md"), "# Baking\nA sourdough loaf needs flour, water, salt and patience.");
    writeFileSync(join(dir, "clinic.md"), "# Health\nThe doctor appointment is on Tuesday at nine.");
    return { dir, reports: await kb(embedder).add([dir]) };
  }

  it("finds by meaning what keywords miss, and by keywords what vectors rank low", async () => {
    const embedder = embedderFor("m1");
    const { dir, reports } = await library(embedder);
    expect(reports.every((r) => r.status === "added" && !r.warning)).toBe(true);
    expect(count("SELECT count(*) AS n FROM kb_chunks_vec")).toBe(3);
    // No shared word with garage.md: BM25 finds nothing, vectors do.
    expect((await kb().search("automobile maintenance")).results).toEqual([]);
    const hybrid = await kb(embedder).search("automobile maintenance");
    expect(hybrid.mode).toBe("hybrid");
    expect(hybrid.results[0]!.source).toBe(join(dir, "garage.md"));
    expect((await kb(embedder).search("physician visit")).results[0]!.source).toBe(join(dir, "clinic.md"));
    expect((await kb(embedder).search("sourdough")).results[0]!.source).toBe(join(dir, "bread.md"));
    expect((await kb(embedder).search("automobile", { mode: "vector" })).mode).toBe("vector");
  });

  it("answers with keywords and a warning when the embedder is down; fills vectors in later", async () => {
    const embedder = embedderFor("m1");
    server.failWith = 503;
    const { dir, reports } = await library(embedder);
    expect(reports.every((r) => r.status === "added")).toBe(true);
    expect(reports[0]!.warning).toMatch(/keyword search only; vectors failed/);
    const degraded = await kb(embedder).search("sourdough flour");
    expect(degraded.mode).toBe("keyword");
    expect(degraded.warning).toMatch(/vector search/);
    expect(degraded.results[0]!.source).toBe(join(dir, "bread.md"));
    server.failWith = undefined;
    const again = await kb(embedder).add([dir]);
    expect(again.map((r) => r.status)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(count("SELECT count(*) AS n FROM kb_chunks_vec")).toBe(3);
    expect((await kb(embedder).search("automobile")).results[0]!.source).toBe(join(dir, "garage.md"));
  });

  it("a different embedder rebuilds the vector space instead of mixing vectors", async () => {
    await library(embedderFor("m1"));
    expect(db.prepare("SELECT embedder FROM embedding_spaces").get()).toEqual({
      embedder: "openai-compatible:m1",
    });
    const other = embedderFor("m2");
    const before = await kb(other).search("automobile");
    expect(before.warning).toMatch(/jarvis docs reindex/);
    const reports = await kb(other).reindex();
    expect(reports.map((r) => r.status)).toEqual(["updated", "updated", "updated"]);
    expect(db.prepare("SELECT embedder FROM embedding_spaces").get()).toEqual({
      embedder: "openai-compatible:m2",
    });
    expect(count("SELECT count(*) AS n FROM kb_chunks_vec")).toBe(3);
    expect((await kb(other).search("automobile")).mode).toBe("hybrid");
  });

  it("removing a document deletes its vector rows too", async () => {
    const embedder = embedderFor("m1");
    const { dir } = await library(embedder);
    kb(embedder).remove(join(dir, "garage.md"));
    expect(count("SELECT count(*) AS n FROM kb_chunks_vec")).toBe(2);
    // Removal works from a connection that never loaded sqlite-vec itself.
    db.close();
    db = openStore(join(temp.jarvisHome, "jarvis.db"));
    kb().remove(dir);
    expect(count("SELECT count(*) AS n FROM kb_chunks_vec")).toBe(0);
    expect(count("SELECT count(*) AS n FROM kb_chunks")).toBe(0);
  });
});
