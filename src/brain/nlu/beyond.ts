import {
  ADVICE_FRAME,
  ADVICE_SUBJECT,
  BELONGINGS,
  BREAKING_IN,
  CARRIED,
  CONNECTING,
  CONNECTIONS,
  DONE_THERE,
  ERRANDS,
  HANDLING,
  MADE_UP,
  MAKING_UP,
  NOISY,
  OTHER_DEVICES,
  PAID_FOR,
  PAYING,
  PERSON,
  PHYSICAL,
  PLACES_OUT,
  SEEKING,
  WORLD_FACT,
} from "./language/beyond.js";
import { BARE_BELONGINGS, KIN, THIS_MACHINE } from "./language/beyond-owned.js";

/**
 * Why a request is out of scope, read before any tool reads it: the reason is a structure, not
 * a topic word. A physical thing is out of reach only as the thing the sentence's verb works on
 * ("lock the front door"), not as words a reminder or a note carries ("remind me to lock the
 * front door"); another person's device only as its owner's ("set an alarm on my wife's phone");
 * a payment only as the verb's own object ("pay the gas bill"). The word classes are the team's
 * own, by category (language/beyond.ts); the structures generalise across writers because they
 * name roles, not sentences (docs/decisions/0044, nlu32).
 */
export type BeyondKind =
  | "someone-else"
  | "other-device"
  | "physical"
  | "errand"
  | "breaking-in"
  | "connection"
  | "paying"
  | "making-up"
  | "advice"
  | "world";

export interface Beyond {
  kind: BeyondKind;
  /** The sentence for the person: what Jarvis cannot do here, and why. */
  reply: string;
}

const REPLIES: Record<BeyondKind, string> = {
  "someone-else": "I can only use your own accounts and devices on this computer, not someone else's.",
  "other-device": "I can only act on this computer, not on phones, TVs, cars or other devices.",
  connection: "I can't change Wi-Fi, Bluetooth or other connection settings.",
  errand: "I can't deal with other people or organisations for you; I can only work on this computer.",
  "breaking-in": "I won't help get into accounts or systems that aren't yours, or cheat.",
  physical: "I can't work things in the room or around the house; I can only act on this computer.",
  paying: "I can't pay, buy, order or book things.",
  "making-up":
    "Writing or making that up needs a language model; with one set up (`jarvis doctor`) I could try.",
  advice:
    "I can't give medical, legal or financial advice; please ask someone qualified, or search the web for it.",
  world: "I don't know facts about the world offline; with a web search set up I can look it up.",
};

/** What people say before the request itself ("and", "could you", "i need you to"). */
const OPENER =
  "^(?:(?:and|then|also|now|ok|okay|so|just|please|pls|plz|kindly|hey|jarvis|quickly|go|right|oh|um|uh|can you|could you|would you|will you|you can|i want you to|i need you to|i would like you to|i 'd like you to|i d like you to|id like you to|do you mind|help me|pour moi) )*";
/** Words that end a noun phrase: prepositions, particles, joints, adverbs of degree or time. */
const STOP =
  "on|off|up|down|out|in|into|at|to|for|with|from|by|of|about|and|or|but|so|because|as|now|then|please|a|an|its|it|it 's|is|i|we|right|again|tonight|today|tomorrow|when|while|before|after|until|till|there|here|upstairs|downstairs|online|instead|too|asap|first|next|this|\\d+\\w*";
const DET = "(?:the|my|our|your|a|an|this|that|these|those|his|her|their|some|all|both|every|two|three)";
/** Up to two modifiers before a head noun, none of them a word that ends the phrase. */
const MODIFIERS = `(?:(?!(?:${STOP}|the|my|our|your|his|her|their)\\b)[\\w'-]+ ){0,2}`;
/** The noun phrase a verb works on, ending on a word of `head` (the next word ends the phrase). */
const object = (head: string) =>
  `(?:(?:me|us|him|her|them) )?(?:${DET} )?${MODIFIERS}(?:${head})(?= (?:${STOP})\\b|$)`;
const PARTICLE = "(?: (?:on|off|up|down|out|over|back))?";

/** Calling or texting names a phone as the line to use ("call her on the mobile"), not a device. */
const CALLING = new RegExp(`${OPENER}(?:call|ring|phone|dial|text|facetime|video call)\\b`);

