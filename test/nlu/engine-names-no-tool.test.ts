import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinToolsForNlu, REPO_ROOT } from "../../src/testing/index.js";

/**
 * Tools own their language: the engine (parser, slot filling, context, training, rescue) names
 * no tool and imports no tool group. What differs between tools is a property of an intent in
 * `src/tools/<group>/language.ts`, so adding a tool means editing only its group.
 */
const ENGINE = join(REPO_ROOT, "src", "brain", "nlu");

function engineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return engineFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the NLU engine names no tool", () => {
  it("mentions no registered tool's name in any engine file", async () => {
    const names = (await builtinToolsForNlu()).map((tool) => tool.name);
    expect(names.length).toBeGreaterThan(50);
    const pattern = new RegExp(`\\b(?:${names.join("|")})\\b`, "g");
    const found: string[] = [];
    for (const file of engineFiles(ENGINE)) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(pattern)) found.push(`${relative(REPO_ROOT, file)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  it("imports no tool group", () => {
    const imports = engineFiles(ENGINE).filter((file) =>
      /from "(?:\.\.\/)+tools\//.test(readFileSync(file, "utf8")),
    );
    expect(imports.map((file) => relative(REPO_ROOT, file))).toEqual([]);
  });

  it("gets every built-in tool's language from its group", async () => {
    const tools = await builtinToolsForNlu();
    const speaking = tools.filter((tool) => (tool.language?.length ?? 0) > 0).map((tool) => tool.group);
    for (const group of ["timers", "time", "calc", "weather", "lists", "reminders", "calendar", "mail"])
      expect(speaking, group).toContain(group);
  });
});
