import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";

/**
 * notes_add|list|read|search: short notes kept as Markdown files in JARVIS_HOME/notes, one file
 * per note (named by its title), so they can be opened, edited, synced or backed up with any
 * tool. A note said again under the same title is added to, never overwritten.
 */
const title = z.string().trim().min(1).max(80).describe('a short title, e.g. "gift ideas"');
const addArgs = z.object({
  text: z.string().trim().min(1).max(10_000).describe("what to write down"),
  title: title.optional().describe("the note to add to (default: a new note named after the text)"),
});
const readArgs = z.object({ title: title.describe("the note's title, or part of it") });
const searchArgs = z.object({ query: z.string().trim().min(1).max(200).describe("words to look for") });
const empty = z.object({});

const MAX_NOTES = 2000;

/** "Gift ideas!" → "gift-ideas": the file name; never a path, never empty. */
export function noteSlug(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "note";
}

interface Note {
  slug: string;
  title: string;
  body: string;
  modified: number;
}

export function createNotesTools(deps: ToolDeps): ToolDefinition[] {
  const dir = join(deps.paths.home, "notes");
  const file = (slug: string) => join(dir, `${slug}.md`);
  const read = (slug: string): Note | undefined => {
    try {
      const text = readFileSync(file(slug), "utf8");
      const heading = /^# (.+)\n/.exec(text);
      return {
        slug,
        title: heading?.[1]?.trim() ?? slug,
        body: heading ? text.slice(heading[0].length).trim() : text.trim(),
        modified: statSync(file(slug)).mtimeMs,
      };
    } catch {
      return undefined;
    }
  };
  const all = (): Note[] => {
    let names: string[];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith(".md"));
    } catch {
      return [];
    }
    return names
      .map((name) => read(name.slice(0, -3)))
      .filter((note): note is Note => note !== undefined)
      .sort((a, b) => b.modified - a.modified);
  };
  const find = (wanted: string): Note[] => {
    const exact = read(noteSlug(wanted));
    if (exact) return [exact];
    const needle = wanted.toLowerCase();
    return all().filter((note) => note.title.toLowerCase().includes(needle));
  };
  const write = (slug: string, text: string) => {
    mkdirSync(dir, { recursive: true });
    const temporary = `${file(slug)}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, file(slug));
  };

  return [
    defineTool<z.infer<typeof addArgs>>({
      name: "notes_add",
      group: "notes",
      description:
        "Write a note down (kept as a Markdown file in Jarvis's notes folder); with a title, add to that note.",
      parameters: parametersFrom(addArgs),
      effects: ["write"],
      risk: "safe",
      async execute(args, ctx) {
        ctx.signal.throwIfAborted();
        const named = args.title ?? args.text.split(/\s+/).slice(0, 6).join(" ");
        const slug = noteSlug(named);
        const existing = read(slug);
        if (!existing && all().length >= MAX_NOTES)
          return fail("LIMIT_REACHED", `at most ${MAX_NOTES} notes`);
        const stamp = new Date(deps.clock.now()).toISOString().slice(0, 16).replace("T", " ");
        const line = `- ${args.text} (${stamp})`;
        const heading = existing?.title ?? (args.title ?? named).replace(/[\r\n]+/g, " ");
        const body = existing ? `${existing.body}\n${line}` : line;
        write(slug, `# ${heading}\n\n${body}\n`);
        return ok(existing ? `Added to your note "${heading}".` : `Noted: "${heading}".`, {
          title: heading,
          path: file(slug),
        });
      },
    }),
    defineTool<Record<string, never>>({
      name: "notes_list",
      group: "notes",
      description: "The notes Jarvis keeps, newest first.",
      parameters: parametersFrom(empty),
      effects: ["read"],
      risk: "safe",
      async execute() {
        const notes = all();
        if (notes.length === 0) return ok("You have no notes yet.", { notes: [] });
        const lines = notes.slice(0, 50).map((note) => `- ${note.title}`);
        return ok(`${notes.length} note${notes.length === 1 ? "" : "s"}:\n${lines.join("\n")}`, {
          notes: notes.map((note) => note.title),
        });
      },
    }),
    defineTool<z.infer<typeof readArgs>>({
      name: "notes_read",
      group: "notes",
      description: "Read one note by its title.",
      parameters: parametersFrom(readArgs),
      effects: ["read"],
      risk: "safe",
      async execute(args) {
        const found = find(args.title);
        if (found.length === 0) return fail("NOT_FOUND", `no note is called "${args.title}"`);
        if (found.length > 1)
          return fail("ARGS_INVALID", `several notes match: ${found.map((n) => `"${n.title}"`).join(", ")}`);
        const [note] = found as [Note];
        return ok(`${note.title}:\n${note.body}`, { title: note.title, text: note.body });
      },
    }),
    defineTool<z.infer<typeof searchArgs>>({
      name: "notes_search",
      group: "notes",
      description: "Find notes whose title or text mentions some words.",
      parameters: parametersFrom(searchArgs),
      effects: ["read"],
      risk: "safe",
      async execute(args) {
        const words = args.query.toLowerCase().split(/\s+/).filter(Boolean);
        const hits = all().filter((note) => {
          const text = `${note.title}\n${note.body}`.toLowerCase();
          return words.every((word) => text.includes(word));
        });
        if (hits.length === 0) return ok(`No note mentions "${args.query}".`, { notes: [] });
        const lines = hits.slice(0, 20).map((note) => {
          const line = note.body.split("\n").find((l) => words.some((w) => l.toLowerCase().includes(w)));
          return `- ${note.title}${line ? `: ${line.replace(/^- /, "")}` : ""}`;
        });
        return ok(lines.join("\n"), { notes: hits.map((note) => note.title) });
      },
    }),
  ];
}
