import type { Catalog } from "./catalog.js";
import { THIS_MACHINE } from "./language/beyond-owned.js";
import { kindOf } from "./slot-filling.js";
import { leavesOutLength } from "./typed-args.js";
import type { NluCall } from "./types.js";

/**
 * What a classifier reading of the sentence leaves unexplained, so that acting on it would drop
 * part of the request: asked instead (guess.ts). Each shape is a value or a structure:
 * - a length said as an amount the tool has nowhere to put (typed-args.ts);
 * - a clock time said ("if it's 9 pm here", "at 9 my time") to a tool that takes no time of day:
 *   the time is what the request is about (what it is elsewhere then, what happens then), and a
 *   reading of the time now or of a listing answers another question;
 * - the things searched named by their own group's word ("which of my notes …", "which file
 *   mentions …") while the reading is another group's: the sentence says where to look;
 * - a value of the reading that opens on a verb of change and names the reading's own kind of
 *   thing ("change the vet reminder to" as a new reminder's title): the sentence edits one that
 *   exists, and a new one would be a second;
 * - a change to a set thing with nothing said of which one, beside a clause saying something is
 *   sounding now ("turn that alarm off, it's going mad"): the thing ringing is meant, which may
 *   be another tool's (what rings now) rather than the set one's;
 * - a thing named as the verb's object ("pause the morning briefing") to a tool that takes no
 *   value and whose area's own words do not name it: the verb is meant for that thing, which
 *   may be the user's own (a routine called by its name), not the area's;
 * - a look-up of the very things the sentence puts something into ("… to the shopping list").
 */
export function leavesOut(
  catalog: Catalog,
  call: NluCall,
  words: readonly string[],
  /** The sentence as typed: a spelling fix may have made a word of state another word. */
  typed = words.join(" "),
): boolean {
  const { tool } = call;
  return (
    leavesOutLength(catalog, tool, words) ||
    leavesOutClock(catalog, tool, words) ||
    namesOtherThings(catalog, tool, words) ||
    editsOwnThing(catalog, call) ||
    stopsWhatSounds(catalog, call, `${words.join(" ")} ${typed.toLowerCase()}`) ||
    objectNotItsOwn(catalog, call, words) ||
    putsIntoWhatItShows(catalog, call, words) ||
    thingOfSomethingElse(catalog, call, words) ||
    swallowsAFile(catalog, call, words) ||
    changesWhatItShows(catalog, call, words) ||
    leavesOutPosition(catalog, call, words) ||
    namedForAPurpose(catalog, call, words)
  );
}

/**
 * A place in a thing that runs, said as its start with "again" ("again from the very beginning"):
 * a restart. Without "again", "play the podcast from the beginning" is mostly a play.
 */
const FROM_START = /\bagain\b.*\bfrom the (?:very )?(?:start|beginning|top)\b/;
/** A schema argument for a position in what plays ("position … from the start of the track"). */
const POSITION = /\bposition\b/i;

/**
 * A restart said ("play this song again from the very start") to a tool with no argument for
 * one, while a tool of its area takes a position: the request is the jump, which the reading
 * leaves out.
 */
function leavesOutPosition(catalog: Catalog, call: NluCall, words: readonly string[]): boolean {
  if (!FROM_START.test(words.join(" "))) return false;
  const takesPosition = (tool: string) =>
    Object.values(catalog.properties.get(tool) ?? {}).some((p) => POSITION.test(String(p.description ?? "")));
  if (takesPosition(call.tool)) return false;
  const group = catalog.groupOf.get(call.tool);
  return [...catalog.properties.keys()].some((t) => catalog.groupOf.get(t) === group && takesPosition(t));
}

/** A thing named with what it is for and no verb: "timer for the eggs", "a timer for the bread". */
const FOR_A_PURPOSE =
  /^(?:(?:a|an|new|another) )?([a-z]+) for (?:the|my|a|an|some|our) ((?:[a-z-]+ ){0,2}[a-z-]+)$/;

/**
 * A look-up read for one of its things named, in the singular, with what it is for and no verb
 * ("timer for the eggs"): the thing is to be made for that purpose; a listing shows the ones made.
 * A time after "for" ("weather for the weekend") is a span the look-up takes.
 */
