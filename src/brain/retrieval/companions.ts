import type { CatalogTool } from "./tool-index.js";

/**
 * Each tool's lookups: the tools whose results it acts on. A tool that takes a handle kind
 * another returns ("Change a calendar event (#e handle)" ← "Returns #e handles"), a group's
 * reader after its finder (`notes_read` ← `notes_search`), and what a group declares in its
 * cues (a key chord ← the window focused first). Directed: the lookup needs nothing back.
 */
export function lookupsOf(catalog: readonly CatalogTool[], withFileFinders = true): Map<string, Set<string>> {
  const names = new Set(catalog.map((t) => t.name));
  const lookups = new Map<string, Set<string>>(catalog.map((t) => [t.name, new Set<string>()]));
  const add = (consumer: string, lookup: string) => {
    if (consumer !== lookup && names.has(lookup)) lookups.get(consumer)?.add(lookup);
  };
  for (const reader of catalog) {
    if (!/_read$/.test(reader.name)) continue;
    for (const finder of catalog)
      if (finder.group === reader.group && /_(?:search|list)$/.test(finder.name))
        add(reader.name, finder.name);
  }
  const producers = new Map<string, CatalogTool[]>();
  for (const tool of catalog) {
    for (const kind of producedKinds(tool.description)) {
      const list = producers.get(kind) ?? [];
      list.push(tool);
      producers.set(kind, list);
    }
  }
  // …and their group's search, which finds a file by its name or its words
  const fileGroups = new Set((producers.get("f") ?? []).map((tool) => tool.group));
  const fileFinders = catalog.filter(
    (tool) =>
      (producers.get("f") ?? []).includes(tool) || (fileGroups.has(tool.group) && /_search$/.test(tool.name)),
  );
  for (const tool of catalog) {
    const produced = producedKinds(tool.description);
    // What it takes: handle kinds its description or its parameters' descriptions mention
    const takes = `${tool.description} ${parameterDescriptions(tool.parameters)}`;
    for (const m of takes.matchAll(/#([a-z])\b|#([a-z])\/#?([a-z])\b/g)) {
      for (const kind of [m[1], m[2], m[3]].filter((k): k is string => Boolean(k))) {
        if (produced.has(kind)) continue;
        for (const producer of producers.get(kind) ?? []) add(tool.name, producer.name);
      }
    }
    for (const lookup of tool.groupCues?.lookups?.[tool.name] ?? []) add(tool.name, lookup);
    // A tool that works on something "opened" ("a script from an opened skill") needs its
    // group's opener first
    if (/\b(?:an|the) opened\b/i.test(tool.description)) add(tool.name, `${tool.group}_open`);
    // Refs: a tool that hands out refs for others ("refs (e12) for browser_click/type/select")
    // is their lookup, and so is one a tool says its ref comes from ("by ref from ui_state")
    for (const m of tool.description.matchAll(
      /\brefs?\b[^.]*?\bfor ([a-z][a-z0-9]*_[a-z0-9_]+(?:\/[a-z0-9_]+)*)/g,
    ))
      for (const consumer of namesIn(m[1]!, names)) add(consumer, tool.name);
    for (const m of tool.description.matchAll(/\bref from ([a-z][a-z0-9]*_[a-z0-9_]+(?:\/[a-z0-9_]+)*)/g))
      for (const producer of namesIn(m[1]!, names)) add(tool.name, producer);
    // A required parameter that takes an id, a handle or a ref and names the tool it comes from
    // ("memory id from memory_recall", "the draft id tools_make returned"): that tool is its
    // lookup. An optional one ("window id from windows_list or words from its title; omit for
    // the focused window") is answered without it
    for (const text of requiredDescriptions(tool.parameters)) {
      if (!/\b(?:ids?|handles?|refs?)\b/i.test(text)) continue;
      for (const m of text.matchAll(/\b([a-z][a-z0-9]*_[a-z0-9_]+(?:\/[a-z0-9_]+)*)/g))
        for (const producer of namesIn(m[1]!, names)) add(tool.name, producer);
    }
  }
  // A file a tool reads by path ("x-path": "read") is most often named by what it is ("the
  // voice memo", "the contract"), not by where it lies: the tools that hand out file handles
  // find it. Only for a tool no other lookup serves (one that reads pages and documents too
  // already has its finders, and more partners would lift the file tools for all its requests)
  for (const tool of catalog)
    if (withFileFinders && readsFile(tool.parameters) && lookups.get(tool.name)?.size === 0)
      for (const finder of fileFinders) if (finder.group !== tool.group) add(tool.name, finder.name);
  return lookups;
}

/** "browser_click/type/select" → browser_click, browser_type, browser_select (those registered). */
function namesIn(mention: string, names: ReadonlySet<string>): string[] {
  const [first, ...more] = mention.split("/");
  const prefix = first!.slice(0, first!.indexOf("_"));
  return [first!, ...more.map((m) => (names.has(m) ? m : `${prefix}_${m}`))].filter((n) => names.has(n));
}

/**
 * Tools that work together, read from the catalog's own names and descriptions: a group's
 * finder and its reader (`notes_search` → `notes_read`), a description that
 * names another tool ("refs for browser_click/type/select"), or a tool that takes a handle
 * kind another tool returns ("Returns #e handles" → "Change a calendar event (#e handle)";
 * contacts' "#a handles usable as mail recipients" → a recipient "address or #a/#c handle").
 * Offering one without the other leaves the model a step short. Symmetric.
 */
export function companionsOf(catalog: readonly CatalogTool[]): Map<string, Set<string>> {
  const names = new Set(catalog.map((t) => t.name));
  const links = new Map<string, Set<string>>(catalog.map((t) => [t.name, new Set<string>()]));
  const link = (a: string, b: string) => {
    if (a === b || !names.has(a) || !names.has(b)) return;
    links.get(a)!.add(b);
    links.get(b)!.add(a);
  };
  for (const tool of catalog) {
    for (const mention of tool.description.matchAll(/\b([a-z][a-z0-9]*)_([a-z0-9_]+)((?:\/[a-z0-9_]+)*)/g)) {
      const prefix = mention[1]!;
      link(tool.name, `${prefix}_${mention[2]!}`);
      for (const more of (mention[3] ?? "").split("/").filter(Boolean))
        link(tool.name, names.has(more) ? more : `${prefix}_${more}`);
    }
  }
  // What it acts on and what acts on it: the finder and its reader, the handle's producer
  for (const [consumer, found] of lookupsOf(catalog, false))
    for (const lookup of found) link(consumer, lookup);
  return links;
}

/** Whether the tool's own `path` parameter is a local file it reads (`pathString("read", …)`). */
function readsFile(schema: Record<string, unknown> | undefined): boolean {
  const path = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.path;
  return path?.["x-path"] === "read";
}

function parameterDescriptions(schema: Record<string, unknown> | undefined): string {
  return parameterDescriptionList(schema).join(" ");
}

/** The descriptions of a schema's required properties (their items' included). */
function requiredDescriptions(schema: Record<string, unknown> | undefined): string[] {
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  return Object.entries(properties)
    .filter(([name]) => required.has(name))
    .flatMap(([name, property]) => parameterDescriptionList({ properties: { [name]: property } }));
}

/** Each description in a schema's properties, nested ones included. */
function parameterDescriptionList(schema: Record<string, unknown> | undefined): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "description" && typeof inner === "string") found.push(inner);
        else walk(inner);
      }
    }
  };
  walk(schema?.properties);
  return found;
}

/** Handle kinds a description says the tool returns ("Returns #m handles", "with a handle (#f1"). */
function producedKinds(description: string): Set<string> {
  const kinds = new Set<string>();
  for (const sentence of description.split(/(?<=\.)\s+/)) {
    if (!/\b(?:returns?|come back as|carry|become|with a handle)\b/i.test(sentence)) continue;
    for (const m of sentence.matchAll(/#([a-z])(?:\d|\b)/g)) kinds.add(m[1]!);
  }
  return kinds;
}
