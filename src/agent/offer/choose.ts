import type { ToolRetriever } from "../../brain/retrieval/retriever.js";
import type { RankRequest } from "../../brain/retrieval/tool-index.js";
import type { ToolRegistry } from "../../gate/registry.js";
import { PLAN_TOOL } from "../plan-tool.js";
import type { ActiveRun } from "../run.js";
import { TOOLS_SEARCH } from "./search-tool.js";
import { ToolOffer } from "./tool-offer.js";

/** Tools every request gets whatever the ranking says: the way to more tools, and the plan. */
export const ALWAYS_OFFERED: readonly string[] = [TOOLS_SEARCH, PLAN_TOOL];

export interface OfferInput {
  retriever: ToolRetriever;
  registry: Pick<ToolRegistry, "get" | "list">;
  /** Most tools in the request, the always-offered ones included. */
  budget: number;
  request: RankRequest;
  signal?: AbortSignal | undefined;
}

/**
 * The first offer of a run: everything when the catalog fits the budget, otherwise the best
 * ranked tools up to it, plus the always-offered ones. Sorted by name, not by score, so two
 * requests offering the same tools send the same bytes.
 */
export async function chooseOffer(input: OfferInput): Promise<ToolOffer> {
  const all = input.registry.list().map((tool) => tool.name);
  const fixed = ALWAYS_OFFERED.filter((name) => input.registry.get(name));
  const rest = all.filter((name) => !fixed.includes(name));
  const room = Math.max(0, input.budget - fixed.length);
  let chosen: string[];
  if (rest.length <= room) chosen = rest;
  else {
    const ranked = (await input.retriever.rank(input.request, input.signal)).filter(
      (tool) => !fixed.includes(tool.name),
    );
    // Tools whose own cue the request has are offered whatever their rank (at most a third of the room)
    const index = input.retriever.index();
    const cued = new Set(index.cued(input.request.text));
    const first = ranked.filter((tool) => cued.has(tool.name)).slice(0, Math.floor(room / 3));
    const order = [...first, ...ranked.filter((tool) => !first.includes(tool))].map((tool) => tool.name);
    chosen = withLookups(order, room, (name) => index.lookups(name));
  }
  return new ToolOffer(input.registry, [...chosen.sort(), ...fixed], searchLimitFor(input.budget));
}

/** How far down the room (a share of it) a tool still brings its lookup along. */
const LOOKUP_REACH = 0.25;

/**
 * The best tools up to the room, each followed by its lookup when none of its lookups made it
 * on its own: a tool offered without the one its handle or its window comes from leaves the
 * model a step short, and a lesser tool gives way. The best-ranked lookup is the one brought,
 * and only for the tools at the head of the ranking: further down, the lookup would push out
 * tools likelier to be needed than the one that asked for it.
 */
export function withLookups(
  order: readonly string[],
  room: number,
  lookups: (name: string) => string[],
): string[] {
  const picked: string[] = [];
  const rank = new Map(order.map((name, i) => [name, i]));
  for (const name of order) {
    if (picked.length >= room) break;
    if (picked.includes(name)) continue;
    picked.push(name);
    const own = lookups(name).filter((lookup) => rank.has(lookup));
    if (rank.get(name)! >= LOOKUP_REACH * room) continue;
    if (own.length === 0 || own.some((lookup) => picked.includes(lookup)) || picked.length >= room) continue;
    picked.push(own.sort((a, b) => rank.get(a)! - rank.get(b)!)[0]!);
  }
  return picked;
}

/**
 * How many tools one `tools_search` may add: a model with room for many tools gets more per
 * search, a small one fewer (each found tool is one more schema in every later request).
 */
export function searchLimitFor(budget: number): number {
  return budget >= 16 ? 10 : 8;
}

/**
 * A run's offer from what the session knows: the request, the user's last few turns, the
 * NLU's groups, the tools that already ran in the session and the kinds of its handles. A
 * resumed run also gets back every tool it had already called.
 */
export async function offerForRun(run: ActiveRun, groups: readonly string[] | undefined): Promise<ToolOffer> {
  const { deps } = run;
  const profile = run.model.profile(run.control.size === "complex");
  const recent = deps.sessions
    .history(run.sessionId, 6, run.userMessageId)
    .filter((m) => m.role === "user")
    .map((m) => m.text)
    .slice(-3);
  const offer = await chooseOffer({
    retriever: deps.retriever,
    registry: deps.registry,
    budget: profile.tools,
    request: {
      text: run.input,
      recent,
      ...(groups ? { groups } : {}),
      used: deps.runs.sessionTools(run.sessionId),
      handleKinds: run.scope.handles.list().map((handle) => handle.kind),
    },
    signal: run.signal,
  });
  const earlier = deps.runs.steps(run.id).filter((step) => step.kind === "tool" && step.tool);
  offer.load(earlier.map((step) => step.tool!));
  return offer;
}
