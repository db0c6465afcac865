import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../deps.js";
import { type ListInfo, ListStore, normalizeListName } from "./store.js";

export { ListStore, normalizeListName } from "./store.js";

const MAX_ITEMS_PER_LIST = 1000;
const listName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .describe('the list\'s name, e.g. "shopping" or "todo"; omit for the list used last');
const item = z.string().trim().min(1).max(200);
const addArgs = z.object({
  list: listName.optional(),
  items: z.array(item).max(50).describe("items to add; an empty array just creates the list"),
});
const showArgs = z.object({ list: listName.optional().describe("omit to see every list") });
const removeArgs = z.object({
  list: listName.optional(),
  item: item.describe("the item, or a unique part of it"),
});
const clearArgs = z.object({ list: listName });

/** lists_add|show|remove|clear: local named lists (shopping, todo, packing ...), in SQLite. */
export function createListTools(deps: ToolDeps): ToolDefinition[] {
  const store = new ListStore(deps.db, deps.clock);
  const resolveName = (name: string | undefined) =>
    name ? normalizeListName(name) : store.mostRecent()?.name;
  const show = (list: ListInfo) => {
    const items = store.items(list.id);
    if (items.length === 0) return `Your ${list.name} list is empty.`;
    return `Your ${list.name} list (${items.length}):\n${items.map((i) => `- ${i.text}`).join("\n")}`;
  };
  const missing = (name: string) => {
    const names = store.lists().map((l) => l.name);
    return fail(
      "NOT_FOUND",
      `there is no "${name}" list${names.length ? ` (you have: ${names.join(", ")})` : ""}`,
    );
  };

  return [
    defineTool<z.infer<typeof addArgs>>({
      name: "lists_add",
      group: "lists",
      description: "Add items to a named list (creating it if needed), e.g. milk to the shopping list.",
      parameters: parametersFrom(addArgs),
      effects: ["write"],
      risk: "safe",
      async execute(args, ctx) {
        const name = resolveName(args.list) ?? "todo";
        if (!name) return fail("ARGS_INVALID", "the list name is empty");
        const current = store.find(name);
        if ((current?.count ?? 0) + args.items.length > MAX_ITEMS_PER_LIST) {
          return fail("LIMIT_REACHED", `a list holds at most ${MAX_ITEMS_PER_LIST} items`);
        }
        ctx.signal.throwIfAborted();
        const result = store.add(name, args.items);
        const parts: string[] = [];
        if (result.added.length) parts.push(`Added ${result.added.join(", ")} to your ${name} list.`);
        else if (result.created) parts.push(`Created the ${name} list.`);
        if (result.skipped.length) parts.push(`Already there: ${result.skipped.join(", ")}.`);
        if (!parts.length) parts.push(`Nothing new for the ${name} list.`);
        return ok(parts.join(" "), { list: name, added: result.added, skipped: result.skipped });
      },
    }),
    defineTool<z.infer<typeof showArgs>>({
      name: "lists_show",
      group: "lists",
      description: "Show the items of a list, or every list when no name is given.",
      parameters: parametersFrom(showArgs),
      effects: ["read"],
      sensitivity: "private",
      risk: "safe",
      async execute(args) {
        if (args.list) {
          const list = store.find(normalizeListName(args.list));
          return list
            ? ok(show(list), { list: list.name, items: store.items(list.id).map((i) => i.text) })
            : missing(normalizeListName(args.list));
        }
        const lists = store.lists();
        if (lists.length === 0) return ok("You have no lists yet.", { lists: [] });
        return ok(lists.map(show).join("\n\n"), {
          lists: lists.map((l) => ({ name: l.name, count: l.count })),
        });
      },
    }),
    defineTool<z.infer<typeof removeArgs>>({
      name: "lists_remove",
      group: "lists",
      description: "Remove one item from a list.",
      parameters: parametersFrom(removeArgs),
      effects: ["delete"],
      risk: "caution",
      async execute(args, ctx) {
        const name = resolveName(args.list);
        if (!name) return fail("NOT_FOUND", "you have no lists yet");
        const list = store.find(name);
        if (!list) return missing(name);
        const wanted = args.item.toLowerCase();
        const items = store.items(list.id);
        const exact = items.filter((i) => i.text.toLowerCase() === wanted);
        const partial = exact.length ? exact : items.filter((i) => i.text.toLowerCase().includes(wanted));
        if (partial.length === 0) return fail("NOT_FOUND", `"${args.item}" is not on your ${name} list`);
        if (partial.length > 1) {
          return fail(
            "ARGS_INVALID",
            `"${args.item}" matches ${partial.map((i) => i.text).join(", ")}; say which`,
          );
        }
        ctx.signal.throwIfAborted();
        store.remove(list.id, partial[0]!.id);
        return ok(`Removed ${partial[0]!.text} from your ${name} list.`, {
          list: name,
          removed: partial[0]!.text,
        });
      },
    }),
    defineTool<z.infer<typeof clearArgs>>({
      name: "lists_clear",
      group: "lists",
      description: "Remove every item from a list (the list itself stays).",
      parameters: parametersFrom(clearArgs),
      effects: ["delete"],
      risk: "caution",
      async preview(args) {
        const list = store.find(normalizeListName(args.list));
        return list ? `Clear ${list.count} item(s) from the ${list.name} list` : `No "${args.list}" list`;
      },
      async execute(args, ctx) {
        const name = normalizeListName(args.list);
        const list = store.find(name);
        if (!list) return missing(name);
        ctx.signal.throwIfAborted();
        const removed = store.clear(list.id);
        return ok(`Cleared your ${name} list (${removed} item${removed === 1 ? "" : "s"} removed).`, {
          list: name,
          removed,
        });
      },
    }),
  ];
}
