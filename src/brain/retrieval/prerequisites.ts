import { sendsNamedFile } from "./attachments.js";
import { lookupsOf } from "./companions.js";
import { namesByRinging, RINGING_LIST } from "./ringing.js";
import { wordsOf } from "./terms.js";
import type { CatalogTool, RankedTool } from "./tool-index.js";
import { worldFact } from "./world-facts.js";

/**
 * How close to the step that needs it a prerequisite is placed: its score is raised to this
 * share of that step's tool (just under it, so the step itself keeps its place).
 */
export const PREREQUISITE_SHARE = 0.95;

/** How many of the ranking's first tools are read as the request's leading steps… */
const LEAD = 3;
/** …each scoring at least this share of the best (a step the request clearly has). */
const LEAD_SHARE = 0.9;

/** A written path or file name: the file is named by where it lies, no finder is needed. */
const WRITTEN_PATH = /[~/\\]|\b[\w-]+\.[a-z0-9]{2,4}\b|#[fd]\d/i;

/** "my <word>": the word that may be a role ("my accountant", "my landlord"). */
const MY_WORD = /\b(?:(in|into|on|onto|from|at|of|off|with|about|under|through)\s+)?my\s+([a-z][a-z-]+)/gi;

/**
 * Delivery to a named person or to whoever holds a role: "…to Rosa", "get it over to Ruud",
 * "to whoever", "let Ashley know". The name is capitalised mid-sentence; day and month names
 * are dates, not people.
 */
const TO_NAME = /\b(?:to|for|tell|let)\s+(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?([A-Z][a-z]+)\b|\bto\s+whoever\b/g;
const CALENDAR_NAMES =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|today|tomorrow|tonight)$/i;
/** "from Thursday to Friday", "from Lisbon to Porto": a move or a route, not a delivery. */
const FROM_TO = /\bfrom\s+\S+(?:\s+\S+)?\s+to\s+[A-Z]/;

/**
 * Output spoken to the person: an imperative "say"/"speak"/"announce"/"shout" (at the start of a
 * step, or after "and/then/just/please"), "say me", "speak to me", "out loud", "aloud". Not
 * "what does it say" (a question about content), not "say hi/sorry/thanks" (words for someone
 * else), and not "read it out", which the team's writers read as reading, not as speech.
 */
const SPOKEN =
  /(?:^|[,.;:!?-]\s*|\b(?:and|then|just|please|now|so)\s+)(?:say|speak|announce|shout)\b(?!\s+(?:hi|hello|goodnight|sorry|thanks|thank)\b)|\bspeak\s+to\s+me\b|\bsay\s+me\b|\bout\s+loud\b|\baloud\b/i;

/**
 * An entry headed by the record it belongs to: "<a short name>: <what to keep>" at the start of
 * the request ("car list: …", "ride log: …", "placement diary: …"). Writers use the heading as
 * the record's name and leave the verb out; the heading is one to four words, not a question,
 * and the colon is followed by text (not "https://", not a time such as "14:05").
 */
const HEADED_ENTRY =
  /^\s*(?!(?:what|when|where|who|why|how|which|is|are|do|does|can|could)\b)[a-z][\w'’-]*(?:\s+[\w'’-]+){0,3}\s*:\s+\S/i;

/**
 * A standing step timed from the calendar: "<a span> before any / anything / each / every …"
 * ("ten minutes before any hearing", "a day before each concert"). "each/every/any" makes it a
 * rule for every such event, not a one-off reminder before one.
 */
const BEFORE_EACH_EVENT =
  /\b(?:\d+|an?|half\s+an|one|two|three|five|ten|fifteen|twenty|thirty)\s*(?:min(?:ute)?s?|hours?|hrs?|days?|weeks?)\s+before\s+(?:any|anything|each|every|all)\b/i;

/**
 * A message someone else wrote, named by its writer rather than by the word "mail": a past verb
 * of writing or sending after a third party ("Harlow sent notes", "the paper mill man wrote",
 * "what he suggested"), "did <someone> write/send/email/reply/suggest", or "the message/one/letter
 * from <someone>". The writer is anyone but the person and the assistant (I, we, you).
 */
