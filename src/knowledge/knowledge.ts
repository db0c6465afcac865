import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import { basename } from "node:path";
import type { Clock } from "../core/clock.js";
import { JarvisError, toJarvisError } from "../core/errors.js";
import type { Logger } from "../core/logger.js";
import type { SqliteDatabase } from "../store/database.js";
import { chunkSections } from "./chunk.js";
import type { Embedder } from "./embedders/types.js";
import { parseDocument } from "./ingest/parse.js";
import { fsError, walkPaths } from "./ingest/walk.js";
import type { KeywordSettings } from "./keyword.js";
import { type SearchOptions, type SearchOutcome, searchKnowledge } from "./search.js";
import { chunkTitle, KnowledgeStore } from "./store.js";
import { ExtractiveSummarizer, type Summarizer, type Summary } from "./summarize.js";
import {
  type Chunk,
  DEFAULT_LIMITS,
  type DocumentInfo,
  type IngestLimits,
  type IngestReport,
  type ParsedDocument,
  type Reranker,
} from "./types.js";

export interface KnowledgeBaseOptions {
  db: SqliteDatabase;
  clock: Clock;
  logger: Logger;
  embedder?: Embedder | undefined;
  reranker?: Reranker | undefined;
  summarizer?: Summarizer | undefined;
  limits?: Partial<IngestLimits> | undefined;
  /** Keyword ranking knobs (benchmarks force candidate pruning on small indexes with these). */
  keyword?: Partial<KeywordSettings> | undefined;
}

export interface AddOptions {
  signal?: AbortSignal | undefined;
  /** Called as each path finishes, so a CLI can print progress line by line. */
  onReport?: ((report: IngestReport) => void) | undefined;
}

/**
 * The user's document library: ingest (parse → chunk → embed → one transaction per document),
 * hybrid search, listing, removal and summaries. Re-adding an unchanged file is a no-op (by
 * content hash); a changed file has its chunks replaced.
 */
export class KnowledgeBase {
  readonly store: KnowledgeStore;
  readonly limits: IngestLimits;
  private readonly summarizer: Summarizer;

  constructor(private readonly options: KnowledgeBaseOptions) {
    this.store = new KnowledgeStore(options.db, options.clock, options.keyword);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.summarizer = options.summarizer ?? new ExtractiveSummarizer();
  }

  get embedder(): Embedder | undefined {
    return this.options.embedder;
  }

  /** Adds files and folders; every path gets a report, failures never stop the batch. */
  async add(paths: readonly string[], options: AddOptions = {}): Promise<IngestReport[]> {
    const reports: IngestReport[] = [];
    const push = (report: IngestReport) => {
      reports.push(report);
      options.onReport?.(report);
    };
    for await (const entry of walkPaths(paths, options.signal)) {
      if ("error" in entry) push({ path: entry.path, status: "failed", error: entry.error });
      else push(await this.addFile(entry.path, entry.size, options.signal));
    }
    return reports;
  }

