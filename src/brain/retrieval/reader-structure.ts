import { termOf, wordsOf } from "./terms.js";

/**
 * What a request's structure says about the steps it needs, as features for the group and tool
 * readers (decision 0048, model24): which value shapes it carries, what each step does (the word
 * that leads it), the object the step names, what a later step takes from an earlier one, and
 * the frame a step sits in (a condition, a question). None of these is a cue word for a tool:
 * they are positions and shapes, so a writer whose words nobody trained on still shares them.
 */
export function structureFeatures(text: string): string[] {
  const out = new Set<string>();
  for (const [shape, pattern] of SHAPES) if (pattern.test(text)) out.add(`s:${shape}`);
  for (const f of placeFeatures(text)) out.add(f);
  const clauses = stepsOf(text);
  out.add(`n:${Math.min(clauses.length, 3)}`);
  let before: string | undefined;
  for (const [i, clause] of clauses.entries()) {
    const words = wordsOf(clause.text);
    let k = 0;
    while (k < words.length && LEAD_IN.has(words[k]!)) k++;
    const head = words[k];
    if (head === undefined) continue;
    const lead = /^\d+$/.test(head) ? "#" : termOf(head);
    const at = words.findIndex((w, j) => j > k && !FILLER.has(w) && !/^\d+$/.test(w));
    const object = at < 0 ? undefined : words[at];
    // How the object is referred to: a new thing to make ("a note"), one that exists and must
    // be found ("the report", "that file"), one of the person's own ("my boss"), or bare
    const det = words.slice(k + 1, at < 0 ? k + 1 : at).find((w) => REFERENCE.has(w));
    const reference = det === undefined ? "bare" : REFERENCE.get(det)!;
    out.add(`d:${reference}`);
    out.add(`hd:${termOf(head)} ${reference}`);
    const place = i === 0 ? "1" : "2";
    out.add(`h:${lead}`);
    out.add(`h${place}:${lead}`);
    if (object !== undefined) {
      out.add(`o:${termOf(object)}`);
      out.add(`ho:${lead} ${termOf(object)}`);
    }
    const frame = clause.frame;
    if (frame) {
      out.add(`f:${frame}`);
      out.add(`fh:${frame} ${lead}`);
    }
    // A later step that takes what an earlier one found ("… and send it to her")
    if (i > 0 && words.some((w) => HANDED.has(w))) {
      out.add(`t:${lead}`);
      // …and which step's result it takes: "find … and send it" is not "write … and send it"
      if (before !== undefined) out.add(`tp:${before} ${lead}`);
    }
    before = lead;
    // What "my" owns: a role, a thing kept, a place
    for (const [j, w] of words.entries())
      if (w === "my" && words[j + 1] !== undefined && !FILLER.has(words[j + 1]!))
        out.add(`m:${termOf(words[j + 1]!)}`);
  }
  return [...out];
}

/** One step of a request and the frame it is said in (a condition, a repetition, a question). */
interface Step {
  text: string;
  frame: string | undefined;
}

/** Words that join steps; the ones that frame a step (a condition, a time) are kept as its frame. */
const JOIN =
  /[,;!]+\s*|\.\s+|\?\s*|\s+(and then|then|and|after that|also|plus|but|so|before|after|once|when|whenever|while|if|unless|every time|each time|as soon as)\s+/i;

/** Splits a request into its steps, each with the joining word that frames it. */
function stepsOf(text: string): Step[] {
  const parts = text.split(JOIN);
  const steps: Step[] = [];
  let frame: string | undefined;
  const first = /^\s*(when|whenever|if|once|every time|each time|as soon as|before|after)\b\s*/i.exec(text);
  if (first) frame = FRAMES.get(first[1]!.toLowerCase());
  for (let i = 0; i < parts.length; i += 2) {
    let piece = parts[i]?.trim() ?? "";
    if (i === 0 && first) piece = piece.slice(first[0].trim().length).trim();
    if (i === 0 && /\?\s*$/.test(text) && steps.length === 0 && parts.length === 1) frame = frame ?? "ask";
    if (piece.split(/\s+/).length >= 1 && piece.length > 0) steps.push({ text: piece, frame });
    const joiner = parts[i + 1]?.toLowerCase();
    frame = joiner ? FRAMES.get(joiner) : undefined;
  }
  return steps;
}

const FRAMES: ReadonlyMap<string, string> = new Map([
  ["when", "cond"],
  ["whenever", "cond"],
  ["if", "cond"],
  ["unless", "cond"],
  ["once", "cond"],
  ["every time", "cond"],
  ["each time", "cond"],
  ["as soon as", "cond"],
  ["before", "order"],
  ["after", "order"],
  ["after that", "order"],
  ["then", "order"],
  ["and then", "order"],
]);

