import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** Skills and the sandbox reached by words when the word "skill" or "sandbox" is said. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};

describe("skills by name", () => {
  it("installs from a folder, an address or npm, and never an app by that verb", () => {
    expect(acted("add the skill in ~/skills/make-thumbnails")).toMatchObject({
      tool: "skills_install",
      args: { source: "~/skills/make-thumbnails" },
    });
    expect(acted("install npm:receipt-skill")).toMatchObject({
      tool: "skills_install",
      args: { source: "npm:receipt-skill" },
    });
    expect(acted("install zoom")?.tool).not.toBe("skills_install");
    const vague = parse("install a skill");
    expect(vague.tool).toBe("skills_install");
    expect(vague.missing).toEqual(["source"]);
  });

  it("opens, reads from, runs from and removes a named skill", () => {
    expect(acted("open the slide-maker skill")).toMatchObject({
      tool: "skills_open",
      args: { name: "slide-maker" },
    });
    expect(acted("read docs/USAGE.md from the slide-maker skill")).toMatchObject({
      tool: "skills_read",
      args: { name: "slide-maker", path: "docs/USAGE.md" },
    });
    expect(acted("run tools/convert.py from the slide-maker skill")).toMatchObject({
      tool: "skills_run",
      args: { name: "slide-maker", script: "tools/convert.py" },
    });
    expect(acted("uninstall the slide-maker skill")).toMatchObject({
      tool: "skills_remove",
      args: { name: "slide-maker" },
    });
  });
});

describe("the sandbox", () => {
  it("runs a program in the sandbox, its interpreter from the extension, a time limit said", () => {
    expect(acted("try node build.js inside a sandbox")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["node", "build.js"] },
    });
    expect(acted("test crawl.py in an isolated box, 20 second limit")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["python3", "crawl.py"], time_s: 20 },
    });
    expect(acted("run ls -la")?.tool).toBe("shell_run");
  });
});

describe("a sandbox run said in any order", () => {
  it("takes the limits out wherever they stand and keeps the program", () => {
    expect(acted("try out my script tidy.py in a sandbox, let it have 45 seconds")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["python3", "tidy.py"], time_s: 45 },
    });
    expect(acted("execute convert.js isolated with no network, 20 seconds max")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["node", "convert.js"], time_s: 20 },
    });
    expect(acted("check parse.py somewhere safe, it can read my invoices folder")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["python3", "parse.py"], read: ["invoices"] },
    });
    expect(acted("run node build.js in the sandbox with 256 mb of memory")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["node", "build.js"], memory_mb: 256 },
    });
    expect(acted("run this python safely in the sandbox: print(7*6)")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["python3", "-c", "print(7*6)"] },
    });
  });

  it("asks which program when none is named, and runs no words that are not one", () => {
    const vague = parse("test my code in a sandbox");
    expect(vague.tool).toBe("sandbox_run");
    expect(vague.missing).toEqual(["command"]);
    expect(acted("run the numbers safely")).toBeUndefined();
    expect(acted("run the dishwasher in the sandbox")).toBeUndefined();
    expect(acted("run python3 count.py isolated and then email me the result")?.tool).not.toBe("sandbox_run");
  });
});

describe("tools Jarvis made, named by their name or approved", () => {
  it("removes a made tool named after its kind, with or without 'called'", () => {
    expect(acted("get rid of my custom tool named csv_cleaner")).toMatchObject({
      tool: "tools_remove",
      args: { name: "csv_cleaner" },
    });
    expect(acted("remove the tool called hammer")?.tool).not.toBe("tools_remove");
  });

  it("registers a draft after a word of approval", () => {
    expect(acted("perfect, install draft d12 please")).toMatchObject({
      tool: "tools_register",
      args: { draft: "d12" },
    });
  });
});
