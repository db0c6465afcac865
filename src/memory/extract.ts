import { splitSentences } from "../knowledge/text.js";
import {
  canonicalPredicate,
  type EntityKind,
  isPersonRelation,
  objectKind,
  statement,
} from "./vocabulary.js";

export interface EntityRef {
  name: string;
  kind: EntityKind;
  /** Not named yet: "the user's <via>" (resolved against the graph when stored). */
  via?: string;
}

/** One fact pulled out of what the user said: a relation when a pattern fits, else a note. */
export interface Extraction {
  /** The canonical sentence stored and shown ("The user's boss is Sarah Chen."). */
  text: string;
  relation?: {
    subject: EntityRef;
    predicate: string;
    /** An entity (a person, a place) or a plain value (a date, a number). */
    object?: EntityRef;
    value?: string;
  };
  /** What to store instead when `relation.subject.via` names no one known yet. */
  fallback?: Extraction;
}

/** Turns a statement into facts; the pattern one below works offline, an LLM one can be injected. */
export interface FactExtractor {
  extract(text: string): Promise<Extraction[]>;
}

const USER: EntityRef = { name: "User", kind: "user" };

/** Leading words that ask to remember rather than state anything. */
const PREAMBLE =
  /^(?:(?:hey\s+)?jarvis[,:]?\s+)?(?:please\s+)?(?:(?:can you|could you|would you)\s+)?(?:remember|note|memori[sz]e|keep in mind|don'?t forget|do not forget|make a note|write down|save|fyi|for the record|just so you know|for your information)(?:\s+(?:that|this|the fact that))?[\s,:-]*/i;

const NAME = "([A-Z][\\p{L}'’.-]*(?:\\s+(?:[A-Z][\\p{L}'’.-]*|van|von|de|da|del|di|le|la|bin|al)){0,4})";

/** Pattern extraction: the same phrasings the embedded NLU recognises, no model needed. */
export class PatternFactExtractor implements FactExtractor {
  async extract(text: string): Promise<Extraction[]> {
    return extractFacts(text);
  }
}

export function extractFacts(input: string): Extraction[] {
  const body = input.trim().replace(PREAMBLE, "").trim();
  if (!body) return [];
  const out: Extraction[] = [];
  for (const clause of splitClauses(body)) {
    const extraction = extractClause(clause);
    if (extraction) out.push(extraction);
  }
  return out;
}

function splitClauses(text: string): string[] {
  return splitSentences(text)
    .flatMap((sentence) => sentence.split(/\s*;\s*|,?\s+and\s+(?=(?:my|i|i'm|i am|i've)\b)/i))
    .map((c) => c.trim().replace(/[.!;,\s]+$/, ""))
    .filter((c) => c.length > 0);
}

function extractClause(clause: string): Extraction {
  const c = clause.replace(/’/g, "'");
  let m: RegExpExecArray | null;

  // "my wife's name is Anna", "the name of my dentist is Dr. Patel"
  m = /^my\s+(.+?)'s\s+name\s+is\s+(.+)$/i.exec(c) ?? /^the\s+name\s+of\s+my\s+(.+?)\s+is\s+(.+)$/i.exec(c);
  if (m) {
    const predicate = canonicalPredicate(m[1]!);
    return userRelation(predicate, m[2]!, isPersonRelation(predicate) ? "person" : "thing");
  }

  // "my daughter's school is Lindenschule": about the daughter, once we know who she is.
  m = /^my\s+([\p{L} -]+?)'s\s+(.+?)\s+(?:is|was|are)\s+(.+)$/iu.exec(c);
  if (m && isPersonRelation(canonicalPredicate(m[1]!))) {
    const via = canonicalPredicate(m[1]!);
    const fallback = userRelation(canonicalPredicate(`${m[1]!}'s ${m[2]!}`), m[3]!);
    const predicate = canonicalPredicate(m[2]!);
    const kind = objectKind(predicate);
    const object = cleanObject(m[3]!, predicate, kind === "person");
    return {
      text: fallback.text,
      relation: {
        subject: { name: "", kind: "person", via },
        predicate,
        ...(kind ? { object: { name: object, kind } } : { value: object }),
      },
      fallback,
    };
  }

  // "my name is Alex", "call me Alex"
  m = /^(?:my\s+name\s+is|call\s+me|i'm\s+called|i\s+am\s+called)\s+(.+)$/i.exec(c);
  if (m) return userRelation("name", m[1]!);

  // "my favorite color is green", "my boss is Sarah Chen", "my birthday is on May 3"
  m = /^my\s+(.+?)\s+(?:is|was|=)\s+(?:called\s+|named\s+)?(.+)$/i.exec(c);
  if (m) return userRelation(canonicalPredicate(m[1]!), m[2]!);

  // "Sarah Chen is my boss"
  m = new RegExp(`^${NAME}\\s+is\\s+my\\s+(.+)$`, "u").exec(c);
  if (m && !/^(it|this|that|there|he|she|they)$/i.test(m[1]!)) {
    return userRelation(canonicalPredicate(m[2]!), m[1]!, "person");
  }

  // Preferences and dislikes.
  m = /^i\s+(?:really\s+|much\s+|always\s+|usually\s+)?(prefer|like|love|enjoy|adore)\s+(.+)$/i.exec(c);
  if (m) return userRelation(m[1]!.toLowerCase() === "prefer" ? "prefers" : "likes", m[2]!);
  m =
    /^i\s+(?:(?:really\s+)?(?:don't|do not|can't|cannot)\s+(?:like|stand|eat)|dislike|hate|detest)\s+(.+)$/i.exec(
      c,
    );
  if (m) return userRelation("dislikes", m[1]!);
  m = /^i(?:'m|\s+am)\s+allergic\s+to\s+(.+)$/i.exec(c);
  if (m) return userRelation("allergic_to", m[1]!);

  // Places, work, projects.
  m = /^i\s+(?:live|reside|stay)\s+in\s+(.+)$/i.exec(c) ?? /^i(?:'ve|\s+have)?\s+moved\s+to\s+(.+)$/i.exec(c);
  if (m) return userRelation("lives_in", m[1]!);
  m =
    /^i(?:'m|\s+am)\s+(?:originally\s+)?from\s+(.+)$/i.exec(c) ??
    /^i\s+(?:come\s+from|grew\s+up\s+in|was\s+born\s+in)\s+(.+)$/i.exec(c);
  if (m) return userRelation("from", m[1]!);
  m = /^i(?:'m|\s+am)?\s+(?:currently\s+)?working\s+on\s+(.+)$/i.exec(c) ?? /^i\s+work\s+on\s+(.+)$/i.exec(c);
  if (m) return userRelation("works_on", m[1]!);
  m = /^i\s+work\s+(?:at|for)\s+(.+)$/i.exec(c) ?? /^i(?:'m|\s+am)\s+employed\s+(?:at|by)\s+(.+)$/i.exec(c);
  if (m) return userRelation("works_at", m[1]!);
  m = /^i\s+work\s+as\s+(.+)$/i.exec(c);
  if (m) return userRelation("job", m[1]!);

  // Other people: "Sarah's birthday is May 3", "Sarah Chen works at Acme".
  m = new RegExp(`^${NAME}'s?\\s+(.+?)\\s+is\\s+(?:on\\s+)?(.+)$`, "u").exec(c);
  if (m) return otherRelation(m[1]!, canonicalPredicate(m[2]!), m[3]!);
  m = new RegExp(
    `^${NAME}\\s+(lives\\s+in|works\\s+(?:at|for)|works\\s+on|is\\s+from|likes|loves|prefers|hates|dislikes)\\s+(.+)$`,
    "u",
  ).exec(c);
  if (m) {
    const verb = m[2]!.toLowerCase().replace(/\s+/g, " ");
    const predicate =
      verb === "lives in"
        ? "lives_in"
        : verb.startsWith("works at") || verb === "works for"
          ? "works_at"
          : verb === "works on"
            ? "works_on"
            : verb === "is from"
              ? "from"
              : verb === "prefers"
                ? "prefers"
                : verb === "hates" || verb === "dislikes"
                  ? "dislikes"
                  : "likes";
    return otherRelation(m[1]!, predicate, m[3]!);
  }

  // "I am a vegetarian", "I'm left-handed": a statement about the user with no object entity.
  m = /^i(?:'m|\s+am)\s+(?!going\b|trying\b|not\s+sure\b)(.+)$/i.exec(c);
  if (m) return userRelation("is", m[1]!);

  return { text: toThirdPerson(c) };
}

function userRelation(predicate: string, rawObject: string, kindOverride?: EntityKind): Extraction {
  const kind = kindOverride ?? objectKind(predicate);
  const object = cleanObject(rawObject, predicate, kind === "person");
  const text = statement("User", predicate, object);
  return kind
    ? { text, relation: { subject: USER, predicate, object: { name: object, kind } } }
    : { text, relation: { subject: USER, predicate, value: object } };
}

function otherRelation(subject: string, predicate: string, rawObject: string): Extraction {
  const name = cleanObject(subject, "name", true);
  const kind = objectKind(predicate);
  const object = cleanObject(rawObject, predicate, kind === "person");
  const text = statement(name, predicate, object);
  const subjectRef: EntityRef = { name, kind: "person" };
  return kind
    ? { text, relation: { subject: subjectRef, predicate, object: { name: object, kind } } }
    : { text, relation: { subject: subjectRef, predicate, value: object } };
}

/** Trims trailing filler; person names get capitalised ("sarah chen" → "Sarah Chen"). */
function cleanObject(raw: string, predicate: string, isName: boolean): string {
  let value = raw
    .trim()
    .replace(/[.!?,;]+$/, "")
    .replace(/^["“'](.*)["”']$/, "$1")
    .trim();
  value = value.replace(/\s+(?:by the way|btw|now|these days|nowadays)$/i, "");
  // "my office is in Berlin" → Berlin; "my birthday is on May 3" → May 3.
  if (objectKind(predicate) === "place") value = value.replace(/^(?:in|at)\s+/i, "");
  if (predicate === "birthday" || predicate === "anniversary") value = value.replace(/^on\s+/i, "");
  if (isName) {
    value = value.replace(/^(?:a|an|the)\s+/i, "");
    if (value === value.toLowerCase())
      value = value.replace(/(^|[\s-])(\p{L})/gu, (_, p: string, l: string) => p + l.toUpperCase());
  }
  return value;
}

/** "my car is blue" → "the user's car is blue": stored facts speak about the user in third person. */
export function toThirdPerson(text: string): string {
  const converted = text
    .replace(/\bI am\b|\bI'm\b/gi, "the user is")
    .replace(/\bI was\b/gi, "the user was")
    .replace(/\bI have\b|\bI've\b/gi, "the user has")
    .replace(/\bI'll\b/gi, "the user will")
    .replace(/\bI'd\b/gi, "the user would")
    .replace(/\bmyself\b/gi, "the user")
    .replace(/\bmy\b/gi, "the user's")
    .replace(/\bmine\b/gi, "the user's")
    .replace(/\bme\b/gi, "the user")
    .replace(/\bI\b/g, "the user");
  const sentence = converted.charAt(0).toUpperCase() + converted.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
