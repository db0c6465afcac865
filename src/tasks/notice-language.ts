import type { Args, BuildInput } from "../brain/nlu/language/index.js";

/**
 * A notice for the person said in any order (notify_user). Every fresh writer puts its three
 * parts somewhere else: the act ("announce", "flash up", "give me a heads-up", "notify me"),
 * where it goes ("on all my screens", "across everything", "out loud", "on the desktop") and
 * what it says ("saying …", "that says …", "with the text …", "…: X", or the words right after a
 * verb of saying), with a title ("titled X", "with the title X") anywhere. Fixed-order shapes
 * only ever caught the orders already seen; here one shape per act hands the rest of the
 * sentence to a reader that takes the parts out wherever they are.
 */

/** Where a notice goes: every screen, every device, the desktop, the speakers, or aloud. */
const SURFACE = new RegExp(
  [
    "\\beverywhere\\b",
    "\\b(?:on|across|to|over) (?:absolutely )?(?:everything|every ?thing|all (?:of )?(?:them|my things))\\b",
    // Every place the person might be ("in every place", "everyplace", "in all places")
    // said last or before what it says, never a place of something else ("the weather in every
    // place I visit")
    "\\b(?:in|to|at) (?:every|each|all) (?:the )?places?(?=\\s*(?:[:,;.!]|$))|\\bevery ?place(?=\\s*(?:[:,;.!]|$))",
    "\\b(?:on|to|across|over|at) (?:all|every|each) (?:of )?(?:my |the |your )?(?:screens?|devices?|surfaces?|windows?|displays?|monitors?|computers?)\\b",
    "\\b(?:on|to) (?:my|the) (?:desktop|screens?|displays?|monitors?)\\b",
    "\\b(?:through|over|on) the speakers?\\b",
    // The second of two places joined by "and" ("on the speaker and the screen", "to every
    // screen and speaker")
    "\\band (?:(?:my|the|every|each|all) )?(?:desktop|screens?|displays?|monitors?|speakers?)\\b",
    // The one computer named as a place a message goes up on ("up on the computer")
    "\\b(?:on|to) (?:my|the|this) (?:computer|laptop|pc)\\b",
    // Everyone in the house named instead of the devices ("to everyone", "to the whole
    // household"): the people a notice reaches are every surface's listeners
    "\\b(?:to|for) (?:everyone|everybody|all of us|the whole (?:house|household|family|flat))\\b",
    // Every place Jarvis can be heard or seen, said by what it does ("wherever you speak",
    // "wherever else you can show it")
    "\\bwherever (?:else )?(?:you|i) (?:speak|talk|are|can|am|show)\\w*(?: it| things)?\\b",
    "\\b(?:out loud|aloud|by voice|with your voice)\\b",
    "\\b(?:read|say|speak) it (?:out|too)\\b",
    "\\bvoice too\\b",
  ].join("|"),
  "gi",
);

/** The ends of a surface that names every one of them, not one screen or the voice alone. */
const WIDE =
  /\beverywhere\b|\b(?:every|all|each|everything|every ?thing|everyone|everybody|whole|wherever)\b/i;

/** A title said with its word; the title runs to the next part's word or a break. */
const TITLE =
  /(?:\b(?:with|under|and) (?:a|the) (?:title|heading|header)(?: of)?|\btitled|\bheaded|\b(?:with )?title)\s*:?\s*["“]?(.+?)["”]?(?=\s*(?:,|;|:|\band\b|\bsaying\b|\bthat says\b|\bwhich says\b|\bwith\b|\bmessage\b|\btext\b|$))/i;

/** The word that introduces what a notice says, first in what is left. */
const SAYS_FIRST =
  /^(?:and\s+)?(?:saying|that says|which says|that reads|reading|with the (?:text|message|words)|with (?:a |the )?message|the message|message|the text|text|with|that)\b\s*:?\s*(.+)$/i;
/** The same word further in ("a message titled X saying …"), never the bare "with"/"that". */
const SAYS_INSIDE =
  /(?:\bsaying\b|\bthat says\b|\bwhich says\b|\bwith the (?:text|message|words)\b|\band the message\b|,\s*(?:message|text|body)\b|:)\s*(.+)$/i;

