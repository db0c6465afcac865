/** The small ontology of the memory graph: which relations exist, what they point at, how they read. */

export type EntityKind = "user" | "person" | "place" | "organization" | "project" | "preference" | "thing";

/** People the user relates to, and whether one person fills the role (a new one replaces the old). */
const PERSON_RELATIONS: Readonly<Record<string, "single" | "multi">> = {
  boss: "single",
  manager: "single",
  supervisor: "single",
  "team lead": "single",
  wife: "single",
  husband: "single",
  spouse: "single",
  partner: "single",
  girlfriend: "single",
  boyfriend: "single",
  fiancé: "single",
  mother: "single",
  father: "single",
  stepmother: "single",
  stepfather: "single",
  "mother-in-law": "single",
  "father-in-law": "single",
  doctor: "single",
  dentist: "single",
  lawyer: "single",
  accountant: "single",
  landlord: "single",
  therapist: "single",
  assistant: "single",
  mentor: "single",
  "best friend": "single",
  hairdresser: "single",
  babysitter: "single",
  plumber: "single",
  friend: "multi",
  colleague: "multi",
  teammate: "multi",
  sister: "multi",
  brother: "multi",
  son: "multi",
  daughter: "multi",
  child: "multi",
  cousin: "multi",
  neighbor: "multi",
  aunt: "multi",
  uncle: "multi",
  grandmother: "multi",
  grandfather: "multi",
  nephew: "multi",
  niece: "multi",
  roommate: "multi",
  client: "multi",
  teacher: "multi",
  coach: "single",
};

const ALIASES: Readonly<Record<string, string>> = {
  mom: "mother",
  mum: "mother",
  mommy: "mother",
  mama: "mother",
  dad: "father",
  daddy: "father",
  papa: "father",
  coworker: "colleague",
  "co-worker": "colleague",
  "work colleague": "colleague",
  neighbour: "neighbor",
  kid: "child",
  children: "child",
  kids: "child",
  grandma: "grandmother",
  granny: "grandmother",
  grandpa: "grandfather",
  fiance: "fiancé",
  fiancee: "fiancé",
  fiancée: "fiancé",
  gf: "girlfriend",
  bf: "boyfriend",
  physician: "doctor",
  gp: "doctor",
  "family doctor": "doctor",
  employer: "works_at",
  company: "works_at",
  workplace: "works_at",
  job: "job",
  occupation: "job",
  profession: "job",
  "home town": "hometown",
  "birth day": "birthday",
  "date of birth": "birthday",
  "phone number": "phone",
  "mobile number": "phone",
  "cell number": "phone",
  "email address": "email",
  "e-mail": "email",
  "e-mail address": "email",
  "current project": "works_on",
  project: "works_on",
  projects: "works_on",
};

/** Attributes that hold a place; "my office is in Berlin" makes Berlin a place entity. */
const PLACE_ATTRIBUTES = new Set([
  "hometown",
  "home",
  "city",
  "office",
  "gym",
  "school",
  "university",
  "lives_in",
  "from",
]);

/** Relations other than people that take one value at a time. */
const SINGLE_VALUED = new Set([
  "name",
  "birthday",
  "anniversary",
  "phone",
  "email",
  "address",
  "hometown",
  "home",
  "city",
  "office",
  "lives_in",
  "from",
  "works_at",
  "job",
  "age",
]);

/** Canonical relation name for words the user says ("Mom's" → mother, "favourite" → favorite). */
export function canonicalPredicate(raw: string): string {
  let p = raw
    .toLowerCase()
    .replace(/[’']s$/, "")
    .replace(/\bfavourite\b/g, "favorite")
    .replace(/\bcolour\b/g, "color")
    .replace(/\s+/g, " ")
    .trim();
  if (ALIASES[p]) return ALIASES[p]!;
  if (p.startsWith("favorite ")) return `favorite_${p.slice(9).replace(/\s+/g, "_")}`;
  const singular = p.slice(0, -1);
  if (!PERSON_RELATIONS[p] && p.endsWith("s") && (PERSON_RELATIONS[singular] || ALIASES[singular]))
    p = singular;
  return ALIASES[p] ?? p.replace(/\s+/g, "_");
}

export function isPersonRelation(predicate: string): boolean {
  return PERSON_RELATIONS[predicate.replace(/_/g, " ")] !== undefined;
}

/** A new value replaces the old one for single-valued relations (one boss, one home town). */
export function isSingleValued(predicate: string): boolean {
  const person = PERSON_RELATIONS[predicate.replace(/_/g, " ")];
  if (person) return person === "single";
  return SINGLE_VALUED.has(predicate) || predicate.startsWith("favorite_");
}

/** What kind of entity the object of a relation is, or undefined when it is a plain value. */
export function objectKind(predicate: string): EntityKind | undefined {
  if (isPersonRelation(predicate)) return "person";
  if (PLACE_ATTRIBUTES.has(predicate)) return "place";
  if (predicate === "works_at") return "organization";
  if (predicate === "works_on") return "project";
  if (
    predicate === "prefers" ||
    predicate === "likes" ||
    predicate === "dislikes" ||
    predicate.startsWith("favorite_")
  ) {
    return "preference";
  }
  return undefined;
}

/** Relations worth trying when the asked one is empty ("manager" when "boss" is known). */
export const RELATED_PREDICATES: Readonly<Record<string, readonly string[]>> = {
  boss: ["manager", "supervisor", "team_lead"],
  manager: ["boss", "supervisor", "team_lead"],
  supervisor: ["boss", "manager"],
  wife: ["spouse", "partner"],
  husband: ["spouse", "partner"],
  spouse: ["wife", "husband", "partner"],
  partner: ["wife", "husband", "spouse", "girlfriend", "boyfriend", "fiancé"],
  prefers: ["likes"],
  likes: ["prefers"],
  child: ["son", "daughter"],
  home: ["lives_in", "address", "hometown"],
  lives_in: ["home", "city", "address"],
  city: ["lives_in", "hometown"],
  address: ["home"],
  job: ["works_at"],
  works_at: ["job", "office"],
};

/** The relation as a readable phrase: "boss", "favorite color", "lives in". */
export function predicateLabel(predicate: string): string {
  if (predicate.startsWith("favorite_")) return `favorite ${predicate.slice(9).replace(/_/g, " ")}`;
  return predicate.replace(/_/g, " ");
}

/** One sentence stating a relation, as stored and shown: "The user's boss is Sarah Chen." */
export function statement(subject: string, predicate: string, object: string): string {
  const who = subject === "User" ? "The user" : subject;
  const whose = subject === "User" ? "The user's" : `${subject}'s`;
  switch (predicate) {
    case "prefers":
      return `${who} prefers ${object}.`;
    case "likes":
      return `${who} likes ${object}.`;
    case "dislikes":
      return `${who} dislikes ${object}.`;
    case "allergic_to":
      return `${who} is allergic to ${object}.`;
    case "lives_in":
      return `${who} lives in ${object}.`;
    case "from":
      return `${who} is from ${object}.`;
    case "works_at":
      return `${who} works at ${object}.`;
    case "works_on":
      return `${who} is working on ${object}.`;
    case "job":
      return `${who} works as ${/^(a|an|the)\s/i.test(object) ? object : `${/^[aeiou]/i.test(object) ? "an" : "a"} ${object}`}.`;
    case "is":
      return `${who} is ${object}.`;
    default:
      return `${whose} ${predicateLabel(predicate)} is ${object}.`;
  }
}
