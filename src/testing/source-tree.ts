import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** One `import`/`export … from`/`import()` in a source file. */
export interface ImportEdge {
  /** Repository-relative path of the importing file. */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** Repository-relative path of the imported file, for relative specifiers. */
  target?: string;
  /** `import()` (lazy) rather than a static import. */
  dynamic: boolean;
  /** A dynamic import whose specifier is not a string literal. */
  computed: boolean;
  line: number;
}

/** Every file below `dir` (relative to `root`) whose name passes `keep`. */
export function listFiles(root: string, dir: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current).sort()) {
      if (entry === "node_modules" || entry === "__pycache__" || entry.startsWith(".")) continue;
      const path = join(current, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (keep(path)) out.push(relative(root, path));
    }
  };
  walk(join(root, dir));
  return out;
}

const STATIC = /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm;
const SIDE_EFFECT = /^import\s*["']([^"']+)["']/gm;
const DYNAMIC = /(?<![.\w$])import\s*\(\s*([^)]*)\)/g;

/**
 * The imports of one TypeScript file. Static imports are found at the start of a line (Biome
 * formats every one there); lazy `import()`s anywhere outside comment lines.
 */
export function importsOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(join(root, file), "utf8");
  const edges: ImportEdge[] = [];
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const add = (specifier: string, index: number, dynamic: boolean, computed: boolean) => {
    const target = specifier.startsWith(".") ? toSource(root, file, specifier) : undefined;
    edges.push({
      from: file,
      specifier,
      ...(target ? { target } : {}),
      dynamic,
      computed,
      line: lineAt(index),
    });
  };
  for (const match of text.matchAll(STATIC)) add(match[1]!, match.index, false, false);
  for (const match of text.matchAll(SIDE_EFFECT)) add(match[1]!, match.index, false, false);
  const code = text
    .split("\n")
    .map((line) => (/^\s*(\/\/|\*|\/\*)/.test(line) ? "" : line))
    .join("\n");
  for (const match of code.matchAll(DYNAMIC)) {
    const argument = match[1]!.trim();
    const literal = /^["']([^"'`]+)["']$/.exec(argument);
    add(literal ? literal[1]! : argument, match.index, true, !literal);
  }
  return edges;
}

/** `./x.js` from `src/a/b.ts` → `src/a/x.ts` (the source file the compiled specifier names). */
function toSource(root: string, file: string, specifier: string): string {
  const absolute = resolve(root, dirname(file), specifier);
  return relative(root, absolute).replace(/\.js$/, ".ts");
}

/** The top folder of a path under `src/` (`src/gate/gate.ts` → `gate`). */
export function folderOf(path: string): string | undefined {
  const parts = path.split("/");
  return parts[0] === "src" && parts.length > 2 ? parts[1] : undefined;
}

/** Strongly connected groups of more than one node (each one a cycle), by Tarjan's algorithm. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return found;
}
