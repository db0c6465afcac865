import type { LookupSpec } from "../../core/language.js";
import type { Catalog } from "./catalog.js";
import type { Classification } from "./classifier.js";
import type { GuessInput as FallbackInput } from "./language/types.js";
import { makesSomething, OUT_OF_SCOPE, PERSONAL } from "./parse-rules.js";
import { guessArgs } from "./slot-filling.js";
import { typedExtras } from "./typed-args.js";
import type { NluCall } from "./types.js";

/**
 * Read-only lookups the classifier half-recognises ("where is my meeting at nine", "who sang
 * this"): when the utterance names the domain's own thing and the classifier leans the same
 * way, a look-up is harmless to run even below the action threshold. Nothing that changes
 * state is ever rescued this way. Which nouns name which tool's things is the tools' language
 * (`lookup`); domains are tried by rank, so the more specific noun wins ("what time is my
 * meeting" is a calendar question, not a clock one).
 */
export interface LookupDomain extends LookupSpec {
  group: string;
  /** The group's read-only tools for these nouns. */
  tools: string[];
}

/** The registered tools' look-ups, one domain per group and rank, best rank first. */
export function lookupDomains(catalog: Catalog): LookupDomain[] {
  const byKey = new Map<string, LookupDomain>();
  for (const spec of catalog.intents.values()) {
    if (!spec.lookup) continue;
    const group = catalog.groupOf.get(spec.tool) ?? spec.tool;
    const key = `${group}:${spec.lookup.rank}`;
    const domain = byKey.get(key);
    if (domain) {
      if (!domain.tools.includes(spec.tool)) domain.tools.push(spec.tool);
    } else byKey.set(key, { ...spec.lookup, group, tools: [spec.tool] });
  }
  return [...byKey.values()].sort((a, b) => a.rank - b.rank);
}

/** The lookup domain to try: named in the utterance and favoured by the classifier over other tools. */
export function lookupDomain(
  said: string,
  question: boolean,
  result: Classification,
  groupOf: ReadonlyMap<string, string>,
  domains: readonly LookupDomain[],
): LookupDomain | undefined {
  if (makesSomething(said)) return undefined;
  // "name the singer", "tell me my schedule": imperatives that ask
  const asking =
    question || /^(?:name|identify|tell me|show me|give me|find out|let me know|check)\b/.test(said);
  // "set an alarm" is a command; "did i set an alarm", "what alarms are set" ask after one
  if (/\b(?:set|new)\b/.test(said) && !/^(?:did|do|does|have|has|is|are|what|which|when|how)\b/.test(said))
    return undefined;
  if (namedTogether(said, domains) || HAPPENED.test(said)) return undefined;
  const byGroup = new Map<string, number>();
  for (const { label, probability } of result.ranked) {
    const group = groupOf.get(label);
    if (group) byGroup.set(group, (byGroup.get(group) ?? 0) + probability);
  }
  let strongestOther = 0;
  for (const domain of domains) {
    if (!domain.nouns.test(said)) continue;
    const p = byGroup.get(domain.group) ?? 0;
    for (const [group, q] of byGroup)
      if (group !== domain.group) strongestOther = Math.max(strongestOther, q);
    // Asked as a question, a lean suffices; said flatly ("today's schedule"), it must be clearer
    const enough = asking ? p >= 0.15 : p >= 0.45 && !domain.askOnly;
    if (enough && p > strongestOther && !domain.vetoes?.test(said) && (domain.needs?.test(said) ?? true))
      return domain;
    // A more specific domain was named but not favoured: do not fall through to a vaguer one
    return undefined;
  }
  return undefined;
}

/**
 * Whether the things went off or were missed ("did I miss any alarms while I was out", "did my
 * timer go off"): the question is about something that happened while the user was away, not a
 * list of what is set ("when does my alarm go off" is, and keeps its look-up), so the look-up of
 * the things does not answer it.
 */
