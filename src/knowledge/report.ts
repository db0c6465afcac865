import type { IngestReport } from "./types.js";

/**
 * An ingest's reports as lines and a count line. Apart from the knowledge base itself, so the
 * attached `jarvis docs` prints them without loading the index and its parsers.
 */
export function formatReports(reports: readonly IngestReport[]): string {
  const counts = { added: 0, updated: 0, unchanged: 0, failed: 0 };
  const lines: string[] = [];
  for (const r of reports) {
    counts[r.status] += 1;
    if (r.status === "failed") lines.push(`failed    ${r.path}: ${r.error?.message}`);
    else {
      const size = [
        r.pages ? `${r.pages} pages` : undefined,
        r.chunks !== undefined ? `${r.chunks} chunks` : undefined,
      ]
        .filter(Boolean)
        .join(", ");
      lines.push(
        `${r.status.padEnd(9)} ${r.path}${size ? ` (${size})` : ""}${r.warning ? ` — ${r.warning}` : ""}`,
      );
    }
  }
  lines.push(
    `${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed`,
  );
  return lines.join("\n");
}
