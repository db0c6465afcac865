import type { GroupCue } from "../../core/language.js";
import type { CatalogTool } from "./tool-index.js";

/**
 * The group cues of a catalog: shapes each tool group declares (`groupCues`, from its own
 * `cues.ts`) that point at it whatever the words around them — a path at files, a URL at the
 * web. Compiled once per catalog; a group's cue counts once however many of its tools carry it.
 */
export class GroupCues {
  private readonly byGroup = new Map<string, GroupCue[]>();

  constructor(catalog: readonly CatalogTool[]) {
    const seen = new Set<string>();
    for (const tool of catalog) {
      for (const cue of tool.groupCues ?? []) {
        const key = `${tool.group}\u0000${cue.pattern.source}\u0000${cue.pattern.flags}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const list = this.byGroup.get(tool.group) ?? [];
        // A global or sticky pattern would remember where it last matched; cues test whole texts
        list.push({
          pattern: new RegExp(cue.pattern.source, cue.pattern.flags.replace(/[gy]/g, "")),
          weight: cue.weight,
        });
        this.byGroup.set(tool.group, list);
      }
    }
  }

  /** How much the text's shapes lift each group (BM25 units). */
  lifts(text: string): Map<string, number> {
    const lifts = new Map<string, number>();
    for (const [group, cues] of this.byGroup) {
      for (const cue of cues)
        if (cue.pattern.test(text)) lifts.set(group, (lifts.get(group) ?? 0) + cue.weight);
    }
    return lifts;
  }
}