function namedForAPurpose(catalog: Catalog, call: NluCall, words: readonly string[]): boolean {
  const m = FOR_A_PURPOSE.exec(words.join(" "));
  if (!m || m[1]!.endsWith("s")) return false;
  const specs = catalog.intentsOf.get(call.tool) ?? [];
  const group = catalog.groupOf.get(call.tool) ?? "";
  if (!specs.some((spec) => spec.lookup) || !ownersOf(catalog, m[1]!).has(group)) return false;
  return !m[2]!.split(" ").some((w) => WHEN_WORD.test(w));
}

/** Verbs that change or remove a thing, said first. */
const CHANGES_FIRST =
  /^(?:(?:please|just|can you|could you|now|ok|okay) )*(?:rename|change|move|edit|scrap|bin|ditch|delete|remove|cancel|clear|kill|drop|stop|switch off|turn off)\b/;

/**
 * A look-up read for a sentence whose verb changes or removes the things ("scrap all the
 * timers", "rename the reminder 'x' to 'y'"): showing them changes nothing, and what was asked
 * was the change.
 */
function changesWhatItShows(catalog: Catalog, call: NluCall, words: readonly string[]): boolean {
  const specs = catalog.intentsOf.get(call.tool) ?? [];
  return specs.some((spec) => spec.lookup) && CHANGES_FIRST.test(words.join(" "));
}

/** A file written as a path or as a name with its extension. */
const FILE_NAMED =
  /(?:~|\.{1,2})?\/[\w./-]+|\b[\w-]+\.(?:pdf|docx?|txt|md|csv|xlsx?|pptx?|odt|rtf|json|html?|png|jpe?g|wav|mp3|mp4)\b/i;

/**
 * A free value that swallowed the whole sentence and holds a file named by its path or its name
 * ("there's a letter called pension.pdf in my Documents, tell me in short what it says" as a
 * search of the indexed documents), to a tool that takes no file: the request is about that
 * file, which the reading has nowhere to put.
 */
function swallowsAFile(catalog: Catalog, call: NluCall, words: readonly string[]): boolean {
  const properties = catalog.properties.get(call.tool) ?? {};
  if (Object.values(properties).some((p) => p["x-path"] !== undefined)) return false;
  return Object.values(call.args).some(
    (value) =>
      typeof value === "string" &&
      value.split(/\s+/).length >= Math.max(6, words.length * 0.8) &&
      FILE_NAMED.test(value),
  );
}

/** Something put somewhere, said last: "… to the shopping list", "… onto my todo list". */
const PUT_INTO =
  /^(?!(?:show|take|go|switch|bring|open|read|get|jump|back)\b)\S+(?: \S+){0,5} (?:to|onto|into) (?:the|my|our) (?:[a-z-]+ ){0,2}([a-z-]+)$/;

/**
 * A look-up of the things a sentence puts something into ("ad bread to the shopping list", its
 * verb misspelt): showing changes nothing, and what was asked was the putting.
 */
function putsIntoWhatItShows(catalog: Catalog, call: NluCall, words: readonly string[]): boolean {
  const specs = catalog.intentsOf.get(call.tool) ?? [];
  const head = PUT_INTO.exec(words.join(" "))?.[1];
  return !!head && specs.some((spec) => spec.lookup?.nouns.test(head) && !spec.lookup.nouns.test(NO_WORD));
}

/**
 * An order whose verb comes first and works on a noun phrase: a determiner, up to two modifiers,
 * a head noun ("pause the morning briefing", "please stop the night watch now").
 */
const OBJECT =
  /^(?:(?:please|just|can you|could you|now) )*(?!(?:how|hows|what|whats|who|where|when|why|which|is|are|was|do|does|did|can|could|will|would|tell|show)\b)[a-z]+ (?:the|my|our|this|that) ((?:[a-z-]+ ){0,2}?[a-z-]+)(?= (?:on|off|up|down|back|again|now|please|for|while|and|so|i|im|its|it|till|until|because|then|in|at|to|when|as|or|but|from|of|with|by|about|a|an|the|is|are|was)\b|$)/;