const WROTE = /\b(sent|wrote|emailed|mailed|messaged|replied|suggested|forwarded)\b/gi;
const DID_WRITE =
  /\bdid\s+(?!(?:i|we|you)\b)(?:[\w'’-]+\s+){1,3}(?:send|write|email|mail|message|reply|suggest|forward)\b/i;
const MESSAGE_FROM =
  /\b(?:message|mail|email|reply|letter|one)\s+from\s+(?:the\s+|my\s+|our\s+|an?\s+)?(?!(?:today|yesterday|tonight|this|last|earlier|before|now|then|there|here|it|me|you)\b)([a-z][\w'’-]*)/i;
/**
 * What was sent is kept as a file ("the school sent term dates as an ics, it's in Downloads"), or
 * the question is who wrote a thing (a line, a song): no message to find.
 */
const KEPT_AS_FILE =
  /\b(?:files?|downloads|desktop|documents|folder|saved|pdf|ics|script)\b|\bwho\s+wrote\b/i;
/** Who cannot be the writer of a message the person received: the person, the assistant. */
const SELF = /^(?:i|i've|i'd|we|we've|we'd|you|you've|me|us)$/i;

/**
 * The person's own documents, named by what kind of document they are rather than by "my
 * documents": "what does the install guide say", "in my regs books", "according to our own
 * protocols", "what's our sharps procedure", "the PDFs I gave you", "what have I read about".
 * A kind of document (a manual, a policy, an agreement, a paper) is something kept and read, not
 * one of the catalog's own records (notes, lists, the calendar), which have their own tools.
 */
const DOCUMENT_KIND =
  "(?:books?|guides?|manuals?|booklets?|agreements?|contracts?|leases?|polic(?:y|ies)|procedures?|protocols?|papers|pdfs|handbooks?|reports|leaflets?|library|reading|readings|guidance|regs|regulations|specs|instructions|certificates?)";
const DOCUMENT_SAYS =
  /\b(?:does|do|did)\s+(?:the|my|our)\s+(?:[\w'’.-]+\s+){0,3}(?:say|state|mention|recommend|cover)\b/i;
/** Another source the words could come from: a page, a mail, the screen, a recording. */
const OTHER_SOURCE =
  /https?:|\b(?:e?mail|email|page|site|website|screen|video|voicemail|recording|online|web|skill)\b|[~/\\]|\b[\w-]+\.[a-z0-9]{2,4}\b/i;
const OWN_DOCUMENTS = new RegExp(
  [
    `\\b(?:according\\s+to|in|from|by)\\s+(?:my|our)\\s+(?:own\\s+)?(?:[\\w'’-]+\\s+){0,2}${DOCUMENT_KIND}\\b`,
    `\\b(?:what's|what’s|whats|what\\s+is|what\\s+are)\\s+our\\s+(?:[\\w'’-]+\\s+){0,3}${DOCUMENT_KIND}\\b`,
    "\\b(?:pdfs?|documents|papers|files)\\s+(?:i|we)\\s+(?:gave|sent|handed|added)\\s+you\\b",
    "\\b(?:have|did)\\s+i\\s+read\\s+about\\b",
  ].join("|"),
  "i",
);

/**
 * Something the person wrote down themselves, asked after by the act of writing it ("what did I
 * write about the ride", "did I jot down the code", "I noted the dates somewhere", "I told you to
 * write something"): it is in the records the person keeps, found by their words. Not "logged in"
 * (an account), not "where did I put/save" (a file).
 */
const SELF_WRITTEN =
  /\b(?:did|have|had)\s+i\s+(?:ever\s+)?(?:write|written|note|noted|jot|jotted|log|logged)\b(?!\s+(?:in|on|into)\s+as\b)|\bi\s+(?:wrote|jotted|noted)\b|\btold\s+you\s+to\s+(?:write|note|jot)\b/i;

/**
 * Something put in front of the person on their devices, with no word for a notification tool:
 * "ping me", "send that to my phone", "flash it up on my laptop", "pop it up", "a desktop
 * notification", "notify me".
 */
const TO_DEVICES =
  /\bping\s+me\b|\b(?:send|flash|pop|put|push|show|throw|stick|get)\b(?:\s+[\w'’-]+){0,4}\s+(?:to|on|onto)\s+my\s+(?:phone|mobile|laptop)s?\b|\b(?:flash|pop)\s+(?:[\w'’-]+\s+){0,4}up\b|\bnotification\b|\bnotify\s+me\b/i;

/**
 * A program to be run apart from the person's machine: "a little script is fine", "with no
 * internet", "in isolation", "test my check.py". The isolated runner takes it, not the shell.
 */
const RUN_APART =
  /\b(?:a|little|small|quick|short)\s+script\b|\b(?:no|without(?:\s+the)?|any)\s+(?:internet|network|net)\b|\bin\s+isolation\b|\bisolated\b|\b(?:test|try|run)\s+(?:my\s+|the\s+|this\s+|that\s+)?[\w-]+\.(?:py|sh|js|rb|pl)\b/i;

/**
 * A how-to question ("how do I pair…", "…? how do you tell them apart"): the answer is
 * instructions written for everyone, found on the web, whatever the device or thing it is about.
 */
const HOW_TO =
  /(?:^|[.?!,;:—-]\s*)(?:so\s+|and\s+)?(?:how\s+do\s+(?:i|you|we|people)|how\s+can\s+i|how\s+(?:would|should)\s+i)\b(?!\s+(?:get\s+to|say)\b)/i;

/**
 * Steps a request needs without naming them, read from the catalog's own schemas and
 * descriptions (decision 0048):
 * - a file the leading step reads, named by what it is, not where it lies ("transcribe the voice
 *   memo"), is found first: the tools that hand out file handles;
 * - a person named by role ("call my accountant") is looked up in memory first when the leading
 *   step reaches a person: the tool whose description answers "who is my …";
 * - something to be delivered to a named person with no verb of sending ("the minutes to Rosa")
 *   needs the person's address and a way to send: the contact look-up and the send tool;
 * - an answer to be spoken ("just say it", "speak to me") needs the tool that tells the person
 *   on every surface, voice included: the tool whose description names the voice as a surface;
 * - an entry headed by a record's name ("car list: …") is kept in that record: the tools that
 *   add to a named record (a record-name parameter, `title` or `list`, beside the text or items);
 * - a step timed before each calendar event of a kind needs the tool with a trigger parameter
 *   timed before a calendar event.
 */
export class Prerequisites {
  /** Tools whose own path parameter is a file they read (`x-path: read`). */
  private readonly fileReaders = new Set<string>();
  /** Tools that hand out file handles, and their group's search. */
  private readonly fileFinders: string[] = [];
  /** Tools that reach a person (one of their lookups returns contact handles). */
  private readonly personReachers = new Set<string>();
  /** Tools that send to a recipient (a required `to`), with the look-ups they take. */
  private readonly senders: string[] = [];
  private readonly senderLookups = new Map<string, string[]>();
  /** The tool that answers who a role is ("who is my boss?"). */
  private readonly roleAnswer: string | undefined;
  /** The tool that tells the person something aloud (its description names the voice, it takes a message). */
  private readonly speaker: string | undefined;
  /** The tools that add text or items to a record named by a parameter (a note's title, a list). */
  private readonly recordKeepers: string[] = [];
  /** The tool that runs a step before each calendar event (a parameter timed before an event). */
  private readonly eventTrigger: string | undefined;
  /** The tool that lists what is ringing or was missed (its description begins so). */
  private readonly ringingList: string | undefined;
  /** The tool that searches the web (its description says so). */
  private readonly webSearch: string | undefined;
  /** The tool of the same group its description says opens a result (the page read after the search). */
  private readonly pageReader: string | undefined;
  /** The tool that runs a program isolated from the machine (its description says so; it takes a command). */
  private readonly isolatedRunner: string | undefined;
  /** The tools that show or tell the person something now on a surface (a notification, a voice). */
  private readonly notifiers: string[] = [];
  /** The search over the records that keep free text under a title (the notes' search). */
  private readonly recordSearch: string | undefined;
  /** The tool that searches the person's own documents (its description says so). */
  private readonly documentSearch: string | undefined;
  /** The tool that finds received messages by their sender (a `from` parameter, "by sender"). */
  private readonly senderSearch: string | undefined;
  /** The tools that act on what that search hands out (its group's tools that take it as a lookup). */
  private readonly messageReaders: string[] = [];

  constructor(
    catalog: readonly CatalogTool[],
    /** Whether the catalog knows the word (a thing its tools name, not a person). */
    private readonly known: (word: string) => boolean,
  ) {
    const lookups = lookupsOf(catalog);
    const handles = (kinds: string) =>
      catalog.filter((t) =>
        new RegExp(`#[${kinds}]\\b.*handles|handles.*#[${kinds}]\\b|#[${kinds}]\\d`).test(t.description),
      );
    const fileProducers = new Set(handles("f").map((t) => t.name));
    const fileGroups = new Set(catalog.filter((t) => fileProducers.has(t.name)).map((t) => t.group));
    for (const tool of catalog) {
      if (fileProducers.has(tool.name) || (fileGroups.has(tool.group) && /_search$/.test(tool.name)))
        this.fileFinders.push(tool.name);
    }
    // People: the tools handing out contact or phone handles (an address alone comes from mail too)
    const people = new Set(handles("cp").map((t) => t.name));
    for (const tool of catalog) {
      const props = (tool.parameters?.properties ?? {}) as Record<string, Record<string, unknown>>;
      if (props.path?.["x-path"] === "read" && !this.fileFinders.includes(tool.name))
        this.fileReaders.add(tool.name);
      const own = [...(lookups.get(tool.name) ?? [])];
      if (own.some((name) => people.has(name)) || people.has(tool.name)) this.personReachers.add(tool.name);
      const required = (tool.parameters?.required as string[] | undefined) ?? [];
      const named = Object.hasOwn(props, "title") || Object.hasOwn(props, "list");
      if (named && (Object.hasOwn(props, "text") || Object.hasOwn(props, "items")) && /_add$/.test(tool.name))
        this.recordKeepers.push(tool.name);
      if (required.includes("to") && /\bsend/i.test(tool.description)) {
        this.senders.push(tool.name);
        this.senderLookups.set(
          tool.name,
          own.filter((name) => people.has(name)),
        );
      }
    }
    this.roleAnswer = catalog.find((t) => /\bwho is my\b/i.test(t.description))?.name;
    this.eventTrigger = catalog.find((t) =>
      Object.values((t.parameters?.properties ?? {}) as Record<string, { description?: unknown }>).some(
        (p) => typeof p.description === "string" && /\bbefore an? (?:calendar )?event\b/i.test(p.description),
      ),
    )?.name;
    this.ringingList = catalog.find((t) => RINGING_LIST.test(t.description))?.name;
    const web = catalog.find((t) => /^search the web\b/i.test(t.description));
    this.webSearch = web?.name;
    this.pageReader = catalog.find(
      (t) => t.group === web?.group && t !== web && web.description.includes(t.name),
    )?.name;
    this.isolatedRunner = catalog.find(
      (t) =>
        /\bisolated\b/i.test(t.description) &&
        Object.hasOwn((t.parameters?.properties ?? {}) as object, "command"),
    )?.name;
    for (const tool of catalog)
      if (
        /^(?:show|tell)\b/i.test(tool.description) &&
        /\bnotification\b|\bsurface\b/i.test(tool.description)
      )
        this.notifiers.push(tool.name);
    const textKeeper = catalog.find(
      (t) =>
        this.recordKeepers.includes(t.name) &&
        Object.hasOwn((t.parameters?.properties ?? {}) as object, "text"),
    );
    this.recordSearch = catalog.find((t) => t.group === textKeeper?.group && /_search$/.test(t.name))?.name;
    this.documentSearch = catalog.find(
      (t) => /_search$/.test(t.name) && /\bown documents\b/i.test(t.description),
    )?.name;
    const bySender = catalog.find(
      (t) =>
        Object.hasOwn((t.parameters?.properties ?? {}) as object, "from") &&
        /\bby sender\b/i.test(t.description),
    );
    this.senderSearch = bySender?.name;
    if (bySender)
      for (const tool of catalog)
        if (tool.group === bySender.group && lookups.get(tool.name)?.has(bySender.name))
          this.messageReaders.push(tool.name);
    this.speaker = catalog.find(
      (t) =>
        /\bvoice\b/i.test(t.description) &&
        Object.hasOwn((t.parameters?.properties ?? {}) as object, "message"),
    )?.name;
  }

  /**
   * The prerequisites the request's shapes call for, each with the score it is raised to (just
   * under the leading step that needs it). `ranked` is the ranking so far, best first.
   */
  floors(text: string, ranked: readonly RankedTool[]): Map<string, number> {
    const floors = new Map<string, number>();
    const raise = (name: string | undefined, to: number) => {
      if (name) floors.set(name, Math.max(floors.get(name) ?? 0, to * PREREQUISITE_SHARE));
    };
    const head = ranked.filter((t) => t.group !== "agent");
    const top = head[0]?.score ?? 0;
    const lead = head.slice(0, LEAD).filter((t) => t.score >= LEAD_SHARE * top);
    if (top <= 0) return floors;
    const rankOf = new Map(ranked.map((t, i) => [t.name, i]));
    const best = (names: readonly string[]) =>
      [...names].sort((a, b) => (rankOf.get(a) ?? 1e9) - (rankOf.get(b) ?? 1e9))[0];
    const reader = lead.find((t) => this.fileReaders.has(t.name));
    // A file named by what it is is found by its words: the search before the listing
    const search = this.fileFinders.filter((name) => /_search$/.test(name));
    if (reader && !WRITTEN_PATH.test(text))
      raise(best(search.length > 0 ? search : this.fileFinders), reader.score);
    // A file to attach named by its kind ("email Kemal the June invoice"): found by its words (attachments.ts)
    if (sendsNamedFile(text)) raise(best(search.length > 0 ? search : this.fileFinders), top);
    const reacher = lead.find((t) => this.personReachers.has(t.name));
    if (reacher && this.roleAnswer && this.namesRole(text)) raise(this.roleAnswer, reacher.score);
    if (!reacher && this.deliversToName(text)) {
      const sender = best(this.senders);
      raise(sender, top);
      raise(best(this.senderLookups.get(sender ?? "") ?? []), top);
    }
    if (this.speaker && SPOKEN.test(text)) raise(this.speaker, top);
    if (this.eventTrigger && BEFORE_EACH_EVENT.test(text)) raise(this.eventTrigger, top);
    if (this.senderSearch && writtenByOther(text, this.known)) {
      raise(this.senderSearch, top);
      raise(best(this.messageReaders), top);
    }
    if (this.recordSearch && SELF_WRITTEN.test(text) && !WRITTEN_PATH.test(text))
      raise(this.recordSearch, top);
    if (this.webSearch && HOW_TO.test(text) && !OWN_DOCUMENTS.test(text)) {
      raise(this.webSearch, top);
      raise(this.pageReader, top);
    }
    // A fact of the day no local tool holds: the search and the page it finds (world-facts.ts)
    const fact = this.webSearch ? worldFact(text) : undefined;
    if (fact) raise(this.webSearch, top);
    if (fact === "page") raise(this.pageReader, top);
    if (this.ringingList && namesByRinging(text)) raise(this.ringingList, top);
    if (this.isolatedRunner && RUN_APART.test(text)) raise(this.isolatedRunner, top);
    if (TO_DEVICES.test(text)) for (const notifier of this.notifiers) raise(notifier, top);
    if (this.documentSearch && ownDocuments(text)) raise(this.documentSearch, top);
    if (HEADED_ENTRY.test(text)) for (const keeper of this.recordKeepers) raise(keeper, top);
    return floors;
  }

  /** "my <word>" where the word is none of the catalog's things: a person by role. */
  private namesRole(text: string): boolean {
    for (const m of text.matchAll(MY_WORD)) {
      // "in my diary", "from my notes": a place things are kept, not someone reached
      if (m[1]) continue;
      const word = m[2]!.toLowerCase();
      if (wordsOf(word).every((w) => !this.known(w))) return true;
    }
    return false;
  }

  private deliversToName(text: string): boolean {
    if (FROM_TO.test(text)) return false;
    for (const m of text.matchAll(TO_NAME)) {
      if (m[1] === undefined) return true;
      if (!CALENDAR_NAMES.test(m[1]) && !this.known(m[1].toLowerCase())) return true;
    }
    return false;
  }
}

/** A message someone else wrote, named by its writer (see `WROTE`). */
export function writtenByOther(text: string, known: (word: string) => boolean): boolean {
  if (KEPT_AS_FILE.test(text) || WRITTEN_PATH.test(text)) return false;
  if (DID_WRITE.test(text)) return true;
  // "the email from the school": the writer is someone, not one of the catalog's things ("my contacts")
  const from = MESSAGE_FROM.exec(text);
  if (from && !known(from[1]!.toLowerCase())) return true;
  for (const m of text.matchAll(WROTE)) {
    // The words before the verb in its clause: the writer is among them, and is not the person
    const before = text
      .slice(0, m.index)
      .split(/[,.;:!?—–]|\s-\s|\b(?:and|then|but|so)\b/)
      .at(-1)!
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    if (before.length === 0 || before.some((w) => SELF.test(w))) continue;
    return true;
  }
  return false;
}

/** The person's own documents named by their kind (see `DOCUMENT_KIND`). */
export function ownDocuments(text: string): boolean {
  return OWN_DOCUMENTS.test(text) || (DOCUMENT_SAYS.test(text) && !OTHER_SOURCE.test(text));
}