const HAPPENED =
  /\b(?:did i miss|have i missed|i (?:have |'ve )?missed|did (?:\S+ ){1,4}go off|(?:went|gone) off|rang)\b/;

/**
 * The reading that says what happened, when a look-up of one group's things was asked whether
 * they went off or were missed: a read-only tool of another group whose own words are the event's
 * ("missed", "gone off"). Its words are written in the past, so the question's "did I miss", "go
 * off" are read that way.
 */
export function whatHappened(catalog: Catalog, tool: string, input: FallbackInput): NluCall | undefined {
  const said = input.words.join(" ");
  if (!HAPPENED.test(said)) return undefined;
  const past = said
    .replace(/\b(?:did i miss|have i missed)\b/g, "missed")
    .replace(/\b(?:go|going|went) off\b/g, "gone off");
  const group = catalog.groupOf.get(tool);
  // Things the other group says are not its own (its tools' vetoes: mail, messages) did not ring
  const disowned = (g: string | undefined) =>
    [...catalog.intentsOf].some(
      ([t, specs]) => catalog.groupOf.get(t) === g && specs.some((spec) => spec.vetoes?.test(past)),
    );
  for (const [other, specs] of catalog.intentsOf) {
    if (catalog.groupOf.get(other) === group || !catalog.readsOnly.has(other)) continue;
    if (specs.some((spec) => spec.anchors?.test(past)) && !disowned(catalog.groupOf.get(other)))
      return { tool: other, args: guessArgs(catalog, other, input, "loose") ?? {} };
  }
  return undefined;
}

/** A joining word between two nouns: "alarms or reminders", "alarms and/or reminders". */
const JOINED = /^ (?:and|or|and or|nor) $/;

/**
 * Two groups' things named side by side ("any alarms or reminders go off", "my alarms, reminders,
 * anything"): a look-up of one group's things answers half the question, and what both have in
 * common is another tool's (what rang, what is due). Not a noun of one group said beside another
 * group's question ("what time is my meeting": the meeting's time is the calendar's).
 */
function namedTogether(said: string, domains: readonly LookupDomain[]): boolean {
  const spans: { group: string; start: number; end: number }[] = [];
  for (const domain of domains) {
    const nouns = new RegExp(domain.nouns.source, "g");
    for (const m of said.matchAll(nouns))
      spans.push({ group: domain.group, start: m.index, end: m.index + m[0].length });
  }
  // Nothing between them (their comma is gone) joins two plurals ("alarms, reminders"); with a
  // singular, one noun modifies the other ("my shopping reminders", "the reminders list")
  const joined = (a: (typeof spans)[number], b: (typeof spans)[number]) => {
    const between = said.slice(a.end, b.start);
    return JOINED.test(between) || (between === " " && said[a.end - 1] === "s" && said[b.end - 1] === "s");
  };
  return spans.some((a) => spans.some((b) => a.group !== b.group && b.start >= a.end && joined(a, b)));
}

/** A read-only look-up of a domain the utterance names and the classifier leans to. */
export function lookupCall(
  catalog: Catalog,
  domains: readonly LookupDomain[],
  result: Classification,
  input: FallbackInput,
  question: boolean,
): NluCall | undefined {
  const said = input.words.join(" ");
  if (OUT_OF_SCOPE.test(said)) return undefined;
  const domain = lookupDomain(said, question, result, catalog.groupOf, domains);
  if (!domain) return undefined;
  // The group's likeliest tool must be a look-up: "egg timer 6 minutes" names timers to set one
  const leader = result.ranked.find((r) => catalog.groupOf.get(r.label) === domain.group)?.label;
  if (!leader || !domain.tools.includes(leader)) return undefined;
  const rank = (tool: string) => {
    const i = result.ranked.findIndex((r) => r.label === tool);
    return i < 0 ? 99 : i;
  };
  const tools = [...domain.tools].filter((t) => catalog.groupOf.has(t)).sort((a, b) => rank(a) - rank(b));
  for (const tool of tools) {
    const args = guessArgs(catalog, tool, input, false);
    if (!args) continue;
    // A sibling never overrules the group's leader on the domain's nouns alone ("did i set an
    // alarm" lists no timers): only a typed value the leader has no place for says it was meant
    if (tool !== leader && !takesWhatLeaderCannot(catalog, leader, args)) return undefined;
    return { tool, args };
  }
  return undefined;
}

/** The sibling's reading holds a value the leader's arguments have no place for. */
function takesWhatLeaderCannot(catalog: Catalog, leader: string, args: Record<string, unknown>): boolean {
  const own = catalog.properties.get(leader) ?? {};
  return Object.entries(args).some(([key, value]) => value !== undefined && !(key in own));
}

/**
 * How clear a question's reading must be for its group's look-up to run without the group's
 * nouns: the classifier's group probability and its lead over the next group.
 */
const OWN_READ = { p: 0.75, margin: 0.5 } as const;

/** A question's opening: a question word, or a verb put first to ask. */
const ASKED =
  /^(?:what|who|whose|where|when|why|how|which|is|are|was|were|do|does|did|can|could|will|would|has|have|had|any)\b/;

/** The assistant's things are the user's too: "your clipboard", "what have you got in the bin", "jarvis's bin". */
const ASSISTANTS = /\b(?:your|you|jarvis 's)\b/;

/**
 * A question the classifier clearly reads as one group's, whose likeliest tool there is a
 * reading ("whats come in since this morning", "which of my files mention the lease"): the user
 * asks after their own things, said as theirs ("my", "I"), in words the group's look-up
 * phrasing lacks, and a tool whose every effect is a reading
 * (`Catalog.readsOnly`) changes nothing. A question about the world says neither. Asking
 * whether something was done is a question too ("did the form go through").
 */
export function ownLookup(
  catalog: Catalog,
  result: Classification,
  input: FallbackInput,
): NluCall | undefined {
  const said = input.words.join(" ");
  if (OUT_OF_SCOPE.test(said) || makesSomething(said)) return undefined;
  // Asked, not told: "summarise the policy" is a request to make a summary, not a question
  if (!ASKED.test(said) && !/\?\s*$/.test(input.env.text ?? "")) return undefined;
  const byGroup = new Map<string, number>();
  for (const { label, probability } of result.ranked) {
    const group = catalog.groupOf.get(label);
    if (group) byGroup.set(group, (byGroup.get(group) ?? 0) + probability);
  }
  const [[group, p] = ["", 0], [, next] = ["", 0]] = [...byGroup].sort((a, b) => b[1] - a[1]);
  if (p < OWN_READ.p || p - next < OWN_READ.margin) return undefined;
  // The group's leading tools in rank order: a read of the user's things that finds its values
  const leading = result.ranked.filter((r) => catalog.groupOf.get(r.label) === group);
  const first = leading[0];
  if (!first || !catalog.readsOnly.has(first.label)) return undefined;
  // The user's own things, said as theirs ("my", "I", "we"): a group's nouns alone may be the
  // world's ("any events on this weekend"); "do my taxes" is a chore asked of someone, not a question
  if (!(PERSONAL.test(said) || ASSISTANTS.test(said)) || /^do (?:my|our)\b/.test(said)) return undefined;
  for (const { label, probability } of leading) {
    if (probability < first.probability * 0.4 || !catalog.readsOnly.has(label)) break;
    // The tool's own words, or the looser cues its language names, must be said where it names
    // any: a count of potatoes is no search of the mail however the classifier leans
    const specs = catalog.intentsOf.get(label) ?? [];
    const cues = specs.filter((spec) => spec.anchors || spec.loose instanceof RegExp);
    const cued = cues.some(
      (spec) => spec.anchors?.test(said) || (spec.loose instanceof RegExp && spec.loose.test(said)),
    );
    if (cues.length > 0 && !cued) continue;
    // A reading on the tool's defaults still takes the values the sentence states ("free for an
    // hour on friday", "the time in Seoul"): typed by the tool's schema, never guessed
    const bare = withoutValues(catalog, label, said);
    const args =
      guessArgs(catalog, label, input, false) ??
      (bare ? typedExtras(catalog, label, bare, input.tokens, input.env) : undefined);
    if (args) return { tool: label, args };
  }
  return undefined;
}

/**
 * A reading that needs no value reads everything it holds ("what's in jarvis's bin"), unless
 * the tool's language rules the sentence out (its vetoes, its look-up's vetoes and needs: "events
 * in my town" are the town's).
 */
function withoutValues(catalog: Catalog, tool: string, said: string): Record<string, unknown> | undefined {
  if ((catalog.required.get(tool) ?? []).length > 0) return undefined;
  const specs = catalog.intentsOf.get(tool) ?? [];
  const ruledOut = specs.some(
    (spec) =>
      spec.vetoes?.test(said) ||
      spec.lookup?.vetoes?.test(said) ||
      (spec.lookup?.needs && !spec.lookup.needs.test(said)),
  );
  return ruledOut ? undefined : {};
}

/** "read (me) the latest email from …": a verb, one thing in the singular, what follows. */
const ONE_THING =
  /^(?:(?:please|can you|could you|would you|just|now) )*(read|open)(?: me| out)? (?:the|that|this|my) (?:(?:latest|last|newest|most recent|new|recent) )?([a-z-]+)\b(?! (?:and|list)\b)/;

/**
 * A look-up read for a request to read or open one thing of its group, named in the singular
 * ("read me the email from the exam board"): the person wants that one thing opened, which a tool
 * of the group does with a handle (its `handles` say which verbs). That tool is asked which one,
 * rather than a listing acted on.
 */
export function oneToOpen(
  catalog: Catalog,
  found: NluCall,
  words: readonly string[],
): { call: NluCall; missing: string[] } | undefined {
  const m = ONE_THING.exec(words.join(" "));
  if (!m) return undefined;
  const [, verb, noun] = m as unknown as [string, "read" | "open", string];
  const group = catalog.groupOf.get(found.tool);
  const nouns = (catalog.intentsOf.get(found.tool) ?? []).find((spec) => spec.lookup)?.lookup?.nouns;
  // The lookup's own thing, said once: "emails" is a listing
  if (!nouns?.test(noun) || noun.endsWith("s")) return undefined;
  for (const [tool, specs] of catalog.intentsOf) {
    if (tool === found.tool || catalog.groupOf.get(tool) !== group) continue;
    const use = specs.flatMap((spec) => spec.handles ?? []).find((h) => h.verbs.includes(verb));
    if (use) return { call: { tool, args: {} }, missing: [use.arg] };
  }
  return undefined;
}