/** Value shapes: what kind of thing a request carries, whatever its words. */
const SHAPES: ReadonlyArray<[string, RegExp]> = [
  ["time", /\b\d{1,2}(:\d\d)?\s?(am|pm)\b|\b\d{1,2}:\d\d\b|\b(noon|midnight)\b/i],
  ["day", /\b(mon|tues|wednes|thurs|fri|satur|sun)day|\b(today|tomorrow|tonight|yesterday|weekend)\b/i],
  [
    "date",
    /\b\d{1,2}(st|nd|rd|th)?\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}(st|nd|rd|th)?\b|\b\d{1,2}\/\d{1,2}\b/i,
  ],
  [
    "span",
    /\b\d+\s?(sec|second|min|minute|hr|hour|day|week|month)s?\b|\b(an|half an|a)\s+(hour|minute|day|week)\b/i,
  ],
  ["file", /\b[\w-]+\.[a-z0-9]{2,4}\b(?<!\.(com|org|net|io|uk|dev|co|me|app))/i],
  ["url", /https?:\/\/|\bwww\.|\b[\w-]+\.(com|org|net|io|dev|app|co\.uk)\b/i],
  ["email", /\b[\w.+-]+@[\w-]+\.[\w.]+/],
  ["money", /[£$€]\s?\d|\b\d+(\.\d\d)?\s?(quid|pounds|dollars|euros|bucks)\b/i],
  ["pct", /\d\s?%|\bpercent\b/i],
  ["quote", /["“”][^"“”]{2,}["“”]|(^|\s)'[^']{3,}'(\s|$|[,.?!])/],
  ["path", /(^|\s)(~\/|\/\w+\/|[a-z]:\\)/i],
  ["number", /\b\d+\b/],
  // A recurrence: something that happens again and again is a standing arrangement, whatever
  // the writer calls it ("every other Tuesday", "on Mondays", "each night", "weekly")
  [
    "recur",
    /\b(every|each)\s+(other\s+|single\s+|\d+\s+)?(day|morning|afternoon|evening|night|week|weekday|weekend|month|year|hour|minute|time|(mon|tues|wednes|thurs|fri|satur|sun)day)s?\b|\b(daily|nightly|weekly|fortnightly|monthly|hourly|yearly|annually)\b|\b(mon|tues|wednes|thurs|fri|satur|sun)days\b|\b(mon|tues|wednes|thurs|fri|satur|sun)(day)?\s*(to|through|till|until|-|–)\s*(mon|tues|wednes|thurs|fri|satur|sun)(day)?\b|\b(weekdays|weeknights|mornings|evenings)\b/i,
  ],
  // A thing named by the day it belongs to ("Thursday's viewing", "tomorrow's meeting")
  [
    "dayof",
    /\b((mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow|tonight|yesterday|week|month|morning)'s\b/i,
  ],
  // A thing named by who it belongs to or came from ("Priya's invoice")
  ["owner", /\b[A-Z][a-z]{2,}'s\s+[a-z]/],
  ["name", /\s[A-Z][a-z]{2,}/],
  ["ask", /\?\s*$|^\s*(what|who|where|which|why|how|is|are|do|does|did|have|has)\b/i],
];

/**
 * Where a thing goes, comes from or is kept: the word a "to / into / in / on / from / onto"
 * phrase names ("… to my notes", "from the downloads folder", "in the calendar"), and whether a
 * person's name sits there ("from Priya": a thing someone sent; "to Sam": a delivery). A step's
 * place says which collection it reads or writes whatever verb the writer chose.
 */
function placeFeatures(text: string): string[] {
  const out: string[] = [];
  const pattern =
    /\b(to|into|in|on|onto|from|off)\s+(?:(?:my|the|our|your|his|her|their|this|that)\s+)?([A-Za-z][\w'-]*)/g;
  for (const match of text.matchAll(pattern)) {
    const prep = match[1]!.toLowerCase();
    const word = match[2]!;
    const kind =
      prep === "from" || prep === "off"
        ? "from"
        : prep === "to" || prep === "into" || prep === "onto"
          ? "to"
          : "in";
    if (/^[A-Z][a-z]{2,}$/.test(word) && !CALENDAR_WORD.test(word)) out.push(`p:${kind} name`);
    else out.push(`p:${kind} ${termOf(word.toLowerCase())}`);
  }
  return out;
}

/** Capitalised words that are days and months, not people. */
const CALENDAR_WORD =
  /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$|^(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)$/;

/** Words before a step's own verb ("please", "can you", "I want you to"). */
const LEAD_IN = new Set(
  "please can could would will you u just also then and now ok okay hey jarvis i we i'd i'll want need like to go ahead quickly quick kindly pls plz lemme let me us gonna wanna".split(
    " ",
  ),
);

/** Words that name nothing (skipped when finding the object a step names). */
const FILLER = new Set(
  "a an the my our your his her their its this that these those some any all me us him them it to for of in on at with from up down out over about again back off just all".split(
    " ",
  ),
);

/** How a step refers to its object: new, known (to be found), owned. */
const REFERENCE: ReadonlyMap<string, string> = new Map([
  ...["a", "an", "some", "another"].map((w): [string, string] => [w, "new"]),
  ...["the", "this", "that", "these", "those", "it", "them"].map((w): [string, string] => [w, "known"]),
  ...["my", "our", "your", "his", "her", "their"].map((w): [string, string] => [w, "own"]),
]);

/** Words by which a step points at what an earlier one found or made. */
const HANDED = new Set(["it", "them", "that", "those", "these", "this", "one", "ones", "him", "her"]);
