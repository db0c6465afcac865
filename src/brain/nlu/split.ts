import type { TemplateMatcher } from "./matcher.js";
import { SPLIT_WORDS } from "./parse-rules.js";
import type { SlotEnv } from "./slots/index.js";
import { SlotCache } from "./template.js";
import { stripFillers, type Token } from "./text/normalize.js";
import type { NluCall } from "./types.js";

/** "open firefox and search for AI news": every part must be a template match on its own. */
export function splitCommands(
  matcher: TemplateMatcher,
  tokens: readonly Token[],
  env: SlotEnv,
  depth = 0,
): NluCall[] | undefined {
  if (depth > 2 || tokens.length < 3) return undefined;
  for (let i = 1; i < tokens.length - 1; i++) {
    for (const splitter of SPLIT_WORDS) {
      if (!splitter.every((w, k) => tokens[i + k]?.w === w)) continue;
      const left = stripFillers(tokens.slice(0, i) as Token[]);
      const right = stripFillers(tokens.slice(i + splitter.length) as Token[]);
      if (left.length === 0 || right.length === 0) continue;
      // "add up 4, 9 and 7.5": a number alone is a list's last item, not a command
      if (!right.some((t) => /\p{L}/u.test(t.w))) continue;
      const first = matcher.best(new SlotCache(left, env));
      if (!first || first.missing) continue;
      const found = matcher.best(new SlotCache(right, env));
      const rest = found?.missing ? undefined : found;
      if (rest && !rest.splittable)
        return [
          { tool: first.tool, args: first.args },
          { tool: rest.tool, args: rest.args },
        ];
      const more = splitCommands(matcher, right, env, depth + 1);
      if (more) return [{ tool: first.tool, args: first.args }, ...more];
      if (rest)
        return [
          { tool: first.tool, args: first.args },
          { tool: rest.tool, args: rest.args },
        ];
    }
  }
  return undefined;
}
