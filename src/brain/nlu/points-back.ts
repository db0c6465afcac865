import { addedLike } from "./added.js";
import type { Catalog } from "./catalog.js";
import type { SoftmaxClassifier } from "./classifier.js";
import { declineFor } from "./common/declines.js";
import { NOUN_KINDS } from "./context.js";
import { alsoReading } from "./follow-up-also.js";
import { anotherReading } from "./follow-up-another.js";
import { carriedOver } from "./follow-up-carry.js";
import { listedMoved } from "./follow-up-listed.js";
import { takenBack } from "./follow-up-made.js";
import {
  actionCall,
  anotherCall,
  kindsOf,
  objectCall,
  quotedCall,
  siblingCall,
} from "./follow-up-sibling.js";
import type { GuessInput } from "./language/types.js";
import { namedBack } from "./named-back.js";
import { NEAR_CONFIDENCE } from "./near-miss.js";
import { CONFIDENCE, OUT_OF_SCOPE } from "./parse-rules.js";
import { adds, callsOf, carriesNamed, sameArgs } from "./points-back-calls.js";
import { guessedTool } from "./slot-filling.js";
import { TimeZones } from "./slots/index.js";
import { tokenize } from "./text/normalize.js";
import type { NluCall, NluContext, NluResult, PendingCall } from "./types.js";

// Window refs are marked before the parser reads (window-refs.ts); the parser reaches them here
export { markWindowRefs } from "./window-refs.js";

/** What the parser lends: a reading of other words, and the question for missing values. */
export interface Rereader {
  parse(text: string, context: NluContext): NluResult;
  ask(input: string, call: NluCall, missing: string[], confidence: number): NluResult;
}

/**
 * A request that points back at the last call ("press it" after finding a button, "clear it"
 * after reading a list, "text him" after looking someone up, "the first one's done" after a
 * listing): the words name what to do, the last call names what to do it to. The tool is the
 * classifier's likeliest of the last call's own area; the values the last call named carry over
 * where the tool takes a value of the same name, and what the words say overrides them. It is
 * never an action on its own: a complete call is asked ("Press Save?"), an incomplete one asks
 * for what is missing ("Which reminder?"). The engine names no tool: the area, the argument
 * names and the tools' own `partial` say everything (docs/decisions/0036).
 */
interface PointedBack {
  call: NluCall;
  missing: string[];
}

/** Words that point at something already shown or done. */
const POINTER =
  /\b(?:it|that|this|them|those|these|him|her|one|ones|(?:first|second|third|fourth|fifth|last|other)(?: one)?)\b/;

export const BACK = {
  /** The tool's own probability when its words are not said: below it the area is a guess. */
  label: 0.2,
  /** With the tool's own words said, it need only be in the running. */
  anchored: 0.02,
  /** A reading of the words alone this sure stands (the default fast-path bar). */
  stands: 0.9,
} as const;

function pointBack(
  catalog: Catalog,
  classifier: SoftmaxClassifier,
  input: GuessInput,
  last: NluCall,
): PointedBack | undefined {
  const said = input.words.join(" ");
  if (!POINTER.test(said) || OUT_OF_SCOPE.test(said) || declineFor(said)) return undefined;
  const group = catalog.groupOf.get(last.tool);
  if (!group) return undefined;
  const ranked = classifier.classify(input.words).ranked;
  for (const { label, probability } of ranked) {
    if (catalog.groupOf.get(label) !== group) continue;
    if (probability < BACK.anchored) break;
    const tool = guessedTool(catalog, label);
    const specs = catalog.intentsOf.get(tool) ?? [];
    if (specs.some((spec) => spec.vetoes?.test(said))) continue;
    const anchored = specs.some((spec) => spec.anchors?.test(said));
    if (!anchored && probability < BACK.label) continue;
    const properties = catalog.properties.get(tool) ?? {};
    const args: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(last.args))
      if (name in properties && value !== undefined) args[name] = value;
    for (const spec of specs) Object.assign(args, spec.partial?.(input) ?? {});
    const missing = (catalog.required.get(tool) ?? []).filter((name) => args[name] === undefined);
    return { call: { tool, args }, missing };
  }
  return undefined;
}

/** A pointer at the thing just shown or done, with no noun saying what it is. */
const BARE = new Set(["it", "its", "that", "this"]);

/** A correction's lead-in: "no", "actually", "sorry", "nope, wait". */
const CORRECTION_LEAD = /^\s*(?:(?:no|nope|nah|actually|sorry|oops|wait|hmm|oh)\b[\s,.!–—-]*)+/i;

