export type DocumentKind = "pdf" | "docx" | "html" | "markdown" | "text";

/** A stretch of a document that chunks never cross: a PDF page, or a run of text under a heading. */
export interface Section {
  text: string;
  page?: number | undefined;
  /** Heading path, e.g. "Install › Linux". */
  heading?: string | undefined;
}

/** What a parser produces: text with page numbers kept, ready to chunk. */
export interface ParsedDocument {
  kind: DocumentKind;
  title: string;
  sections: Section[];
  pages?: number | undefined;
}

export interface Chunk {
  ord: number;
  text: string;
  page?: number | undefined;
  heading?: string | undefined;
  words: number;
}

export interface DocumentInfo {
  id: number;
  source: string;
  title: string;
  kind: DocumentKind;
  hash: string;
  bytes: number;
  pages: number | null;
  words: number;
  chunks: number;
  embedder: string | null;
  addedAt: number;
  updatedAt: number;
}

export type IngestStatus = "added" | "updated" | "unchanged" | "failed";

/** One line of an ingest report: every path given gets one, failures say why. */
export interface IngestReport {
  path: string;
  status: IngestStatus;
  documentId?: number;
  kind?: DocumentKind;
  pages?: number | undefined;
  chunks?: number;
  error?: { code: string; message: string };
  /** Something worth saying that did not stop the document (e.g. vectors skipped). */
  warning?: string;
}

export interface SearchResult {
  chunkId: number;
  documentId: number;
  source: string;
  title: string;
  page?: number | undefined;
  heading?: string | undefined;
  text: string;
  /** BM25 score (higher is better) in keyword mode, fused RRF score in hybrid mode. */
  score: number;
}

export type SearchMode = "hybrid" | "keyword" | "vector";

/** Optional final step over fused candidates (an LLM or a local cross-encoder). */
export interface Reranker {
  rerank(query: string, candidates: SearchResult[], signal?: AbortSignal): Promise<SearchResult[]>;
}

export interface IngestLimits {
  maxFileBytes: number;
  maxChunksPerDocument: number;
  chunkWords: number;
  overlapWords: number;
}

export const DEFAULT_LIMITS: IngestLimits = {
  maxFileBytes: 64 * 1024 * 1024,
  maxChunksPerDocument: 20_000,
  chunkWords: 300,
  overlapWords: 40,
};
