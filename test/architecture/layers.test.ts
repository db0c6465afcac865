import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { cycles, folderOf, type ImportEdge, importsOf, listFiles } from "../../src/testing/source-tree.js";

/**
 * The layer rule of docs/decisions/0017-layers.md, checked on the real import graph: a folder
 * imports only its own layer and those below it, folders never import each other in a circle,
 * production code never imports test support, every lazy import names its module literally,
 * and `index.ts` files follow the one barrel rule.
 */
const LAYERS: string[][] = [
  ["core"],
  ["config", "store", "observe"],
  ["gate"],
  ["brain"],
  ["agent"],
  ["platform", "knowledge", "memory", "voice", "tools"],
  ["extend", "tasks"],
  ["runtime"],
  ["server", "cli"],
  ["testing"],
];
const RANK = new Map(LAYERS.flatMap((layer, rank) => layer.map((folder) => [folder, rank] as const)));

const isSource = (path: string) => path.endsWith(".ts") && !path.endsWith(".d.ts");
const isTest = (path: string) => path.endsWith(".test.ts");
const sources = listFiles(REPO_ROOT, "src", isSource);
const production = sources.filter((path) => !isTest(path));
const edges = production.flatMap((file) => importsOf(REPO_ROOT, file));
const show = (edge: ImportEdge) => `${edge.from}:${edge.line} → ${edge.specifier}`;

describe("the layers", () => {
  it("knows every folder under src/", () => {
    const folders = new Set(production.map((path) => folderOf(path)).filter(Boolean) as string[]);
    expect([...folders].filter((folder) => !RANK.has(folder))).toEqual([]);
  });

  it("has no import from a lower layer into a higher one", () => {
    const upward = edges.filter((edge) => {
      const from = folderOf(edge.from);
      const to = edge.target ? folderOf(edge.target) : undefined;
      return from && to && from !== to && (RANK.get(to) ?? 0) > (RANK.get(from) ?? 0);
    });
    expect(upward.map(show)).toEqual([]);
  });

  it("has no cycle between folders", () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of edges) {
      const from = folderOf(edge.from);
      const to = edge.target ? folderOf(edge.target) : undefined;
      if (!from || !to || from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
    expect(cycles(graph)).toEqual([]);
  });

  it("keeps test support out of production code", () => {
    const leaks = edges.filter(
      (edge) =>
        folderOf(edge.from) !== "testing" &&
        (edge.target?.startsWith("src/testing/") ||
          edge.target?.startsWith("test/") ||
          edge.target?.startsWith("bench/")),
    );
    expect(leaks.map(show)).toEqual([]);
  });

  it("names every lazily imported module literally (typed, and found by the build)", () => {
    const computed = production.flatMap((file) => importsOf(REPO_ROOT, file)).filter((edge) => edge.computed);
    expect(computed.map(show)).toEqual([]);
  });
});

describe("index.ts", () => {
  const indexes = sources.filter((path) => path.endsWith("/index.ts"));
  const allEdges = [
    ...sources,
    ...listFiles(REPO_ROOT, "test", isSource),
    ...listFiles(REPO_ROOT, "bench", isSource),
  ].flatMap((file) => importsOf(REPO_ROOT, file));

  it("is never imported from inside its own folder (a barrel there only makes cycles)", () => {
    const inward = allEdges.filter(
      (edge) =>
        edge.target?.endsWith("/index.ts") &&
        edge.from !== edge.target &&
        edge.from.startsWith(`${dirname(edge.target)}/`) &&
        !isTest(edge.from),
    );
    expect(inward.map(show)).toEqual([]);
  });

  it("that only re-exports is a way into its folder that something uses", () => {
    const used = new Set(allEdges.map((edge) => edge.target));
    const unused = indexes.filter((path) => onlyReexports(path) && !used.has(path));
    expect(unused).toEqual([]);
  });
});

describe("file size", () => {
  it("keeps every source file at 400 lines or fewer", () => {
    const code = (path: string) => /\.(ts|tsx|js|mjs|css|py)$/.test(path);
    const files = [
      ...listFiles(REPO_ROOT, "src", code),
      ...listFiles(REPO_ROOT, "test", code),
      ...listFiles(REPO_ROOT, "bench", code),
      ...listFiles(REPO_ROOT, "ui/src", code),
      ...listFiles(REPO_ROOT, "bin", code),
    ];
    const long = files
      .map((path) => ({ path, lines: readFileSync(join(REPO_ROOT, path), "utf8").split("\n").length - 1 }))
      .filter((file) => file.lines > 400)
      .map((file) => `${file.path}: ${file.lines} lines`);
    expect(long).toEqual([]);
  });
});

function onlyReexports(path: string): boolean {
  const text = readFileSync(join(REPO_ROOT, path), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const statements = text
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);
  return statements.every((statement) =>
    /^export\s+(\*|type\s*\{|\{)[\s\S]*\bfrom\s*["'][^"']+["']$/.test(statement),
  );
}