/** Words of the moment or of politeness around the parts: no part of what is said. */
const AROUND =
  /^(?:(?:(?:right |straight )?(?:now|away)|immediately|at once|please|quickly|a (?:message|notification|notice|note|popup|pop-up|banner)|an (?:alert|announcement)|it|up)(?=[\s,.:;]|$)|[,.:;]|\s)+|(?:\s|[,.!;]|\b(?:and|please|right away|straight away|immediately|at once)\b)+$/gi;

/** Words between quotation marks that open after a space and close before one (not "don't"). */
const QUOTED = /(?:^|\s)["“‘'](\S(?:[^"“”‘’']*?\S)?)["”’'](?=[\s,.!?;:]|$)/;

/** What names a thing to send rather than words to say ("push the file to all my devices"). */
const A_THING = /^(?:the|my|this|that|these|those|a|an|it)(?:\s+\w+){0,2}$/i;

/** What a notice says, read from the words after its verb; undefined when it says nothing. */
export function readNotice(
  rest: string,
  says: boolean,
  named: boolean,
  titledOnly = false,
  whole?: string,
  wideOnly = false,
  wideSays = false,
): Args | undefined {
  let left = ` ${rest} `;
  let wide = false;
  let surfaces = 0;
  left = left.replace(SURFACE, (found) => {
    surfaces += 1;
    if (WIDE.test(found)) wide = true;
    return " , ";
  });
  // Two places named ("out loud and on the screen", "on the speaker and the screen") are the
  // notice sent to more than one, as "everywhere" is: one desktop popup is neither
  if (surfaces >= 2) wide = true;
  // "tell me X" is a notice only when it goes everywhere: "tell me what's on the screen" is a
  // question about one screen
  if (wideOnly && !wide) return undefined;
  // A verb aimed at the person ("ping me", "message to me") with every surface named: the words
  // after the surfaces are what it says ("ping me on all screens, the van is here")
  const saysAll = says || (wideSays && wide);
  let title: string | undefined;
  const titled = TITLE.exec(left);
  // A notice is one when it names where it goes, or is called a notice ("notify me", "an
  // alert"); "announce" alone is one only with its title ("announce X in the group chat" or
  // "broadcast the show" is another place's)
  if (!named && !(titledOnly && titled) && (surfaces === 0 || (!wide && !saysAll))) return undefined;
  if (titled) {
    title = titled[1]!.trim();
    left = `${left.slice(0, titled.index)} , ${left.slice(titled.index + titled[0].length)}`;
  }
  left = left.replace(/\s+/g, " ").replace(/(?:\s*,\s*)+/g, ", ");
  const body = left.replace(AROUND, "").trim();
  const first = SAYS_FIRST.exec(body);
  // Words in quotation marks are what it says, wherever they stand ("flash 'Save it!' up
  // everywhere"); a colon inside them is part of the message, not its marker
  // (read on the whole sentence: a slot's words stop inside the marks)
  const quoted = first ? undefined : QUOTED.exec(whole ?? left);
  const inside = first || quoted ? undefined : SAYS_INSIDE.exec(left);
  let message = first?.[1] ?? quoted?.[1] ?? inside?.[1] ?? (saysAll ? body : undefined);
  if (message === undefined) return undefined;
  if (!quoted)
    message = message
      .replace(AROUND, "")
      .replace(/^["“']|["”']$/g, "")
      .trim();
  if (!message || /^(?:something|anything)$/i.test(message)) return undefined;
  // Without a word that introduces it, "the file" or "my photos" is a thing to send
  if (!first && !inside && A_THING.test(message)) return undefined;
  // A second request after the message ("…, and then play music") is not part of it
  if (/\b(?:and then|then)\b/i.test(message)) return undefined;
  const cleanTitle = title?.replace(/[.,!?]+$/, "").trim();
  return { message, ...(cleanTitle ? { title: cleanTitle } : {}) };
}

/** Polite or hurried words before the act ("quick one,", "could you", "ok jarvis"). */
const LEAD =
  "[ok|okay|hey|jarvis|ok jarvis|hey jarvis|quick|quick one|right|please|can you|could you|would you|will you|just|now] [please|just|now] [,]";

/** Verbs that say the words after them ("announce dinner is ready on everything"). */
const SAYS = "(shout|say|blast|yell|call out)";
/** Verbs that are the notice itself: what follows is said, wherever it goes. */
const ANNOUNCES = "(announce|broadcast)";
/** Verbs that put a notice up, whose words come after a marker ("…: X", "saying X"). */
const SHOWS =
  "(flash|flash up|show|put up|pop up|post|push|send|send me|give me|ping me|alert me|tell me|message me|buzz me|let me know)";
/** "tell me" says the words after it, a notice only when it goes everywhere ("tell me X on every device"). */
const TELLS = "(tell me|tell us)";
/** The act called a notice: it needs no surface ("notify me now with the text …"). */
const NAMED =
  "(notify me|send me (a|an) (notification|notice|alert|ping|popup|pop-up|banner)|give me (a|an) (notification|notice|alert|ping|popup|pop-up|heads up|heads-up|shout|banner|message)|(make|create|write|do) [me|for me|us] [a|an|the] (notification|notice|banner)|flash up (a|an) (message|notice|notification|alert|banner)|pop up (a|an) (message|notice|notification|alert|banner)|put up (a|an) (message|notice|notification|alert|banner)|make (a|an|the|this|that) (message|notice|notification|alert|banner) (appear|show|show up|pop up|come up))";

/**
 * Verbs whose object is the person, a notice by what they do to them ("ping me", "buzz me",
 * "inform me", "message to me"): what they say comes after a marker, or after every surface.
 */
const TO_ME = "(ping me|buzz me|alert me|inform me|message me|[a] message to me|notify me)";
/** Verbs of speaking the words said after them aloud ("say: …", "speak this to me, …"). */
const SPEAKS = "(say|speak|read out|read|read aloud|read out loud)";

/** The shapes of the notice (never taught: their verbs are many other requests' too). */
export const NOTICE_SHAPES = [
  { t: `${LEAD} ${NAMED} {rest:body}`, args: { notice: "named" } },
  { t: `${LEAD} ${TO_ME} {rest:body}`, args: { notice: "toMe" } },
  { t: `${LEAD} ${SPEAKS} {rest:body}`, args: { notice: "speaks" } },
  { t: `${LEAD} ${SAYS} {rest:body}`, args: { notice: "says" } },
  { t: `${LEAD} ${ANNOUNCES} {rest:body}`, args: { notice: "announces" } },
  { t: `${LEAD} ${TELLS} {rest:body}`, args: { notice: "tells" } },
  { t: `${LEAD} ${SHOWS} {rest:body}`, args: { notice: "shows" } },
];

/**
 * A time or a condition said before what a notice says ("ping me at 5 with: …", "notify me when
 * …", "alert me in ten minutes"): a reminder or a routine, not a notice now.
 */
const LATER =
  /\b(?:at \d|at (?:noon|midnight)|in (?:a|an|half|\d+|one|two|three|four|five|ten|fifteen|twenty|thirty|forty)\b|when|whenever|once|if|every|each (?:day|morning|night|evening)|before|after|tomorrow|tonight|later|until|till|as soon as|daily|weekly)\b/i;
/** Where the words a notice says begin: a marker of saying, or a colon. */
const MARKER =
  /:|\b(?:saying|that says|which says|with the (?:text|message|words)|message|text|titled|title)\b/i;
/** A sentence that asks, or starts with a word that points at a time or a topic. */
const NOT_NEWS =
  /^\s*(?:when|whenever|if|once|as soon as|after|before|at|in|on|by|every|each|about|of|for|to|from|tomorrow|tonight|today|later|next|what|which|who|how|why|where|whether|is|are|do|does|can|will|\d)\b/i;

/** What comes before the words of a notice (all of it when nothing marks them). */
const beforeWords = (rest: string) => {
  const at = MARKER.exec(rest);
  return at ? rest.slice(0, at.index) : rest;
};

/**
 * Words said after a verb of speaking, marked by a colon, or by a comma after "this", "the
 * following" or "to me" ("say: dinner's up", "speak this to me, the shop shuts at six", "read
 * out loud on every screen: …"): the verb then says them; a bare "say X" is left to others.
 */
const SPOKEN =
  /^\s*(?:(?:this|it|the following|these words|that)\s+)?(?:(?:out loud|aloud|out)\s+)?(?:(?:to|for) (?:me|us)\s*)?(?:(?:on|to|across|through|over)\b[^:,]*)?(:|,)\s*(.+)$/i;

/**
 * "announce <news>" with no place said: the news itself is the notice ("announce the van's here").
 * A place ("on the radio", "in the group", "to the team") or a thing named first ("announce the
 * winner", "announce my engagement") is another place's announcement.
 */
const ANNOUNCED_NEWS = (rest: string) =>
  !/\b(?:on|in|at|via|through|over|into|to|onto)\b/i.test(rest) &&
  !/^\s*(?:the|my|our|your|his|her|their|a|an|this|that|it|something|anything)\b/i.test(rest) &&
  !NOT_NEWS.test(rest) &&
  !LATER.test(rest) &&
  rest.trim().split(/\s+/).length >= 2;

/** The reading of one notice shape, or undefined for the shapes that are not this one's. */
export function noticeOf(input: BuildInput): Args | undefined | "none" {
  const kind = input.fixed.notice;
  if (kind === undefined) return "none";
  const rest = input.matches.rest?.raw;
  if (typeof rest !== "string") return undefined;
  // "tell me what/when/the weather …" asks a question; the notice is words to pass on
  if (
    kind === "tells" &&
    /^\s*(?:what|when|where|who|why|how|which|if|whether|about|the (?:time|weather|date|day|news|forecast))\b/i.test(
      rest,
    )
  )
    return undefined;
  if (kind === "speaks") {
    // Read on the sentence as typed: the slot's words lose the colon that marks them
    const after =
      /\b(?:say|speak|read(?: out(?: loud)?| aloud)?)\b(.*)$/i.exec(input.env.text ?? "")?.[1] ?? rest;
    const spoken = SPOKEN.exec(after);
    // A comma marks the words only after "this", "the following" or "to me"; a colon always
    if (
      !spoken ||
      (spoken[1] === "," && !/^\s*(?:this|the following|these words)\b|\bto (?:me|us)\b/i.test(after))
    )
      return undefined;
    if (NOT_NEWS.test(spoken[2]!)) return undefined;
    // "read this to me, the letter from the bank" reads a thing: a verb of reading says only
    // words after a colon that are not a thing named
    const reads = /^\s*read\b/i.test(input.env.text?.replace(/^.*?\b(?=read\b|say\b|speak\b)/i, "") ?? "");
    if (
      reads &&
      (spoken[1] !== ":" || /^\s*(?:the|my|this|that|these|those|your|his|her|our)\b/i.test(spoken[2]!))
    )
      return undefined;
    return readNotice(spoken[2]!, true, true, false, input.env.text);
  }
  // A time or a condition before the words is a reminder's or a routine's
  const later = LATER.test(beforeWords(rest));
  if (kind === "toMe")
    return later ? undefined : readNotice(rest, false, true, false, input.env.text, false, true);
  // "notify me the bread is done": a notice named by its verb says the words after it, when
  // they are news, not a time, a condition or a topic ("notify me when …", "… about …")
  const bare = kind === "named" && !later && !NOT_NEWS.test(rest);
  const read = readNotice(
    rest,
    kind === "says" || kind === "announces" || kind === "tells" || bare,
    kind === "named",
    kind === "announces",
    input.env.text,
    kind === "tells",
  );
  if (read || kind !== "announces" || !ANNOUNCED_NEWS(rest)) return read;
  return { message: rest.trim().replace(/[.!]+$/, "") };
}

/** A notice asked for with nothing to say yet ("send me a notification everywhere"). */
export const NOTICE_ASKS = [
  // The notice named with nothing to say ("notify me", "send me a notification"): a popup on
  // this desktop is named as one ("pop up a notification", "a desktop notification")
  `${LEAD} (notify me|send me (a|an) (notification|notice|ping|heads up|heads-up)|give me (a|an) (notification|notice|heads up|heads-up)) [now|right now] [please]`,
  `${LEAD} ${NAMED} [right now|now] (everywhere|on everything|on (all|every) [my|the] (screens|screen|devices|device|surfaces|surface)) [please]`,
  `${LEAD} (announce|broadcast|flash|send|push) (a|an|the) (message|notice|notification|alert|announcement) (everywhere|on everything|on (all|every) [my|the] (screens|screen|devices|device)) [please]`,
];
