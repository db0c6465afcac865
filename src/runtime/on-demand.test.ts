import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { UnattendedConfirmationBroker } from "../gate/confirm.js";
import { createRunScope } from "../gate/scope.js";
import { createTempHome } from "../testing/home.js";
import { prepareRuntime } from "./on-demand.js";
import type { Runtime } from "./runtime.js";

// The code's identity is the bundle's in a real start; from the sources there is none, so the
// tests name one.
const IDENTITY = "test-identity";
const temp = createTempHome("jarvis-on-demand-");
const catalogFile = join(temp.jarvisHome, "cache", "catalog.json");
afterAll(() => temp.cleanup());

async function open(identity: string | undefined = IDENTITY): Promise<Runtime> {
  return (await prepareRuntime(temp.env, identity))({ env: temp.env });
}

const data = (tool: object) =>
  JSON.stringify(Object.fromEntries(Object.entries(tool).filter(([, v]) => typeof v !== "function")));

describe("the catalog on demand (a one-shot ask's runtime)", () => {
  it("registers every tool from its description exactly as its code builds it, and builds none of them", async () => {
    const full = await open();
    expect(existsSync(catalogFile)).toBe(true);
    const described = await open();
    try {
      const names = full.registry.list().map((tool) => tool.name);
      expect(described.registry.list().map((tool) => tool.name)).toEqual(names);
      for (const name of names) {
        const real = full.registry.get(name)!.definition;
        const light = described.registry.get(name)!.definition;
        // One schema, two jobs: what the gate validates is what the model and the NLU read
        expect(JSON.stringify(light.parameters), name).toBe(JSON.stringify(real.parameters));
        expect(data(light), name).toBe(data(real));
        expect(light.language, name).toEqual(real.language);
        expect(light.groupCues, name).toBe(real.groupCues);
        expect(typeof light.risk, name).toBe(typeof real.risk);
        expect(Boolean(light.preview), name).toBe(Boolean(real.preview));
        expect(Boolean(light.available), name).toBe(Boolean(real.available));
      }
      expect(names.filter((name) => !described.registry.loaded(name)).length).toBeGreaterThan(100);
    } finally {
      await full.close();
      await described.close();
    }
  });

  it("runs a tool of a group not loaded yet through the gate, as the full catalog does", async () => {
    const outcomes = [];
    for (const runtime of [await open(), await open(undefined)]) {
      try {
        const lazy = runtime.registry.loaded("calc_evaluate") === false;
        const scope = createRunScope({
          runId: "run_test",
          userText: ["what is 2 plus 3"],
          broker: new UnattendedConfirmationBroker(),
        });
        const outcome = await runtime.gate.call(
          { tool: "calc_evaluate", args: { expression: "2+3" } },
          scope,
        );
        outcomes.push({ lazy, status: outcome.status, output: outcome.result?.output, tier: outcome.tier });
        expect(runtime.registry.loaded("calc_evaluate")).toBe(true);
        const audit = runtime.audit.list({}).map(({ tool, stage, decision, outcome: o, tier }) => ({
          tool,
          stage,
          decision,
          outcome: o,
          tier,
        }));
        outcomes.push(audit.slice(-2));
      } finally {
        await runtime.close();
      }
    }
    expect(outcomes[0]).toMatchObject({ lazy: true, status: "ok" });
    expect({ ...outcomes[2], lazy: true }).toEqual(outcomes[0]);
    expect(outcomes[3]).toEqual(outcomes[1]);
  });

  it("ignores a damaged, foreign or stale catalog without a word, and writes it anew", async () => {
    for (const bad of [
      "{not json",
      JSON.stringify({ magic: "jarvis-catalog/1", key: "another", tools: [] }),
      JSON.stringify({ magic: "jarvis-catalog/0", key: "x", tools: [{}] }),
    ]) {
      writeFileSync(catalogFile, bad);
      const runtime = await open();
      try {
        expect(runtime.registry.list().length).toBeGreaterThan(100);
        expect(runtime.registry.loaded("calc_evaluate")).toBe(true);
      } finally {
        await runtime.close();
      }
      expect(JSON.parse(readFileSync(catalogFile, "utf8")).tools.length).toBeGreaterThan(100);
    }
    // Another code (a new build) does not read this one's catalog
    const before = statSync(catalogFile).mtimeMs;
    const other = await open("another-identity");
    expect(other.registry.loaded("calc_evaluate")).toBe(true);
    await other.close();
    expect(statSync(catalogFile).mtimeMs).toBeGreaterThanOrEqual(before);
  });

  it("throws the catalog away when a loaded group differs from its description; the call runs the code", async () => {
    await (await open("edited")).close();
    const file = JSON.parse(readFileSync(catalogFile, "utf8"));
    const calc = file.tools.find(
      (tool: { fields: { name: string } }) => tool.fields.name === "calc_evaluate",
    );
    calc.fields.description = "an older description";
    writeFileSync(catalogFile, JSON.stringify(file));
    const runtime = await open("edited");
    try {
      expect(runtime.registry.get("calc_evaluate")!.definition.description).toBe("an older description");
      const scope = createRunScope({
        runId: "run_test2",
        userText: ["what is 2 plus 3"],
        broker: new UnattendedConfirmationBroker(),
      });
      const outcome = await runtime.gate.call({ tool: "calc_evaluate", args: { expression: "2+3" } }, scope);
      expect(outcome.status).toBe("ok");
      expect(runtime.registry.get("calc_evaluate")!.definition.description).not.toBe("an older description");
      expect(existsSync(catalogFile)).toBe(false);
    } finally {
      await runtime.close();
    }
  });
});

