import type { GroupCue } from "../../core/language.js";
import type { RelatedPhrase, RelatedWords } from "./terms.js";
import type { CatalogTool } from "./tool-index.js";

/** A shape this heavy is one its group declares unambiguous for the group. */
export const STRONG_SHAPE = 3;

/** The particles of English phrasal verbs ("put away", "flash up"). */
const PARTICLES = new Set(["up", "down", "off", "on", "out", "away", "over", "back", "in", "through"]);
/** What stands between a phrasal verb and its particle: a pronoun, never a clause. */
const OBJECT = "(?:it|them|this|that|these|those|him|her|me|us|everything|all)";

/**
 * What the tool groups of a catalog declare about how requests point at them (`groupCues`,
 * from each group's own `cues.ts`): shapes that point at a group whatever the words around
 * them — a path at files, a URL at the web — and everyday words for the terms its tools use
 * ("inbox" → mail). Compiled once per catalog; a group's shape counts once however many of its
 * tools carry it. The engine brings none of its own.
 */
export class CompiledCues {
  private readonly shapes = new Map<string, GroupCue[]>();
  readonly words: RelatedWords;
  readonly phrases: readonly RelatedPhrase[];
  /** Tools their groups declare general (`GroupCues.general`), in catalog order. */
  readonly general: readonly string[];

  constructor(catalog: readonly CatalogTool[]) {
    const seen = new Set<string>();
    const groupOf = new Map(catalog.map((tool) => [tool.name, tool.group]));
    const general: string[] = [];
    const words = new Map<string, string[]>();
    for (const tool of catalog) {
      for (const cue of tool.groupCues?.shapes ?? []) {
        const key = `${tool.group}\u0000${cue.pattern.source}\u0000${cue.pattern.flags}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const list = this.shapes.get(tool.group) ?? [];
        // A global or sticky pattern would remember where it last matched; shapes test whole texts
        list.push({
          pattern: new RegExp(cue.pattern.source, cue.pattern.flags.replace(/[gy]/g, "")),
          weight: cue.weight,
        });
        this.shapes.set(tool.group, list);
      }
      // Only a group's own tools: a group cannot make another's tool general
      for (const name of tool.groupCues?.general ?? [])
        if (groupOf.get(name) === tool.group && !general.includes(name)) general.push(name);
      for (const [word, terms] of Object.entries(tool.groupCues?.words ?? {})) {
        const key = word.toLowerCase();
        const list = words.get(key) ?? [];
        for (const term of terms) if (!list.includes(term)) list.push(term);
        words.set(key, list);
      }
    }
    const phrases: RelatedPhrase[] = [];
    for (const [key, terms] of words) {
      if (!key.includes(" ")) continue;
      words.delete(key);
      // Whole words, any spacing: "out of my way" is not "without of my way"
      const parts = key.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      // A verb and its particle take their object between them too ("flash it up", "add them up")
      const source =
        parts.length === 2 && PARTICLES.has(parts[1]!)
          ? `${parts[0]}(?:\\s+${OBJECT})?\\s+${parts[1]}`
          : parts.join("\\s+");
      phrases.push({ pattern: new RegExp(`\\b${source}\\b`, "i"), terms });
    }
    this.general = general;
    this.words = words;
    this.phrases = phrases;
  }

  /**
   * Groups a shape of weight `STRONG_SHAPE` or more matches in the text: a shape its group
   * declares unambiguous ("push … ~/code", "350F", "out loud").
   */
  strong(text: string): Set<string> {
    const out = new Set<string>();
    for (const [group, cues] of this.shapes)
      if (cues.some((cue) => cue.weight >= STRONG_SHAPE && cue.pattern.test(text))) out.add(group);
    return out;
  }

  /** How much the text's shapes lift each group (BM25 units). */
  lifts(text: string): Map<string, number> {
    const lifts = new Map<string, number>();
    for (const [group, cues] of this.shapes) {
      for (const cue of cues)
        if (cue.pattern.test(text)) lifts.set(group, (lifts.get(group) ?? 0) + cue.weight);
    }
    return lifts;
  }
}