const RULES: ReadonlyArray<{ kind: BeyondKind; test: (said: string) => boolean }> = [
  {
    kind: "someone-else",
    test: (said) =>
      !CALLING.test(said) &&
      (OWNED.test(said) ||
        OWNED_BARE.test(said) ||
        NAMED_DEVICE.test(said) ||
        THEIR_DEVICE.test(said) ||
        REMIND_OTHER.test(said)),
  },
  { kind: "someone-else", test: (said) => FROM_OWNED.test(said) },
  {
    kind: "other-device",
    test: (said) =>
      (!CALLING.test(said) && !KEPT_ELSEWHERE.test(said) && ON_DEVICE.test(said)) ||
      FORWARDS.test(said) ||
      OFF_DEVICE.test(said) ||
      ITS_SCREEN.test(said) ||
      (ITS_BATTERY.test(said) && !KEPT_ELSEWHERE.test(said)) ||
      IN_ROOM.test(said),
  },
  {
    kind: "physical",
    test: (said) =>
      (HANDLED.test(said) && !LISTED.test(said)) ||
      PRINTED.test(said) ||
      QUIETED.test(said) ||
      ALARM_THERE.test(said) ||
      SOUGHT.test(said) ||
      AIRED.test(said) ||
      SCANNED.test(said),
  },
  { kind: "connection", test: (said) => CONNECTED.test(said) },
  { kind: "errand", test: (said) => ERRAND.test(said) || IN_TOWN.test(said) },
  { kind: "breaking-in", test: (said) => BROKEN_INTO.test(said) },
  {
    kind: "paying",
    test: (said) => PAID.test(said) || RIDE.test(said) || BUYS.test(said) || SENDS_MONEY.test(said),
  },
  { kind: "making-up", test: (said) => MADE.test(said) || TOLD.test(said) || DRAWN.test(said) },
  {
    kind: "advice",
    test: (said) => FRAMED.test(said) && SUBJECT.test(said) && !KEEPS.test(said),
  },
  {
    kind: "world",
    test: (said) => (FACT.test(said) && !KEEPS.test(said) && !PLAYING.test(said)) || TAUGHT.test(said),
  },
];

/** "my wife's phone", "her daughter's calendar": another person's device or account. */
const OWNED = new RegExp(
  `\\b(?:my|our|his|her|their|the|a) (?:\\w+ )?(?:${PERSON}) 's (?:\\w+ ){0,2}?(?:${BELONGINGS})\\b(?! (?:number|no|address)\\b)`,
);
/** "my flatmates alarm": the same owner with the apostrophe left out (language/beyond-owned.ts). */
const OWNED_BARE = new RegExp(
  `\\b(?:my|our|his|her|their) (?:${KIN})s (?:\\w+ )?(?:${BARE_BELONGINGS})\\b(?! (?:number|no|address)\\b)`,
);
const NOT_A_NAME =
  "today|tomorrow|yesterday|tonight|week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|everyone|anyone|someone|somebody|everybody|nobody|it|that|there|here|who|what|let";
/** "from my sister's phone": a call or text from someone else's line. */
const FROM_OWNED = new RegExp(
  `\\bfrom (?:my|our|his|her|their|the) (?:\\w+ )?(?:${PERSON}) 's (?:\\w+ )?(?:phone|mobile|iphone|line|number|account)\\b`,
);
/**
 * A picture or a setting of a handheld device's own screen ("a screenshot of my phone", "the
 * battery on my tablet"): that device's, not this computer's.
 */
const ITS_SCREEN = new RegExp(
  `\\b(?:screenshot|screen ?shot|screen grab|screen|battery|storage|brightness|wallpaper|lock screen) (?:of|on|from) (?:the|my|our) (?:\\w+ )?(?:phone|mobile|iphone|android|smartphone|tablet|ipad|${OTHER_DEVICES})\\b`,
);
/**
 * A battery said of any named thing that is not this computer ("the battery on my hearing aids",
 * "my earbuds battery"): that thing's own, which this computer cannot read. Not when a tool keeps
 * the words ("remind me to swap the headset battery").
 */
const ITS_BATTERY = new RegExp(
  `\\bbatter(?:y|ies)(?: level| life)? (?:(?:of|on) (?:the|my|our)|in (?:my|our)) (?!(?:${THIS_MACHINE})\\b)[a-z-]+(?: [a-z-]+)?(?= (?:${STOP})\\b|$)|\\b(?:my|our) (?!(?:${THIS_MACHINE})\\b)(?:[a-z-]+ )?[a-z-]+ (?:'s )?batter(?:y|ies)\\b`,
);
/**
 * Things taken off a handheld or another device ("the photos I deleted off my phone"): kept
 * there, not on this computer. "off", unlike "on", never names the line a call is made on.
 */