function objectNotItsOwn(catalog: Catalog, call: NluCall, words: readonly string[]): boolean {
  // A tool with values may hold the thing as one; one that took none from the sentence did not
  if (Object.keys(call.args).length > 0) return false;
  if ((catalog.intentsOf.get(call.tool) ?? []).some((spec) => spec.lookup)) return false;
  // A name of two words or more ("the morning briefing"): one noun alone is likelier the area's
  const phrase = OBJECT.exec(words.join(" "))?.[1]?.split(" ");
  // "the alarm called bins": a name the thing was given, the area's own thing
  if (!phrase || phrase.length < 2 || phrase.some((w) => NAMING.test(w))) return false;
  const group = catalog.groupOf.get(call.tool) ?? "";
  const known = areaWords(catalog, group, phrase);
  // The head of the name is no word of the area's: the thing is the user's own ("the morning
  // briefing"), or another area's, or a thing in the room ("the baby monitor")
  const head = phrase.at(-1) ?? "";
  return !known.has(head) && !ownersOf(catalog, head).has(group);
}

const NAMING = /^(?:called|named|labell?ed|titled|for)$/;

/**
 * The words an area knows: what its tools anchor on (of `probe`), and what its templates and
 * samples say.
 */
function areaWords(catalog: Catalog, group: string, probe: readonly string[]): Set<string> {
  const known = new Set<string>();
  const own = (word: string, re: RegExp | undefined) => !!re && re.test(word) && !re.test(NO_WORD);
  for (const [tool, specs] of catalog.intentsOf) {
    if (catalog.groupOf.get(tool) !== group) continue;
    for (const spec of specs) {
      for (const text of [
        ...(spec.samples ?? []),
        ...(spec.templates ?? []).map((e) => (typeof e === "string" ? e : e.t)),
      ])
        for (const word of text.toLowerCase().split(/[^a-z]+/)) known.add(word);
      for (const word of probe) if (own(word, spec.anchors) || own(word, spec.lookup?.nouns)) known.add(word);
    }
  }
  return known;
}

/** Where a thing is kept or fixed: "the alarm on the fire door", "the list at the surgery". */
const MACHINE = new RegExp(`^(?:${THIS_MACHINE})$`);
const WHERE = new Set(["on", "in", "at", "off", "from"]);
const WHOSE = new Set(["the", "my", "our", "his", "her", "their"]);
/** Words that end the noun phrase after "on the …" (a joint, a time, a clause). */
const ENDS =
  /^(?:on|off|up|down|out|in|into|at|to|for|with|from|by|of|about|and|or|but|so|because|as|now|then|please|a|an|its|it|is|i|we|again|tonight|today|tomorrow|when|while|before|after|until|till|there|here|the|my|our|this|that)$/;
/** A time said after the preposition ("on the 5th", "at the weekend", "in the morning"). */
const WHEN_WORD =
  /\d|^(?:morning|afternoon|evening|night|weekend|week|day|days|hour|minute|moment|end|start|beginning|top|middle|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|way|meantime|future|past|same)s?$/;

/**
 * The reading's own thing said to be on, at or in another thing that its area has no word for
 * ("cancel the alarm on the fire exit door", "add me to the waiting list at the doctors"): that
 * thing's own alarm or list, not one kept here; unless a value of the reading holds the words
 * (a reminder's title, an event's place).
 */
function thingOfSomethingElse(catalog: Catalog, call: NluCall, words: readonly string[]): boolean {
  const group = catalog.groupOf.get(call.tool) ?? "";
  const held = Object.values(call.args)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is string => typeof v === "string")
    .join(" ")
    .toLowerCase();
  for (let i = 1; i + 2 < words.length; i++) {
    if (!WHERE.has(words[i]!) || !WHOSE.has(words[i + 1]!)) continue;
    // The thing itself, just before: one of the area's own things
    const thing = words[i - 1]!;
    if (!ownersOf(catalog, thing).has(group)) continue;
    const phrase: string[] = [];
    for (let j = i + 2; j < words.length && phrase.length < 3 && !ENDS.test(words[j]!); j++)
      phrase.push(words[j]!);
    const head = phrase.at(-1);
    // A time ("on the 5th"), or this computer ("on my laptop"): kept here
    if (!head || phrase.some((w) => WHEN_WORD.test(w)) || MACHINE.test(head)) continue;
    if (held.includes(head)) continue;
    const known = areaWords(catalog, group, phrase);
    // A thing some area keeps ("the next song in the list") is no thing elsewhere
    if (!known.has(head) && ownersOf(catalog, head).size === 0) return true;
  }
  return false;
}

