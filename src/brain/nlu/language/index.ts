/**
 * What a tool group's `language.ts` builds with: the language contract's types, the default
 * builder, and the NLU's readers of days, places, durations, numbers, names and sums. Tool
 * groups import this; the engine never imports a tool group.
 */
export { CURRENCY } from "../common/topics.js";
export { DATED, PERSONAL, SOMEWHERE } from "../parse-rules.js";
export { isNameLike, splitItems } from "../slots/entities.js";
export {
  findDuration,
  findWhen,
  formatDuration,
  KNOWN_APPS,
  parseDuration,
  parseListName,
  parseMath,
  parseWhen,
  UNIT_WORDS,
  ZONE_WORDS,
} from "../slots/index.js";
export { isNumberWord, parseNumber, parseOrdinal } from "../text/numbers.js";
export { correctedTime } from "./corrected-time.js";
export {
  addDays,
  argsWithoutTail,
  capitalize,
  dayRange,
  findApp,
  findCity,
  findDay,
  findFiles,
  findListName,
  findQuoted,
  findRepeat,
  findSeconds,
  findUrl,
  NO_ARGS,
  officeHours,
  spokenWhen,
  spreadPairs,
  subjectFrom,
  titleFrom,
} from "./helpers.js";
export * from "./types.js";