const OFF_DEVICE = new RegExp(
  `\\boff (?:the|my|our|your|his|her|their) (?:\\w+ )?(?:phone|mobile|iphone|android|smartphone|tablet|ipad|camera|sd card|${OTHER_DEVICES})\\b`,
);
/** Calls forwarded: a telephone's setting. */
const FORWARDS = /\bforward (?:my |all |the )?(?:\w+ )?calls\b/;
/** Playing, muting or dimming in another room: something there, not this computer. */
const IN_ROOM =
  /^(?:(?:and|then|also|now|please|can you|could you) )*(?:turn|play|mute|unmute|skip|pause|switch|dim|brighten|lower|raise)\b.* (?:in|on) the (?:car|van|lorry|truck|kitchen|living room|lounge|dining room|bedroom|bathroom|garden|garage|hallway|staff room|room \d+)\b/;
/** "Jake's laptop": anyone's device named by its owner. */
const NAMED_DEVICE = new RegExp(
  `\\b(?!(?:${NOT_A_NAME}) )[a-z]+ 's (?:\\w+ )?(?:phone|mobile|iphone|laptop|computer|pc|macbook|ipad|tablet|watch)\\b(?! (?:number|no)\\b)`,
);
/** "on her own phone": a device of someone said before. */
const THEIR_DEVICE =
  /\b(?:on|from|to|in|into) (?:his|her|their) (?:own )?(?:\w+ )?(?:phone|mobile|iphone|laptop|computer|ipad|tablet|watch|calendar|diary|inbox|account)\b/;
/** "remind my husband to …": Jarvis reminds the person it works for, on this computer. */
const REMIND_OTHER = new RegExp(
  `${OPENER}(?:remind|wake(?: up)?|nag|tell off) (?:my |our )?(?:${PERSON}|him|her|them)\\b(?! (?:'s|and me)\\b)`,
);
/** "set a timer on my apple watch", "play it on the telly": a device that is not this computer. */
const ON_DEVICE = new RegExp(
  `\\b(?<!\\b(?:am|are|is|be|was|were|i 'm|im) )(?:on|onto|to|through|via) (?:the|my|our|your) (?:\\w+ ){0,2}?(?:${OTHER_DEVICES})(?= (?:${STOP})\\b|$)`,
);

/** A physical thing as what the request's verb works on. */
const HANDLED = new RegExp(`${OPENER}(?:${HANDLING})${PARTICLE} ${object(PHYSICAL)}`);
/**
 * Printing is paper out of a printer, whatever is printed ("print the lease, two copies"); not a
 * file's contents shown, a key chord, or output on the screen ("print the contents of notes.md").
 */
const PRINTED = new RegExp(
  `${OPENER}print(?: out| off)? (?:the|my|a|an|this|that|these|those|it|them|two|three|\\d+|~|/)(?:\\s|$)(?!.*\\b(?:contents?|ctrl|control|cmd|command|screen|terminal|console|output)\\b)`,
);
/** A person or an animal to be quietened ("mute the guy in room 12"). */
const QUIETED = new RegExp(
  `${OPENER}(?:mute|silence|quiet|hush|shush|shut up) (?:the|that|this|those|my|our) (?:\\w+ )?(?:${NOISY}|${PERSON})\\b`,
);
/** A thing one carries, as what is looked for or copied ("find my car keys"). */
const SOUGHT = new RegExp(`${OPENER}(?:${SEEKING})${PARTICLE} ${object(CARRIED)}`);
/** Something done in person at a place in town ("skip the queue at the post office"). */
const IN_TOWN = new RegExp(
  `${OPENER}(?:${DONE_THERE})\\b(?: [\\w'-]+){0,4} (?:at|in|from|to) the (?:${PLACES_OUT})\\b`,
);
/** Joining, leaving or switching a network or a radio ("connect to the cafe wifi"). */
const CONNECTED = new RegExp(`${OPENER}(?:${CONNECTING})${PARTICLE} ${object(CONNECTIONS)}`);
/** An errand with other people or organisations as the request's own verb. */
const ERRAND = new RegExp(`${OPENER}(?:${ERRANDS})\\b`);
const BROKEN_INTO = new RegExp(`${OPENER}(?:${BREAKING_IN})\\b`);
/** Words put on a list or in a note ("put walk the dog on my list"): a tool keeps them. */
const LISTED =
  /\b(?:to|on|onto|in|into) (?:my|the|our) (?:[\w-]+ ){0,2}(?:list|notes?|calendar|reminders?|diary)\b/;
/** An alarm of a place, not of this computer ("the alarm in the car keeps going"). */
const ALARM_THERE =
  /\balarm (?:in|on|at|of) (?:the|my|our) (?:car|house|building|kitchen|hall\w*|office|shop|flat|neighbou?r\w*)\b/;

/** Opening or closing a window for the air or the weather: a window of the house. */
const AIRED =
  /\b(?:open|close|shut) (?:the|a|that|this) (?:\w+ )?windows?\b.*\b(?:freezing|cold|chilly|raining|rain|hot|warm|draught\w*|draft\w*|windy|breeze|stuffy|fresh air|stinks|smells?)\b/;
