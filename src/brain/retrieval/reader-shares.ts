/**
 * Each tool's share of its group's reader lift, from the tool reader's probabilities
 * (decision 0048, model19): `share` for a tool it gives nothing, rising to the whole lift for
 * the group's likeliest tool by the `sharePower` root of its probability over that tool's. The
 * shares are relative within the group, so a group's lift is never lost, only given mostly to
 * the tools the request's verbs and objects point at. A group the tool reader never learned (an
 * MCP server's) gets no entry: its tools share the lift evenly.
 */
export function readerShares(
  names: readonly string[],
  groupOf: ReadonlyMap<string, string>,
  read: ReadonlyMap<string, number> | undefined,
  { share, sharePower }: { share: number; sharePower: number },
): Map<string, number> {
  const shares = new Map<string, number>();
  if (!read || read.size === 0) return shares;
  const best = new Map<string, number>();
  for (const name of names) {
    const group = groupOf.get(name)!;
    best.set(group, Math.max(best.get(group) ?? 0, read.get(name) ?? 0));
  }
  for (const name of names) {
    const top = best.get(groupOf.get(name)!) ?? 0;
    if (top > 0) shares.set(name, share + (1 - share) * ((read.get(name) ?? 0) / top) ** sharePower);
  }
  return shares;
}
