import type { ToolRetriever } from "../../brain/retrieval/retriever.js";
import { sharedByGroup } from "../../brain/retrieval/share.js";
import type { RankRequest } from "../../brain/retrieval/tool-index.js";
import type { ToolRegistry } from "../../gate/registry.js";
import { toolSpecTokens } from "../context.js";
import { PLAN_TOOL } from "../plan-tool.js";
import type { ActiveRun } from "../run.js";
import { TOOLS_SEARCH } from "./search-tool.js";
import { ToolOffer } from "./tool-offer.js";

/** Tools every request gets whatever the ranking says: the way to more tools, and the plan. */
export const ALWAYS_OFFERED: readonly string[] = [TOOLS_SEARCH, PLAN_TOOL];

export interface OfferInput {
  retriever: ToolRetriever;
  registry: Pick<ToolRegistry, "get" | "list">;
  /**
   * Tools in the request on average, the always-offered ones included: a clear request gets
   * fewer, one whose ranking is flat more (see `roomFor`).
   */
  budget: number;
  /**
   * Most estimated tokens (`estimateTokens`) the offered tools' schemas may cost in one
   * request; by default `TOKENS_PER_TOOL` times the budget.
   */
  toolTokens?: number;
  request: RankRequest;
  signal?: AbortSignal | undefined;
}

/**
 * The first offer of a run: everything when the catalog fits the budget, otherwise the best
 * ranked tools up to the request's room (`roomFor`) and its token cap, plus the always-offered
 * ones. Sorted by name, not by score, so two requests offering the same tools send the same
 * bytes.
 */
export async function chooseOffer(input: OfferInput): Promise<ToolOffer> {
  const all = input.registry.list().map((tool) => tool.name);
  const fixed = ALWAYS_OFFERED.filter((name) => input.registry.get(name));
  const rest = all.filter((name) => !fixed.includes(name));
  const cost = (name: string) => specTokens(input.registry, name);
  const tokens =
    (input.toolTokens ?? input.budget * TOKENS_PER_TOOL) - fixed.reduce((sum, n) => sum + cost(n), 0);
  const room = Math.max(0, input.budget - fixed.length);
  let chosen: string[];
  if (rest.length <= room) chosen = rest;
  else {
    const ranked = (await input.retriever.rank(input.request, input.signal)).filter(
      (tool) => !fixed.includes(tool.name),
    );
    const own = roomFor(
      ranked.map((tool) => tool.score),
      room,
      input.budget >= GENERAL_FROM ? LARGE_ROOM_RANGE : ROOM_RANGE,
    );
    // Tools whose own cue the request has are offered whatever their rank (at most a third of the room)
    const index = input.retriever.index();
    const cued = new Set(index.cued(input.request.text));
    const first = ranked.filter((tool) => cued.has(tool.name)).slice(0, Math.floor(own / 3));
    // …and no group takes more than its share of the room ahead of a second goal's best tools
    const order = sharedByGroup([...first, ...ranked.filter((tool) => !first.includes(tool))], own).map(
      (tool) => tool.name,
    );
    const head = withinTokens(
      withLookups(order, own, (name) => index.lookups(name)),
      tokens,
      cost,
    );
    // The tools goals end in without naming them (a sum, a web search) take the last places
    // of a large room (never more places than the ranking had); a small one cannot spare them
    // for every request, only for those whose ranking has them within reach
    const general = index
      .general()
      .filter((name) => !fixed.includes(name) && !head.includes(name))
      .filter((name) => input.budget >= GENERAL_FROM || order.indexOf(name) < GENERAL_REACH * own);
    chosen = withinTokens(
      [...general, ...head.slice(0, Math.max(0, head.length - general.length))],
      tokens,
      cost,
    );
  }
  const offered = [...chosen.sort(), ...fixed];
  return new ToolOffer(input.registry, offered, searchLimitFor(input.budget, offered.length));
}

/**
 * Estimated tokens per tool the budget allows by default: with a budget of 20 the first
 * request stays under 4k tokens (o200k, system prompt included; measured in bench/model).
 */
export const TOKENS_PER_TOOL = 195;

/**
 * The smallest budget whose first offer always holds the general tools (`GroupCues.general`).
 * Below it each place is worth more to the ranking than to a tool most requests do not need,
 * and a general tool comes only when ranked within `GENERAL_REACH` rooms.
 */
export const GENERAL_FROM = 16;
/** Below it, how far down the ranking (in rooms) a general tool still takes the last place. */
export const GENERAL_REACH = 3;

/**
 * The least and the most of the budget's room one request gets. The tool reader's shares make
 * rankings steeper (the flat tail of a read group's unneeded tools is gone), so the same range
 * gave 0.6 fewer tools on average; the range moved up by 0.05–0.1 to offer what it did before.
 * The neighbours' larger weight (decision 0050) made them steeper again: both ranges moved up
 * to offer about what they did before (10.8 at 12, 17.8 at 20 on fresh writers' sets).
 */
export const ROOM_RANGE = [0.72, 1.5] as const;
/**
 * …with a budget of `GENERAL_FROM` or more. There the general tools already hold the last
 * places and one search brings ten more, so places past 1.2 rooms were rarely the needed ones:
 * requests of long, many-step wording (flat rankings) took the mean over the budget (20.7 on a
 * fresh set). A small budget keeps the wider range, since a place near its edge is worth more.
 */
export const LARGE_ROOM_RANGE = [0.75, 1.3] as const;
/** Where in the ranking its flatness is read. */
const FLAT_AT = 11;

/**
 * How many ranked tools one request gets. Where the ranking falls away steeply after its head
 * (one step, said in the tools' own words) the head is what is needed and fewer tools do;
 * where it stays flat the ranking is unsure, and more of it is offered. Flatness is the
 * twelfth tool's score over the best one's (the same place whatever the budget, so a small
 * model's room moves as a large one's does); across the team's recall sets it spreads from
 * ~0.1 to ~0.7, so the room moves across its range in between, and averages under the budget.
 */
export function roomFor(
  scores: readonly number[],
  room: number,
  range: readonly [number, number] = ROOM_RANGE,
): number {
  const top = scores[0] ?? 0;
  if (top <= 0 || room <= 0) return room;
  const flat = (scores[FLAT_AT] ?? 0) / top;
  const unsure = Math.min(1, Math.max(0, (flat - 0.1) / 0.6));
  const [least, most] = range;
  return Math.floor(room * (least + (most - least) * unsure));
}

/**
 * The tools, in order, that fit the token cap: a tool whose schema would overflow it is left
 * out and a shorter one after it may still come in.
 */
export function withinTokens(
  order: readonly string[],
  tokens: number,
  cost: (name: string) => number,
): string[] {
  const kept: string[] = [];
  let spent = 0;
  for (const name of order) {
    const price = cost(name);
    if (spent + price > tokens) continue;
    kept.push(name);
    spent += price;
  }
  return kept;
}

/** Estimated tokens of the schema the model reads for a tool, as it is sent. */
function specTokens(registry: Pick<ToolRegistry, "get">, name: string): number {
  const definition = registry.get(name)?.definition;
  return definition ? toolSpecTokens(definition) : 0;
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
export function searchLimitFor(budget: number, offered = budget): number {
  return (budget >= 16 ? 10 : 8) + Math.max(0, budget - offered);
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