describe("recall for a runtime", () => {
  it("notes and recalls through memory, which loads on the first use", async () => {
    const { recallHookFor } = await import("./agent.js");
    const runtime = await open(undefined);
    try {
      const hook = await recallHookFor(runtime);
      const signal = new AbortController().signal;
      const kept = await hook.note?.({ texts: ["my boss is Sarah Chen"], sessionId: "s1", signal });
      expect(kept).toBe(1);
      const recalled = await hook.recall({ text: "who is my boss", sessionId: "s1", signal });
      expect(recalled.join("\n")).toContain("Sarah Chen");
    } finally {
      await runtime.close();
    }
  });
});

describe("skills for a one-shot ask", () => {
  const SKILLS: Record<string, string> = {
    tables: "---\nname: tables\ndescription: Turns CSV files into tables.\n---\nSteps.\n",
    broken: "---\nname: [broken\n---\nSteps.\n",
    // More aliases than the front matter may use (a billion-laughs guard)
    aliased: `---\nname: aliased\ndescription: &d x\nmetadata:\n${Array.from({ length: 12 }, (_, i) => `  k${i}: *d`).join("\n")}\n---\n`,
  };
  const addSkills = (jarvisHome: string) => {
    for (const [name, text] of Object.entries(SKILLS)) {
      mkdirSync(join(jarvisHome, "skills", name), { recursive: true });
      writeFileSync(join(jarvisHome, "skills", name, "SKILL.md"), text);
    }
  };
  const listed = async (runtime: Runtime, home: string) => {
    try {
      return runtime.extensions!.skills.catalog.list().map(({ name, status, reason, manifest }) => ({
        name,
        status,
        reason: reason?.replace(home, "HOME"),
        said: manifest?.description,
      }));
    } finally {
      await runtime.close();
    }
  };

  it("reads SKILL.md the same whether the parser was loaded ahead or a skill appeared after preparing", async () => {
    const ahead = createTempHome("jarvis-on-demand-skills-");
    const after = createTempHome("jarvis-on-demand-skills-");
    try {
      addSkills(ahead.jarvisHome);
      const seen = await listed((await prepareRuntime(ahead.env, IDENTITY))({ env: ahead.env }), ahead.dir);
      // Prepared with no skill (the parser not loaded), then one installed before the runtime opens
      const opener = await prepareRuntime(after.env, IDENTITY);
      addSkills(after.jarvisHome);
      expect(await listed(opener({ env: after.env }), after.dir)).toEqual(seen);
      const byName = Object.fromEntries(seen.map((entry) => [entry.name, entry]));
      expect(byName.tables).toMatchObject({ status: "unapproved", said: "Turns CSV files into tables." });
      expect(byName.broken?.status).toBe("invalid");
      expect(byName.broken?.reason).toContain("not valid YAML");
      expect(byName.aliased?.status).toBe("invalid");
      expect(byName.aliased?.reason).toContain("not valid YAML");
    } finally {
      ahead.cleanup();
      after.cleanup();
    }
  });
});