/** Paper put through a scanner. */
const SCANNED = new RegExp(
  `${OPENER}scan (?:in )?(?:the|this|that|my|a|these|those) (?:\\w+ ){0,2}(?:letters?|contracts?|documents?|receipts?|forms?|papers?|photos?|pages? of)\\b`,
);
/** Paying or booking with what is paid for as the object. */
const PAID = new RegExp(`${OPENER}(?:${PAYING})${PARTICLE} ${object(PAID_FOR)}`);
const RIDE = new RegExp(
  `${OPENER}(?:(?:get|call|order|book) (?:me |us )?(?:a|an) (?:taxi|cab|uber|lyft|ride)|check (?:me|us|him|her) in|make (?:me |us )?(?:a )?(?:reservation|booking))\\b`,
);
/** Money or a gift sent to someone ("send 200 euros to my brother", "send flowers to mum"). */
const SENDS_MONEY = new RegExp(
  `${OPENER}send (?:(?:me|him|her|them|us) )?(?:some |a bunch of )?(?:(?:\\d+|a hundred|fifty|twenty|ten) (?:euros?|pounds?|dollars?|quid|bucks)|money|cash|flowers|a gift|a present)\\b`,
);
/** Buying anything counted or pointed at ("buy 50 kilos of flour", "order it from the shop"). */
const BUYS = new RegExp(
  `${OPENER}(?:(?:buy|purchase) (?:me|us|the|my)|(?:buy|purchase|order|reorder)(?: (?:me|us))? (?:a|an|some|two|three|four|five|another|more|\\d+|it|them|one|that|this|these|those))\\b`,
);

/** Writing, composing or finishing a piece of made-up work. */
const MADE = new RegExp(`${OPENER}(?:${MAKING_UP})${PARTICLE} ${object(MADE_UP)}`);
/** Told or given something made up ("tell me a joke", "give us a riddle"). */
const TOLD = new RegExp(
  `${OPENER}(?:tell|give|read) (?:me |us |her |him |them )?(?:a|an|another|some|one more) (?:\\w+ )?(?:jokes?|riddles?|stor(?:y|ies)|poems?|puns?|rhymes?|limericks?|fun facts?)\\b`,
);
/** Drawing or singing is making up whatever follows ("draw me a cat", "sing happy birthday"). */
const DRAWN = new RegExp(
  `${OPENER}(?:draw|paint|sketch|sing|hum|rap|do (?:my|our|his|her) \\w* ?homework)\\b`,
);

const FRAMED = new RegExp(`\\b(?:${ADVICE_FRAME})`);
const SUBJECT = new RegExp(`\\b(?:${ADVICE_SUBJECT})\\b`);
const FACT = new RegExp(`\\b(?:${WORLD_FACT})`);
/** A song or what is playing is the player's to name ("who sang this"). */
const PLAYING = /\b(?:song|track|album|music|playing|tune)\b|\b(?:this|that)(?: one)?$/;
/**
 * Being taught or having a subject explained ("explain how tides work", "teach me welsh"): a
 * tutor's work. Not the person's own things ("explain this error", "explain my screen").
 */
const TAUGHT = new RegExp(
  `${OPENER}(?:explain|teach)(?: (?:to me|me|us))?\\b(?! (?:\\w+ ){0,2}(?:my|this|that|it|these|those|the (?:screen|file|page|error|email|mail|window|note|message|document))\\b)`,
);
/** A request to keep, find or be told about it later: a tool's work, whatever the subject. */
const KEEPS =
  /\b(?:remind|reminder|note|notes|list|timer|alarm|calendar|event|search|look up|google|email|e-mail|mail|text|message|save|remember|add|forget|schedule|knowledge|document|file|folder)\b/;

/**
 * Words a tool keeps about a device ("the warranty on the oven, check my documents"): the device
 * is a subject, not where to act. A timer or an alarm is not among them: set on another device
 * ("a timer on the oven") it is that device's.
 */
const KEPT_ELSEWHERE =
  /\b(?:remind|reminder|note|notes|list|calendar|event|search|look up|google|email|e-mail|mail|text|message|save|remember|add|forget|schedule|knowledge|document|documents|docs|file|folder)\b/;

/** Why the request is beyond Jarvis's tools, or undefined when nothing says so. */
export function beyondReach(words: readonly string[]): Beyond | undefined {
  const said = words.join(" ");
  const rule = RULES.find((r) => r.test(said));
  return rule ? { kind: rule.kind, reply: REPLIES[rule.kind] } : undefined;
}