/** "the rice one", "that gym one": a label said before "one". */
const LABEL_ONE = /\b(?:the|that|this) ([\p{L}\d'-]+) one\b/iu;
const ORDINAL_WORD =
  /^(?:first|second|third|fourth|fifth|sixth|last|next|other|same|new|old|top|bottom|latest|\d+(?:st|nd|rd|th)?)$/;

/** A correction's closing: "instead", "rather". */
const CORRECTION_CLOSE = /[\s,]+(?:instead|rather)[\s.!?]*$/i;

/** "the first one", "the second of them", "number 3": one of a listing, by its place. */
const PICKS_ONE =
  /\b(?:the|that) (?:first|second|third|fourth|fifth|sixth|last|top|bottom|\d{1,2}(?:st|nd|rd|th)) (?:one|ones|of (?:them|those|these))\b|\bnumber \d{1,2}\b/;
/** What the readers of a call said again need: the catalog, a reading of other words, the clock. */
export interface AgainDeps {
  catalog: Catalog;
  parser: Rereader;
  zones: TimeZones;
}

/** Both readings of words that point back, as the parser uses them (docs/decisions/0036). */
export class PointsBack {
  private readonly zones = new TimeZones();

  constructor(
    private readonly catalog: Catalog,
    private readonly classifier: SoftmaxClassifier,
    private readonly parser: Rereader,
  ) {}

  /**
   * A reading of the words alone stands when sure, or in the last call's own area. Words that
   * pick one of what was listed ("stop the second one" after the routines were listed) mean the
   * listing's things, so there they are read in the listing's area first however sure the other
   * reading is.
   */
  stands(reading: NluResult, context: NluContext, said: string): boolean {
    if (reading.kind !== "action") return false;
    if (!context.lastCall || this.inArea(reading, context.lastCall)) return true;
    return reading.confidence >= BACK.stands && !PICKS_ONE.test(said);
  }

  /**
   * A reading outside the last call's area that did not stand and found nothing there to point
   * at: when it was sure, only picking one of a listing held it back, so it is asked, not acted on.
   */
  unsure(reading: NluResult, context: NluContext): NluResult {
    if (reading.kind !== "action" || reading.confidence < BACK.stands || !context.lastCall) return reading;
    return { ...reading, confidence: NEAR_CONFIDENCE };
  }

  /** The classifier's likeliest tool of the last call's area, its values carried over; asked. */
  pointed(input: GuessInput, context: NluContext): NluResult | undefined {
    if (!context.lastCall || context.pending) return undefined;
    const back = pointBack(this.catalog, this.classifier, input, context.lastCall);
    if (!back) return undefined;
    const result = this.parser.ask(input.env.text, back.call, back.missing, NEAR_CONFIDENCE);
    return {
      ...result,
      evidence: { via: "back", p: NEAR_CONFIDENCE, margin: 0, coverage: 1, anchored: true },
    };
  }

  /**
   * A reading outside the last call's area, of words that point back ("press it" after finding
   * a button): read again with the pointer replaced by what the last call's tool says it showed.
   * What that finds in the same area is asked, never acted on.
   */
  named(input: string, read: NluResult, context: NluContext): NluResult | undefined {
    const more = anotherReading(this.deps(), input, read, context);
    if (more) return more;
    const found =
      this.namedAgain(input, read, context) ??
      this.corrected(input, read, context) ??
      this.listed(input, read, context) ??
      this.sibling(input, read, context) ??
      alsoReading(this.deps(), input, read, context);
    const named = this.labelled(input, found ?? read, context) ?? found;
    // "and the forecast" after the weather in Paris: what the new tool leaves out, the last call said
    const carried = context.lastCall && carriedOver(named ?? read, context.lastCall, this.catalog, input);
    const again =
      carried && this.parser.ask(input, carried.call, carried.missing, (named ?? read).confidence);
    return again
      ? { ...again, ...((named ?? read).evidence ? { evidence: (named ?? read).evidence } : {}) }
      : named;
  }

  /**
   * "stop the rice one" after the timers were listed: a reading of the last call's area that
   * leaves its one naming value empty takes the label said before "one".
   */
  private labelled(input: string, read: NluResult, context: NluContext): NluResult | undefined {
    const last = context.lastCall;
    if (!last || context.pending || read.kind !== "action" || !read.tool || !this.inArea(read, last))
      return undefined;
    const label = LABEL_ONE.exec(input)?.[1]?.toLowerCase();
    if (!label || ORDINAL_WORD.test(label)) return undefined;
    const properties = this.catalog.properties.get(read.tool) ?? {};
    const naming = Object.keys(properties).filter(
      (name) => properties[name]?.type === "string" && /^(?:label|title|name)$/.test(name),
    );
    const name = naming[0];
    if (naming.length !== 1 || !name || read.args?.[name] !== undefined) return undefined;
    const call = { tool: read.tool, args: { ...read.args, [name]: label } };
    if (!read.missing?.length) return { ...read, args: call.args };
    // A question only for that value is answered by it
    const missing = read.missing.filter((arg) => arg !== name);
    return missing.length === 0
      ? { ...this.parser.ask(input, call, [], read.confidence), evidence: read.evidence }
      : undefined;
  }

  /** One of a listing's things named with a new moment (follow-up-listed.ts), over a reading not sure elsewhere: asked. */
  private listed(input: string, read: NluResult, context: NluContext): NluResult | undefined {
    const last = context.lastCall;
    if (!last || context.pending) return undefined;
    if (read.kind === "action" && (read.confidence >= BACK.stands || this.inArea(read, last)))
      return undefined;
    const found = listedMoved(input, last, context, this.zones, this.catalog);
    return found ? this.asked(input, found) : undefined;
  }

  /**
   * "no, go back", "sorry, just turn it off": a correction's lead-in said before a request
   * that was read as a bare "no" or not at all. The rest is read again after the same call:
   * of the last call's area it stands as read; sure but of another area, it is asked.
   */
  private corrected(input: string, read: NluResult, context: NluContext): NluResult | undefined {
    const last = context.lastCall;
    if (!last || context.pending || this.holds(read, last)) return undefined;
    const lead = CORRECTION_LEAD.exec(input);
    // "no, open the site instead": the closing that corrects goes with the lead
    const rest = lead ? input.slice(lead[0].length).replace(CORRECTION_CLOSE, "").trim() : "";
    if (!rest) return undefined;
    const again = this.parser.parse(rest, context);
    if (again.kind === "action" && this.inArea(again, last)) return { ...again, text: input };
    // Another area's request after a correction ("no, go back" after the next song): the last
    // call's sibling that opens with those words, else that request when sure; asked either way
    const sibling = siblingCall(
      tokenize(rest).map((t) => t.w),
      last,
      this.catalog,
      false,
    );
    if (sibling) return this.asked(input, sibling);
    if (again.kind !== "action" || again.confidence < BACK.stands) return undefined;
    return { ...again, text: input, confidence: Math.min(again.confidence, NEAR_CONFIDENCE) };
  }

  /**
   * "forget that" after a remember, "send it" after a draft: a verb on what was just done, read
   * among the last call's siblings (follow-up-sibling.ts). A change of tool: always asked.
   */
  private sibling(input: string, read: NluResult, context: NluContext): NluResult | undefined {
    if (!context.lastCall && context.pending) return this.pendingSibling(input, read, context.pending);
    const last = context.lastCall;
    if (!last || context.pending) return undefined;
    const tokens = tokenize(input);
    // A question for the very value the words name after a listing ("take off the oat milk":
    // which item?) is answered by them
    const object = objectCall(tokens, input, last, this.catalog);
    // "reply: thanks, received" after a mail was found: the sibling with the words it passes on,
    // over a reading that had to ask or was unsure
    const quoted = quotedCall(input, last, this.catalog);
    const weak = read.kind !== "action" || !!read.missing?.length || read.confidence < BACK.stands;
    const has = (name: string) => read.tool === quoted?.call.tool && read.args?.[name] !== undefined;
    if (quoted && weak && !Object.keys(quoted.call.args).every(has)) return this.asked(input, quoted);
    if (this.holds(read, last)) {
      if (object && read.missing?.length && read.tool === object.call.tool && object.missing.length === 0)
        return this.asked(input, object);
      // "cross off the milk" after a list was read, taken by another area's free-text template
      // ("cross off" a reminder): the listing's own sibling that opens with that verb and takes
      // the thing is what the words point at; asked, never acted on
      const loose = !read.evidence && read.confidence < CONFIDENCE.template && !this.inArea(read, last);
      if (object && loose && object.missing.length === 0) return this.asked(input, object);
      // Another area's question for what the words point at ("summarise that thread" after a
      // mail search was asked as a document's): the sibling, when the thing named is of a kind
      // only the sibling takes
      if (!read.missing?.length || !read.tool || this.inArea(read, last)) return undefined;
      const words = tokens.map((t) => t.w);
      const found = siblingCall(words, last, this.catalog);
      const named = (tool: string) => words.some((w) => kindsOf(this.catalog, tool).has(NOUN_KINDS[w] ?? ""));
      // …or when nothing is named at all, only pointed at ("read it to me" after a mail search)
      const bare = !words.some((w) => NOUN_KINDS[w]) && words.some((w) => BARE.has(w));
      return found && ((named(found.call.tool) && !named(read.tool)) || bare)
        ? this.asked(input, found)
        : undefined;
    }
    const words = tokens.map((t) => t.w);
    const again =
      siblingCall(words, last, this.catalog) ??
      takenBack(words, last, this.catalog) ??
      object ??
      actionCall(words, last, this.catalog) ??
      anotherCall(words, last, this.catalog);
    return again ? this.asked(input, again) : undefined;
  }

  /**
   * "send it" while a draft's missing value is being asked for: the verb on the call being
   * built, read among its siblings like one after a call made. Not an answer, a cancel or a
   * "no" (those speak to the question), and only ever asked.
   */
  private pendingSibling(input: string, read: NluResult, pending: PendingCall): NluResult | undefined {
    if (read.kind === "action" || (read.kind === "dialog" && read.dialog !== "yes")) return undefined;
    const found = siblingCall(
      tokenize(input).map((t) => t.w),
      { tool: pending.tool, args: pending.args },
      this.catalog,
    );
    return found ? this.asked(input, found) : undefined;
  }

  private asked(input: string, found: { call: NluCall; missing: string[] }): NluResult {
    const result = this.parser.ask(input, found.call, found.missing, NEAR_CONFIDENCE);
    return {
      ...result,
      evidence: { via: "back", p: NEAR_CONFIDENCE, margin: 0, coverage: 1, anchored: true },
    };
  }

  /**
   * A reading that stands over any follow-up: sure, an action of the last call's area, or a
   * question for a missing value ("open the second one" after a search asks which page).
   */
  private holds(read: NluResult, last: NluCall): boolean {
    return (
      read.kind === "action" &&
      (read.confidence >= BACK.stands || this.inArea(read, last) || !!read.missing?.length)
    );
  }

  private namedAgain(input: string, read: NluResult, context: NluContext): NluResult | undefined {
    const last = context.lastCall;
    if (!last || context.pending) return undefined;
    // "and also to book the room" after a reminder: one more of the same, when nothing surer was read
    // …but a question the follow-up reader put for a sibling that changes the thing made (which
    // one to change) is no addition ("and put the address as …" is no second event)
    const sibling =
      read.kind === "action" &&
      !!read.missing?.length &&
      read.tool !== last.tool &&
      !this.catalog.readsOnly.has(read.tool ?? "") &&
      this.catalog.groupOf.get(read.tool ?? "") === this.catalog.groupOf.get(last.tool);
    const unsure = (read.kind !== "action" || read.confidence < BACK.stands) && !sibling;
    const added = unsure ? addedLike(input, last, this.catalog) : undefined;
    if (added) return this.parser.ask(input, added, [], CONFIDENCE.reference);
    // The area's likeliest tool with carried values (`pointed`) is only a stand-in for this
    const carried = read.evidence?.via === "back";
    if (read.kind === "action" && !carried && (read.confidence >= BACK.stands || read.missing?.length))
      return undefined;
    const text = namedBack(this.catalog, input, last);
    if (!text) return undefined;
    const { lastCall: _, ...rest } = context;
    const again = this.parser.parse(text, rest);
    if (again.kind !== "action") return undefined;
    // A question already put stays, unless naming the thing only added to it ("put it on the
    // right half" after opening an app: which window, too)
    if (read.kind === "action" && !carried) {
      if (!adds(callsOf(read), callsOf(again))) return undefined;
    } else if (!this.inArea(again, last) && !callsOf(again).every((c) => carriesNamed(c, last, text))) {
      // Named back, the words still speak of the last call's area ("press the Save button"
      // after finding it in a window is no web page's button), or of the very thing it acted on
      // ("put it on the right" after opening the file manager: its window)
      return undefined;
    }
    // The very call just made again ("the first reminder's done" read as the listing) says nothing new
    const calls = callsOf(again);
    if (calls.length === 1 && calls[0]!.tool === last.tool && sameArgs(calls[0]!.args, last.args))
      return undefined;
    // Named back, the words read as sure as a request said in full ("clear it" after the shopping
    // list is "clear the shopping list"), complete and of the last call's own area: that is what
    // the person asked, and it acts like any other follow-up. Anything less stays a question.
    // …or of another area but about the very thing the last call acted on, named back by the
    // value it carried ("put it on the right half" after opening the editor: the editor's window)
    const sure =
      again.confidence >= CONFIDENCE.template &&
      !again.missing?.length &&
      calls.length === 1 &&
      (this.inArea(again, last) || carriesNamed(calls[0]!, last, text));
    return {
      ...again,
      text: input,
      confidence: sure
        ? Math.min(again.confidence, CONFIDENCE.reference)
        : Math.min(again.confidence, NEAR_CONFIDENCE),
      evidence: { via: "back", p: again.confidence, margin: 0, coverage: 1, anchored: true },
    };
  }

  private deps(): AgainDeps {
    return { catalog: this.catalog, parser: this.parser, zones: this.zones };
  }

  private inArea(result: NluResult, last: NluCall): boolean {
    const area = this.catalog.groupOf.get(last.tool);
    return callsOf(result).every((call) => this.catalog.groupOf.get(call.tool) === area);
  }
}
