import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../core/clock.js";
import { silentLogger } from "../../core/logger.js";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import { createRunScope } from "../../gate/scope.js";
import { createRuntime, type Runtime } from "../../runtime/runtime.js";
import { createTempHome, type TempHome } from "../../testing/home.js";
import { createNotesTools, noteSlug } from "./index.js";

let temp: TempHome;
let runtime: Runtime;
afterEach(async () => {
  await runtime?.close();
  temp?.cleanup();
});

function open() {
  temp = createTempHome();
  runtime = createRuntime({
    env: temp.env,
    clock: new ManualClock(Date.parse("2025-06-11T10:00:00Z")),
    logger: silentLogger,
    tools: (deps) => createNotesTools(deps),
  });
  const scope = createRunScope({ runId: "run_1", userText: [], broker: new FixedConfirmationBroker("deny") });
  return (tool: string, args: Record<string, unknown>) => runtime.gate.call({ tool, args }, scope);
}

describe("notes", () => {
  it("writes each note as a Markdown file, adds to it by title, and finds it again", async () => {
    const call = open();
    const first = await call("notes_add", { text: "the boiler code is 4411" });
    expect(first.result?.output).toBe('Noted: "the boiler code is 4411".');
    const dir = join(temp.jarvisHome, "notes");
    expect(readdirSync(dir)).toEqual(["the-boiler-code-is-4411.md"]);
    await call("notes_add", { text: "a book for dad", title: "Gift ideas" });
    const added = await call("notes_add", { text: "socks", title: "gift ideas" });
    expect(added.result?.output).toBe('Added to your note "Gift ideas".');
    expect(readFileSync(join(dir, "gift-ideas.md"), "utf8")).toBe(
      "# Gift ideas\n\n- a book for dad (2025-06-11 10:00)\n- socks (2025-06-11 10:00)\n",
    );
    const listed = await call("notes_list", {});
    expect(listed.result?.output).toMatch(/^2 notes:\n/);
    expect((await call("notes_read", { title: "gift" })).result?.output).toMatch(
      /^Gift ideas:\n- a book for dad/,
    );
    expect((await call("notes_search", { query: "boiler" })).result?.output).toBe(
      "- the boiler code is 4411: the boiler code is 4411 (2025-06-11 10:00)",
    );
    expect((await call("notes_search", { query: "piano" })).result?.output).toBe('No note mentions "piano".');
  });

  it("says so when a note is not there, and never writes outside its folder", async () => {
    const call = open();
    const missing = await call("notes_read", { title: "holiday plans" });
    expect(missing.status).toBe("failed");
    expect(missing.observation).toMatch(/no note is called "holiday plans"/);
    expect((await call("notes_list", {})).result?.output).toBe("You have no notes yet.");
    expect(noteSlug("../../etc/passwd")).toBe("etc-passwd");
    expect(noteSlug("!!!")).toBe("note");
    await call("notes_add", { text: "x", title: "../../escape" });
    expect(readdirSync(join(temp.jarvisHome, "notes"))).toEqual(["escape.md"]);
    expect((await call("notes_add", { text: "" })).code).toBe("ARGS_INVALID");
  });
});
