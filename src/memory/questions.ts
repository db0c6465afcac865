import { canonicalPredicate } from "./vocabulary.js";

/** What a recall query asks for, read offline from its wording. */
export type Question =
  /** "who is my boss?" → (User, boss, ?); "when is Sarah's birthday?" → (Sarah, birthday, ?) */
  | {
      kind: "relation";
      subject: "user" | { name: string } | { relationOfUser: string };
      predicates: string[];
    }
  /** "what do you know about Sarah?", "tell me about my boss", "what do you know about me?" */
  | { kind: "about"; target: "user" | { name: string } | { relationOfUser: string } }
  /** Anything else: full-text search over facts and episodes. */
  | { kind: "search"; text: string };

const LEAD =
  /^(?:(?:hey\s+)?jarvis[,:]?\s+)?(?:please\s+)?(?:(?:do|can|could)\s+you\s+(?:remember|recall|tell\s+me)\s+|(?:remind|tell)\s+me\s+|i\s+forgot\s+|i\s+forget\s+)?/i;

/** Fixed phrasings about the user, checked before the general patterns. */
const USER_QUESTIONS: ReadonlyArray<[RegExp, string[]]> = [
  // People named by what they do for the user ("who cuts my hair?" → hairdresser).
  [/^who\s+(?:does|handles|prepares|files|helps\s+with)\s+my\s+tax(?:es)?\b/, ["accountant"]],
  [/^who\s+(?:cuts|does|styles)\s+my\s+hair\b/, ["hairdresser"]],
  [/^who\s+(?:lives|is)\s+next\s+door\b/, ["neighbor"]],
  [/^who\s+(?:fixes|cleans|checks|looks\s+after)\s+my\s+teeth\b/, ["dentist"]],
  [/^who\s+do\s+i\s+(?:report|answer)\s+to\b|^who\s+do\s+i\s+work\s+under\b/, ["boss", "manager"]],
  [/^who\s+do\s+i\s+rent\s+from\b|^who\s+owns\s+my\s+(?:flat|apartment|house|place)\b/, ["landlord"]],
  [/^who\s+(?:looks\s+after|watches|minds)\s+(?:my\s+)?(?:kids|children)\b/, ["babysitter"]],
  [/^who\s+(?:am\s+i\s+married\s+to|is\s+my\s+other\s+half)\b/, ["wife", "husband", "spouse", "partner"]],
  [/^where\s+do\s+i\s+(?:live|stay|reside)\b/, ["lives_in", "home", "city", "address"]],
  [
    /^where\s+am\s+i\s+(?:from|originally\s+from)\b|^where\s+did\s+i\s+grow\s+up\b|^where\s+was\s+i\s+born\b/,
    ["from", "hometown"],
  ],
  [
    /^(?:where|who)\s+do\s+i\s+work(?:\s+for|\s+at)?\b|^(?:what|which)\s+company\s+do\s+i\s+work\s+(?:for|at)\b/,
    ["works_at"],
  ],
  [
    /^what\s+do\s+i\s+do\s+for\s+(?:a\s+)?(?:living|work)\b|^what\s+(?:is|'s)\s+my\s+(?:job|profession|occupation)\b/,
    ["job", "works_at"],
  ],
  [
    /^what\s+(?:am\s+i|i'm)\s+(?:currently\s+)?working\s+on\b|^(?:what|which)\s+projects?\s+(?:am\s+i|i'm)\s+(?:working\s+)?on\b/,
    ["works_on"],
  ],
  [
    /^what\s+(?:do\s+i|i)\s+prefer\b|^what\s+are\s+my\s+preferences\b|^how\s+do\s+i\s+like\b/,
    ["prefers", "likes"],
  ],
  [/^what\s+do\s+i\s+(?:like|love|enjoy)\b/, ["likes", "prefers"]],
  [/^what\s+(?:do\s+i\s+(?:dislike|hate)|don't\s+i\s+like|do\s+i\s+not\s+like)\b/, ["dislikes"]],
  [
    /^what\s+am\s+i\s+allergic\s+to\b|^(?:what\s+are\s+)?my\s+allergies\b|^do\s+i\s+have\s+(?:any\s+)?allergies\b/,
    ["allergic_to"],
  ],
  [/^what(?:\s+is|'s)\s+my\s+name\b|^who\s+am\s+i\b/, ["name"]],
  [/^how\s+old\s+am\s+i\b/, ["age", "birthday"]],
];

export function parseQuestion(raw: string): Question {
  const text = raw
    .trim()
    .replace(/’/g, "'")
    .replace(/[?!.]+$/, "")
    .replace(LEAD, "")
    .trim();
  const lower = text.toLowerCase();
  let m: RegExpExecArray | null;

  for (const [pattern, predicates] of USER_QUESTIONS) {
    if (pattern.test(lower)) return { kind: "relation", subject: "user", predicates };
  }

  // "what do you know about Sarah", "tell me about my boss", "who is Sarah Chen"
  m =
    /^(?:what\s+(?:else\s+)?(?:do\s+you|you)\s+(?:know|remember)\s+about|what\s+about|(?:tell\s+me\s+)?(?:everything\s+)?about|who\s+(?:is|'s|was)|who's)\s+(.+)$/i.exec(
      text,
    );
  if (m && !/^my\s+.+/i.test(m[1]!) && !/^(?:the|a|an)\s/i.test(m[1]!)) {
    const target = m[1]!.trim();
    if (/^(?:me|myself|the user|user)$/i.test(target)) return { kind: "about", target: "user" };
    return { kind: "about", target: { name: target } };
  }
  if (m && /^my\s+.+/i.test(m[1]!) && /^(?:what|tell|about|everything)/i.test(text)) {
    return { kind: "about", target: { relationOfUser: canonicalPredicate(m[1]!.replace(/^my\s+/i, "")) } };
  }

  // "who is my boss", "what's my wife's name", "when is my birthday", "what is the name of my dentist"
  m =
    /^(?:who|what|where|when|which)(?:\s+(?:is|are|was|were)|'s|'re)\s+my\s+(.+?)(?:'s\s+name|\s+called|\s+named)?$/i.exec(
      text,
    ) ??
    /^what(?:\s+is|'s)\s+the\s+name\s+of\s+my\s+(.+)$/i.exec(text) ??
    /^(?:what|who)\s+do\s+you\s+know\s+(?:is|are)\s+my\s+(.+)$/i.exec(text);
  if (m) {
    // "my wife's birthday": the birthday of whoever the user's wife is.
    const nested = /^(.+?)'s?\s+(.+)$/.exec(m[1]!);
    if (nested && !/^name$/i.test(nested[2]!)) {
      return {
        kind: "relation",
        subject: { relationOfUser: canonicalPredicate(nested[1]!) },
        predicates: [canonicalPredicate(nested[2]!)],
      };
    }
    return { kind: "relation", subject: "user", predicates: [canonicalPredicate(m[1]!)] };
  }

  // "when is Sarah's birthday", "what is Tom's phone number", "who is Anna's husband"
  m = /^(?:who|what|where|when|which)(?:\s+(?:is|are|was)|'s)\s+(.+?)'s?\s+(.+)$/i.exec(text);
  if (m && !/^(?:the|a|an|my|your)$/i.test(m[1]!)) {
    return { kind: "relation", subject: { name: m[1]! }, predicates: [canonicalPredicate(m[2]!)] };
  }
  // "where does Sarah work", "where does Tom live"
  m = /^(?:where|who)\s+does\s+(.+?)\s+(work(?:\s+for|\s+at)?|live)$/i.exec(text);
  if (m) {
    return {
      kind: "relation",
      subject: { name: m[1]! },
      predicates: [m[2]!.startsWith("live") ? "lives_in" : "works_at"],
    };
  }
  return { kind: "search", text: raw };
}