  private async addFile(path: string, size: number, signal?: AbortSignal): Promise<IngestReport> {
    try {
      signal?.throwIfAborted();
      if (size > this.limits.maxFileBytes) {
        throw new JarvisError(
          "LIMIT_REACHED",
          `the file is ${formatBytes(size)}, over the ${formatBytes(this.limits.maxFileBytes)} limit`,
          { fix: "raise knowledge.max_file_mb in config.yaml, or split the file" },
        );
      }
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(path);
      } catch (error) {
        const problem = fsError(error);
        throw new JarvisError(problem.code as "TOOL_FAILED", problem.message);
      }
      const hash = createHash("sha256").update(bytes).digest("hex");
      const existing = this.store.find(path);
      if (existing && existing.hash === hash) {
        const warning = await this.backfillVectors(existing, signal);
        return {
          path,
          status: "unchanged",
          documentId: existing.id,
          kind: existing.kind,
          pages: existing.pages ?? undefined,
          chunks: existing.chunks,
          ...(warning ? { warning } : {}),
        };
      }
      const parsed = await parseDocument(bytes, basename(path), signal);
      return await this.addParsed({ source: path, hash, bytes: bytes.length, parsed }, signal);
    } catch (error) {
      if (signal?.aborted) throw toJarvisError(signal.reason ?? error);
      const failure = toJarvisError(error, "TOOL_FAILED");
      this.options.logger.debug({ path, err: error }, "ingest failed");
      return {
        path,
        status: "failed",
        error: {
          code: failure.code,
          message: failure.fix ? `${failure.message} (${failure.fix})` : failure.message,
        },
      };
    }
  }

  /**
   * Indexes an already-parsed document under `source` (a path, a URL, a benchmark id).
   * Embedding failures do not lose the document: it is indexed for keyword search and its
   * vectors are filled in by a later `add`/`reindex`.
   */
  async addParsed(
    input: { source: string; hash?: string; bytes?: number; parsed: ParsedDocument },
    signal?: AbortSignal,
  ): Promise<IngestReport> {
    const { parsed } = input;
    const chunks = chunkSections(parsed.sections, {
      chunkWords: this.limits.chunkWords,
      overlapWords: this.limits.overlapWords,
    });
    if (chunks.length === 0) throw new JarvisError("TOOL_FAILED", "the document has no text");
    if (chunks.length > this.limits.maxChunksPerDocument) {
      throw new JarvisError(
        "LIMIT_REACHED",
        `the document is too long (${chunks.length} chunks, limit ${this.limits.maxChunksPerDocument})`,
        { fix: "raise knowledge.max_chunks_per_document, or split the document" },
      );
    }
    const hash =
      input.hash ??
      createHash("sha256")
        .update(parsed.sections.map((s) => s.text).join("\f"))
        .digest("hex");
    let vectors: { embedder: string; values: Float32Array[] } | undefined;
    let warning: string | undefined;
    try {
      vectors = await this.embedChunks(parsed.title, chunks, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      warning = `indexed for keyword search only; vectors failed: ${toJarvisError(error).message}`;
    }
    signal?.throwIfAborted();
    const { id, status } = this.store.replace({
      source: input.source,
      title: parsed.title,
      kind: parsed.kind,
      hash,
      bytes: input.bytes ?? Buffer.byteLength(parsed.sections.map((s) => s.text).join("")),
      pages: parsed.pages,
      chunks,
      vectors,
    });
    return {
      path: input.source,
      status,
      documentId: id,
      kind: parsed.kind,
      pages: parsed.pages,
      chunks: chunks.length,
      ...(warning ? { warning } : {}),
    };
  }

  search(query: string, options: SearchOptions = {}): Promise<SearchOutcome> {
    return searchKnowledge(this.store, query, {
      ...options,
      embedder: this.options.embedder,
      reranker: this.options.reranker,
      logger: this.options.logger,
    });
  }

  list(): DocumentInfo[] {
    return this.store.list();
  }

  /** Finds a document by numeric id or source path. */
  find(idOrSource: string | number): DocumentInfo | undefined {
    if (typeof idOrSource === "number") return this.store.find(idOrSource);
    return /^\d+$/.test(idOrSource) ? this.store.find(Number(idOrSource)) : this.store.find(idOrSource);
  }

  /** Removes documents by id, path, or every document under a folder; returns what went. */
  remove(target: string): DocumentInfo[] {
    const documents = this.matching(target);
    for (const doc of documents) this.store.remove(doc.id);
    return documents;
  }

  /**
   * Removes what every target names, or nothing: one target that names no document is
   * NOT_FOUND before anything goes (`jarvis docs remove`, in-process or in the service).
   */
  removeAll(targets: readonly string[]): DocumentInfo[] {
    const missing = targets.filter((target) => this.matching(target).length === 0);
    if (missing.length > 0) {
      throw new JarvisError("NOT_FOUND", `not in the knowledge base: ${missing.join(", ")}`, {
        fix: "see `jarvis docs list` for ids and paths; nothing was removed",
      });
    }
    return targets.flatMap((target) => this.remove(target));
  }

  /** The documents `remove(target)` would remove. */
  matching(target: string): DocumentInfo[] {
    const found = this.find(target);
    return found ? [found] : this.store.underFolder(target);
  }

  /** Embeds documents that have no vectors from the current embedder. */
  async reindex(options: AddOptions = {}): Promise<IngestReport[]> {
    const embedder = this.options.embedder;
    if (!embedder) {
      throw new JarvisError("UNAVAILABLE", "no embedder is configured", {
        fix: "set embeddings.provider in config.yaml (openai-compatible, ollama or onnx)",
      });
    }
    const reports: IngestReport[] = [];
    for (const doc of this.store.missingVectors(embedder.id)) {
      const warning = await this.backfillVectors(doc, options.signal);
      const report: IngestReport = warning
        ? {
            path: doc.source,
            status: "failed",
            documentId: doc.id,
            error: { code: "UNAVAILABLE", message: warning },
          }
        : { path: doc.source, status: "updated", documentId: doc.id, kind: doc.kind, chunks: doc.chunks };
      reports.push(report);
      options.onReport?.(report);
    }
    return reports;
  }

  /** Summarizes an indexed document from its stored chunks (page citations kept). */
  async summarizeDocument(
    idOrSource: string | number,
    maxPoints?: number,
    signal?: AbortSignal,
  ): Promise<{ document: DocumentInfo; summary: Summary }> {
    const document = this.find(idOrSource);
    if (!document) {
      throw new JarvisError("NOT_FOUND", `no indexed document ${idOrSource}`, {
        fix: "see `jarvis docs list`",
      });
    }
    const sections = this.store.chunks(document.id).map((c) => ({ text: c.text, page: c.page ?? undefined }));
    const summary = await this.summarizer.summarize({ title: document.title, sections, maxPoints, signal });
    return { document, summary };
  }

  summarizeParsed(parsed: ParsedDocument, maxPoints?: number, signal?: AbortSignal): Promise<Summary> {
    return this.summarizer.summarize({ title: parsed.title, sections: parsed.sections, maxPoints, signal });
  }

  private async embedChunks(title: string, chunks: Chunk[], signal?: AbortSignal) {
    const embedder = this.options.embedder;
    if (!embedder) return undefined;
    const texts = chunks.map((c) => `${chunkTitle(title, c.heading)}\n${c.text}`);
    const values = await embedder.embed(texts, { kind: "document", signal });
    return { embedder: embedder.id, values };
  }

  /** Returns a warning when vectors could not be computed; undefined when done or not needed. */
  private async backfillVectors(doc: DocumentInfo, signal?: AbortSignal): Promise<string | undefined> {
    const embedder = this.options.embedder;
    if (!embedder || (doc.embedder === embedder.id && this.store.vectors.space()?.embedder === embedder.id)) {
      return undefined;
    }
    try {
      const chunks = this.store.chunks(doc.id);
      const values = await embedder.embed(
        chunks.map((c) => `${c.title}\n${c.text}`),
        { kind: "document", signal },
      );
      this.store.setVectors(doc.id, embedder.id, values);
      return undefined;
    } catch (error) {
      if (signal?.aborted) throw error;
      return `vectors failed: ${toJarvisError(error).message}`;
    }
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
