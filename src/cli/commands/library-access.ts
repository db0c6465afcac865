import type { KnowledgeBase } from "../../knowledge/knowledge.js";
import type { SearchOutcome } from "../../knowledge/search.js";
import type { DocumentInfo, IngestReport, SearchMode } from "../../knowledge/types.js";
import type { Memory, MemoryItem, RecallResult, RememberResult } from "../../memory/index.js";
import { callService, findService, type ServiceTarget } from "../../runtime/service-client.js";
import type { CliContext } from "../context.js";

/**
 * Memory and the knowledge base where they live: the running service (over its local API, so
 * there is one writer and no runtime to open here) or, with none running or with `--local`,
 * this process. Both paths run the same code (`Memory`, `KnowledgeBase`) and return the same data.
 */
export interface MemoryAccess {
  list(): Promise<MemoryItem[]>;
  remember(text: string): Promise<RememberResult>;
  recall(query: string, limit: number): Promise<RecallResult>;
  forget(ids: string[]): Promise<MemoryItem[]>;
  exportMarkdown(): Promise<string>;
}

export interface DocsAccess {
  add(paths: string[], onReport: (report: IngestReport) => void): Promise<IngestReport[]>;
  reindex(onReport: (report: IngestReport) => void): Promise<IngestReport[]>;
  list(): Promise<DocumentInfo[]>;
  remove(targets: string[]): Promise<DocumentInfo[]>;
  search(query: string, limit: number, mode: SearchMode | undefined): Promise<SearchOutcome>;
}

export const LOCAL = "run it in this process even when the service runs";

function serviceFor(context: CliContext, flags: { local?: boolean }): ServiceTarget | undefined {
  return flags.local ? undefined : findService(context.env);
}

export function memoryAccess(context: CliContext, flags: { local?: boolean }): MemoryAccess {
  const target = serviceFor(context, flags);
  if (target) {
    const call = <T>(method: string, path: string, body?: unknown) =>
      callService<T>(target, method, path, body);
    return {
      list: async () => (await call<{ items: MemoryItem[] }>("GET", "/api/memory")).items,
      remember: (text) => call("POST", "/api/memory", { text }),
      recall: (query, limit) => call("POST", "/api/memory/search", { query, limit }),
      forget: async (ids) =>
        (await call<{ forgotten: MemoryItem[] }>("POST", "/api/memory/forget", { ids })).forgotten,
      exportMarkdown: async () => (await call<{ markdown: string }>("GET", "/api/memory/export")).markdown,
    };
  }
  let opened: Promise<Memory> | undefined;
  const open = () => {
    opened ??= import("../../memory/index.js").then(({ Memory }) => {
      const runtime = context.runtime();
      return new Memory({ db: runtime.db, clock: runtime.clock, logger: runtime.logger });
    });
    return opened;
  };
  return {
    list: async () => (await open()).list(),
    remember: async (text) => (await open()).remember(text, { source: "user" }),
    recall: async (query, limit) => (await open()).recall(query, { limit }),
    forget: async (ids) => (await import("../../memory/index.js")).forgetAll(await open(), ids),
    exportMarkdown: async () =>
      (await import("../../memory/index.js")).exportMarkdown(await open(), context.runtime().clock.now()),
  };
}

export function docsAccess(context: CliContext, flags: { local?: boolean }): DocsAccess {
  const target = serviceFor(context, flags);
  if (target) {
    const call = <T>(method: string, path: string, body?: unknown) =>
      callService<T>(target, method, path, body);
    const reported = async (path: string, body: unknown, onReport: (report: IngestReport) => void) => {
      const { reports } = await call<{ reports: IngestReport[] }>("POST", path, body);
      for (const report of reports) onReport(report);
      return reports;
    };
    return {
      add: (paths, onReport) => reported("/api/docs/add", { paths }, onReport),
      reindex: (onReport) => reported("/api/docs/reindex", {}, onReport),
      list: async () => (await call<{ documents: DocumentInfo[] }>("GET", "/api/docs")).documents,
      remove: async (targets) =>
        (await call<{ removed: DocumentInfo[] }>("POST", "/api/docs/remove", { targets })).removed,
      search: (query, limit, mode) =>
        call("POST", "/api/docs/search", { query, limit, ...(mode ? { mode } : {}) }),
    };
  }
  let opened: Promise<KnowledgeBase> | undefined;
  const open = () => {
    opened ??= import("../../knowledge/open.js").then(({ openKnowledge }) =>
      openKnowledge(context.runtime().deps),
    );
    return opened;
  };
  return {
    add: async (paths, onReport) => (await open()).add(paths, { onReport }),
    reindex: async (onReport) => (await open()).reindex({ onReport }),
    list: async () => (await open()).list(),
    remove: async (targets) => (await open()).removeAll(targets),
    search: async (query, limit, mode) => (await open()).search(query, { limit, mode }),
  };
}
