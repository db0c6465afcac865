/**
 * The most of a request's room one tool group takes while another group's tool still waits
 * with a score near the best: a request naming two goals ("move the folder, then text Sam")
 * ranks the louder goal's group many places deep (a path lifts all nine file tools), and at a
 * small budget the quieter goal's best tool fell past the room although it scored close to the
 * top. 0.55 of the room: at 20 a group still fills ten places before this binds.
 */
export const GROUP_SHARE = 0.55;

/** A tool of another group scoring this share of the best is a second goal the request names. */
export const SECOND_GOAL = 0.7;

/**
 * The ranking reordered so no group takes more than `GROUP_SHARE` of the room ahead of another
 * group's tool that scores within `SECOND_GOAL` of the best: the louder group's further tools
 * wait until those are placed, then follow in their own order. A request of one goal (no other
 * group near the top) keeps its ranking as it is.
 */
export function sharedByGroup<T extends { name: string; group: string; score: number }>(
  ranked: readonly T[],
  room: number,
): T[] {
  const top = ranked[0]?.score ?? 0;
  if (top <= 0) return [...ranked];
  const cap = Math.ceil(GROUP_SHARE * room);
  const strong = ranked.filter((tool) => tool.score >= SECOND_GOAL * top);
  const out: T[] = [];
  const placed = new Set<string>();
  const deferred: T[] = [];
  const taken = new Map<string, number>();
  const waiting = (group: string) => strong.some((tool) => tool.group !== group && !placed.has(tool.name));
  const place = (tool: T) => {
    out.push(tool);
    placed.add(tool.name);
  };
  for (const tool of ranked) {
    const n = taken.get(tool.group) ?? 0;
    taken.set(tool.group, n + 1);
    if (n >= cap && waiting(tool.group)) deferred.push(tool);
    else place(tool);
    // A deferred tool comes back as soon as no other group's near-best tool waits for it
    for (let i = 0; i < deferred.length; i++) {
      if (waiting(deferred[i]!.group)) continue;
      place(deferred[i]!);
      deferred.splice(i--, 1);
    }
  }
  for (const tool of deferred) place(tool);
  return out;
}
