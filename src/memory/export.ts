import type { Memory } from "./memory.js";
import { USER_ENTITY_ID } from "./store.js";
import { predicateLabel } from "./vocabulary.js";

const KIND_TITLES: Record<string, string> = {
  person: "People",
  place: "Places",
  organization: "Organizations",
  project: "Projects",
  preference: "Preferences",
  thing: "Other things",
};

/** Everything remembered, as Markdown a person can read, keep, or edit and re-teach. */
export function exportMarkdown(memory: Memory, now: number): string {
  const lines: string[] = ["# What Jarvis remembers", "", `Exported ${new Date(now).toISOString()}.`, ""];
  const items = memory.list();
  const facts = items.filter((i) => i.kind === "fact");
  const episodes = items.filter((i) => i.kind === "episode");
  lines.push(`## Facts (${facts.length})`, "");
  if (facts.length === 0) lines.push("_Nothing yet._");
  for (const fact of facts) {
    const said = fact.said && fact.said !== fact.text ? ` You said: “${fact.said}”` : "";
    lines.push(`- ${fact.text} _(${fact.id}, ${fact.source}.${said})_`);
  }
  lines.push("");
  const entities = memory.store.entities().filter((e) => e.id !== USER_ENTITY_ID);
  for (const [kind, title] of Object.entries(KIND_TITLES)) {
    const group = entities.filter((e) => e.kind === kind);
    if (group.length === 0) continue;
    lines.push(`## ${title}`, "");
    for (const entity of group) {
      const edges = memory.store.relations({ entityId: entity.id }).map((r) => {
        if (r.object_id === entity.id) {
          return `${r.subject_id === USER_ENTITY_ID ? "your" : `${r.subject}'s`} ${predicateLabel(r.predicate)}`;
        }
        return `${predicateLabel(r.predicate)}: ${r.object ?? r.value}`;
      });
      lines.push(`- **${entity.name}** — ${edges.join("; ")}`);
    }
    lines.push("");
  }
  lines.push(`## Conversations (${episodes.length})`, "");
  if (episodes.length === 0) lines.push("_None summarized yet._");
  for (const episode of episodes) lines.push(`- ${episode.text} _(${episode.id}, ${episode.source})_`);
  lines.push("");
  return lines.join("\n");
}
