import { KNOWN_APPS } from "../nlu/slots/entities.js";

/**
 * Shapes in a request that point at a tool group whatever the words around them: a path is
 * about files, a URL about the web, "who is my dentist" about memory. Each cue lifts its
 * groups by `weight` (BM25 units). Written from what the catalog's groups do, not from any
 * request set.
 */
interface Cue {
  pattern: RegExp;
  groups: readonly string[];
  weight: number;
}

const FILE_EXTENSIONS =
  "txt|md|markdown|pdf|docx?|odt|rtf|csv|tsv|xlsx?|ods|pptx?|json|ya?ml|xml|log|ini|conf|png|jpe?g|gif|svg|heic|zip|tar|gz";

const CUES: readonly Cue[] = [
  { pattern: /(?:^|\s)(?:~|\.{1,2})?\/[\w.-]+|\b\w[\w-]*\.(?:FILES)\b/i, groups: ["files"], weight: 2.5 },
  { pattern: /\b(?:file|folder|directory)s?\b/i, groups: ["files"], weight: 1.5 },
  { pattern: /\b\w[\w-]*\.(?:pdf|docx?|odt|pptx?|html?)\b/i, groups: ["docs", "knowledge"], weight: 1 },
  { pattern: /\b\w[\w-]*\.(?:mp3|m4a|wav|ogg|flac|mp4|mkv|mov|webm)\b/i, groups: ["media"], weight: 2 },
  { pattern: /\b\w[\w-]*\.ics\b/i, groups: ["calendar"], weight: 2.5 },
  {
    pattern: /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|org|net|io|dev|co|uk|de|fr|edu|gov)\b/i,
    groups: ["web", "browser"],
    weight: 2,
  },
  { pattern: /\b[\w.+-]+@[\w-]+\.[\w.]+\b/, groups: ["mail", "contacts"], weight: 2 },
  {
    pattern:
      /\b(?:my|the|a|our|this|that|new)\s+(?:[\w'-]+\s+){0,3}list\b|\blists?\s+(?:of|for|called|named)\b|\bon (?:my|the) list\b|\b(?:checklist|to-?do list|shopping|groceries|grocery|packing)\b|\b(?!play)[a-z]{3,}list\b/i,
    groups: ["lists"],
    weight: 2.5,
  },
  {
    pattern:
      /\b(?:who(?:'s| is| was)|what(?:'s| is| was)|when(?:'s| is))\s+my\b|\bmy\s+(?:home |work |office )?address\b|\bmy\s+(?:wife|husband|partner|girlfriend|boyfriend|spouse|mum|mom|mother|dad|father|sister|brother|son|daughter|kids?|child|children|boss|manager|dentist|doctor|landlord|neighbou?r|coach|teacher|friend|colleague|allerg\w*|preferences?|favou?rite)\b|\b(?:did i tell you|do you (?:know|remember)|you remember|what do you know)\b/i,
    groups: ["memory"],
    weight: 4,
  },
  { pattern: /\b(?:app|application|program)s?\b/i, groups: ["apps", "ui"], weight: 1.2 },
  { pattern: /\bAPPS\b/i, groups: ["apps", "windows"], weight: 1.5 },
  {
    pattern: /\b(?:button|checkbox|dialog|toggle|switch on|turn on|dropdown|menu|dark mode|settings?)\b/i,
    groups: ["ui"],
    weight: 1,
  },
  {
    pattern: /\b(?:i )?(?:copied|clipboard|paste|pasted)\b|\bcopy (?:it|that|this|the)\b/i,
    groups: ["clipboard"],
    weight: 1.5,
  },
  { pattern: /\bon (?:the |my )?screen\b|\bscreen\b/i, groups: ["screen"], weight: 1 },
  {
    pattern:
      /\b(?:tomorrow|tonight|today|next week|this week|monday|tuesday|wednesday|thursday|friday|saturday|sunday|at \d{1,2}(?::\d\d)?\s*(?:am|pm)?)\b/i,
    groups: ["calendar", "reminders"],
    weight: 0.4,
  },
  {
    // A question about the world, not about the user's own things, is the web's
    pattern:
      /^(?!.*\b(?:my|me|mine|i|i'm|our|we)\b).*\b(?:who|what|when|where|which|how (?:much|many|old|tall|far|long))\b.*\b(?:won|win|is|are|was|were|did|does|do|costs?|happened)\b/i,
    groups: ["web"],
    weight: 1.5,
  },
];

/** Desktop apps by name ("fire up slack"): the NLU's list of apps it knows. */
const APP_NAMES = KNOWN_APPS.map((name) => name.replace(/^the /, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
  .sort((a, b) => b.length - a.length)
  .join("|");

const COMPILED: readonly Cue[] = CUES.map((cue) => ({
  ...cue,
  pattern: new RegExp(
    cue.pattern.source.replace("FILES", FILE_EXTENSIONS).replace("\\bAPPS\\b", `\\b(?:${APP_NAMES})\\b`),
    cue.pattern.flags,
  ),
}));

/** Group lifts the request's shapes call for. */
export function cueLifts(text: string): Map<string, number> {
  const lifts = new Map<string, number>();
  for (const cue of COMPILED) {
    if (!cue.pattern.test(text)) continue;
    for (const group of cue.groups) lifts.set(group, (lifts.get(group) ?? 0) + cue.weight);
  }
  return lifts;
}
