/**
 * The recall rule every tool-offer bench measures by (bench/model.bench.ts, the held-out scripts,
 * the validation tuner): a request's first offer as the model path makes it, then one
 * `tools_search` whose query is the request's own text. Imported, so it runs nothing on import.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chooseOffer } from "../src/agent/offer/choose.js";
import type { ToolOffer } from "../src/agent/offer/tool-offer.js";
import type { ToolRetriever } from "../src/brain/retrieval/retriever.js";
import type { RankedTool } from "../src/brain/retrieval/tool-index.js";
import type { ToolRegistry } from "../src/gate/registry.js";
import type { RecallItem } from "./reader-examples.js";

/** A recall set in bench/data (or at an absolute path), one request a line. */
export function readRecallSet(file: string): RecallItem[] {
  const path = file.startsWith("/") ? file : join(new URL(".", import.meta.url).pathname, "data", file);
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecallItem);
}

export interface OfferOutcome {
  offer: ToolOffer;
  found: RankedTool[];
  /** Every needed tool was in the first request… */
  first: boolean;
  /** …or, the rest, among what the one search found. */
  both: boolean;
  /** How long the first offer took to choose (the search not included). */
  offerMs: number;
}

/** One request offered and searched once (`groups`: the NLU's, when it is on). */
export async function offerOnce(
  retriever: ToolRetriever,
  registry: Pick<ToolRegistry, "get" | "list">,
  budget: number,
  item: Pick<RecallItem, "text" | "tools">,
  groups?: readonly string[],
): Promise<OfferOutcome> {
  const t0 = performance.now();
  const offer = await chooseOffer({
    retriever,
    registry,
    budget,
    request: { text: item.text, ...(groups ? { groups } : {}) },
  });
  const offerMs = performance.now() - t0;
  const found = await retriever.search(item.text, offer.offered, offer.searchLimit);
  const first = item.tools.every((tool) => offer.has(tool));
  const both = item.tools.every((tool) => offer.has(tool) || found.some((f) => f.name === tool));
  return { offer, found, first, both, offerMs };
}
