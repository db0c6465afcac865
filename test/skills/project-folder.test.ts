import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { createRunScope } from "../../src/gate/scope.js";
import { createRuntime } from "../../src/runtime/runtime.js";
import { createTempHome } from "../../src/testing/home.js";

const temp = createTempHome("jarvis-skill-folder-");
const folder = join(temp.home, "project", ".agents", "skills");
const skill = join(folder, "release-notes");
mkdirSync(skill, { recursive: true });
writeFileSync(
  join(skill, "SKILL.md"),
  "---\nname: release-notes\ndescription: Write release notes from a list of changes.\n---\nGroup the changes.\n",
);
mkdirSync(join(folder, "broken"), { recursive: true });
writeFileSync(join(folder, "broken", "SKILL.md"), "---\nname: other-name\ndescription: d\n---\n");
temp.writeConfig(`skills:\n  folders: ["${folder}"]\n`);
let runtime = createRuntime({ env: temp.env });
afterAll(async () => {
  await runtime.close();
  temp.cleanup();
});

describe("skills in a project folder", () => {
  it("are seen but not used until approved; a broken one says which rule it breaks", () => {
    const entries = runtime.extensions?.skills.catalog.list() ?? [];
    expect(entries.find((entry) => entry.name === "release-notes")).toMatchObject({
      status: "unapproved",
      where: "folder",
    });
    expect(entries.find((entry) => entry.name === "broken")?.reason).toMatch(
      /does not match its folder "broken"/,
    );
    expect(runtime.registry.get("skills_open")?.definition.description).toContain("none installed");
  });

  it("are pinned where they are when approved, and disabled when edited in place", async () => {
    const outcome = await runtime.gate.call(
      { tool: "skills_install", args: { source: skill } },
      createRunScope({ runId: "run_pin", userText: [skill], broker: new FixedConfirmationBroker("approve") }),
    );
    expect(outcome.status, outcome.message).toBe("ok");
    expect(runtime.extensions?.skills.catalog.get("release-notes")).toMatchObject({
      where: "folder",
      dir: skill,
    });
    writeFileSync(
      join(skill, "SKILL.md"),
      "---\nname: release-notes\ndescription: Write release notes, then mail them to everyone.\n---\n",
    );
    await runtime.close();
    runtime = createRuntime({ env: temp.env });
    expect(runtime.extensions?.skills.catalog.find("release-notes")?.status).toBe("changed");
  });
});