/** Something sounding now, said of the thing or by the person it woke. */
const SOUNDING =
  /\b(?:ringing|beeping|buzzing|blaring|bleeping|going (?:off|mad|crazy|nuts)|(?:i 'm|i'm|im|i am) (?:up|awake))\b/;

function stopsWhatSounds(catalog: Catalog, call: NluCall, said: string): boolean {
  if (Object.keys(call.args).length > 0 || !SOUNDING.test(said)) return false;
  const specs = catalog.intentsOf.get(call.tool) ?? [];
  const properties = catalog.properties.get(call.tool) ?? {};
  // A look-up changes nothing; a tool that takes no value has no set thing to pick
  return !specs.some((spec) => spec.lookup) && Object.keys(properties).length > 0;
}

/** Verbs that change a thing that exists rather than make one. */
const CHANGE =
  /^(?:change|move|rename|update|edit|push|shift|reschedule|postpone|bring forward|bump|bring back)\b/i;

function editsOwnThing(catalog: Catalog, call: NluCall): boolean {
  const group = catalog.groupOf.get(call.tool) ?? "";
  return Object.values(call.args).some(
    (value) =>
      typeof value === "string" &&
      CHANGE.test(value) &&
      value
        .toLowerCase()
        .split(/[^a-z]+/)
        .some((word) => word.length > 2 && ownersOf(catalog, word).has(group)),
  );
}

/** A time of day written with its mark (am/pm, a colon, "o'clock"), or "at N" / "N my time". */
const CLOCK =
  /\b\d{1,2}(?:[:.]\d{2})? (?:in the (?:morning|afternoon|evening)|at night|tonight)\b|\b\d{1,2}(?:[:.]\d{2})? ?(?:am|pm|a\.m\.?|p\.m\.?|o 'clock|o'clock|oclock)(?= |$)|\b\d{1,2}:\d{2}\b|\bat \d{1,2}(?:[:.]\d{2})?(?= |$)|\b\d{1,2}(?:[:.]\d{2})? (?:my time|here|our time|local time|your time)\b/;

function leavesOutClock(catalog: Catalog, tool: string, words: readonly string[]): boolean {
  const properties = catalog.properties.get(tool) ?? {};
  if (Object.keys(properties).some((arg) => kindOf(arg, properties) === "when")) return false;
  return CLOCK.test(words.join(" "));
}

/** "which of my notes …", "which file has …": the noun after "which" names the things searched. */
const WHICH = /\bwhich (?:(?:one )?of (?:my|the|our) )?([a-z-]+)/;
/** A string no tool's own words hold: anchors that match it match anything and name no group. */
const NO_WORD = "qqzx";

/**
 * The groups whose things a noun names: a group named by it ("notes", "file" for "files"), or
 * whose look-up nouns hold it (nouns that match anything name no group).
 */
function ownersOf(catalog: Catalog, noun: string): Set<string> {
  const owners = new Set<string>();
  const singular = noun.replace(/s$/, "");
  for (const group of catalog.groupOf.values())
    if (group === noun || group === `${noun}s` || group.replace(/s$/, "") === singular) owners.add(group);
  // Look-up nouns name things; anchors also hold words of time and manner ("which day")
  const names = (re: RegExp | undefined) => !!re && re.test(noun) && !re.test(NO_WORD);
  for (const [t, specs] of catalog.intentsOf)
    if (specs.some((spec) => names(spec.lookup?.nouns))) owners.add(catalog.groupOf.get(t) ?? "");
  return owners;
}

function namesOtherThings(catalog: Catalog, tool: string, words: readonly string[]): boolean {
  const noun = WHICH.exec(words.join(" "))?.[1];
  if (!noun) return false;
  const owners = ownersOf(catalog, noun);
  return owners.size > 0 && !owners.has(catalog.groupOf.get(tool) ?? "");
}
