import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../core/clock.js";
import { silentLogger } from "../../core/logger.js";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import { createRunScope } from "../../gate/scope.js";
import { createRuntime, type Runtime } from "../../runtime/runtime.js";
import { createTempHome, type TempHome } from "../../testing/home.js";
import { createListTools, normalizeListName } from "./index.js";

let temp: TempHome;
let runtime: Runtime;
let clock: ManualClock;
beforeEach(() => {
  temp = createTempHome();
  clock = new ManualClock(1_000_000);
  runtime = createRuntime({
    env: temp.env,
    clock,
    logger: silentLogger,
    tools: (deps) => createListTools(deps),
  });
});
afterEach(async () => {
  await runtime.close();
  temp.cleanup();
});

const call = (tool: string, args: Record<string, unknown>) => {
  clock.advance(1_000);
  return runtime.gate.call(
    { tool, args },
    createRunScope({
      runId: "run_1",
      userText: [],
      broker: new FixedConfirmationBroker("approve"),
    }),
  );
};
const output = async (tool: string, args: Record<string, unknown>) => (await call(tool, args)).result?.output;

describe("lists", () => {
  it("normalizes names however they are said", () => {
    expect(normalizeListName("Shopping List")).toBe("shopping");
    expect(normalizeListName("my to-do list")).toBe("todo");
    expect(normalizeListName("To Do")).toBe("todo");
    expect(normalizeListName("  Packing ")).toBe("packing");
  });

  it("adds (skipping duplicates), shows, removes and clears", async () => {
    expect(await output("lists_add", { list: "Shopping list", items: ["milk", "eggs"] })).toBe(
      "Added milk, eggs to your shopping list.",
    );
    expect(await output("lists_add", { list: "shopping", items: ["Milk", "bread"] })).toBe(
      "Added bread to your shopping list. Already there: Milk.",
    );
    expect(await output("lists_show", { list: "shopping" })).toBe(
      "Your shopping list (3):\n- milk\n- eggs\n- bread",
    );
    expect(await output("lists_remove", { list: "shopping", item: "EGGS" })).toBe(
      "Removed eggs from your shopping list.",
    );
    const cleared = await call("lists_clear", { list: "shopping" });
    expect(cleared.result!.output).toBe("Cleared your shopping list (2 items removed).");
    expect(await output("lists_show", { list: "shopping" })).toBe("Your shopping list is empty.");
  });

  it("uses the list used last when none is named, and shows every list on request", async () => {
    expect(await output("lists_show", {})).toBe("You have no lists yet.");
    await call("lists_add", { list: "packing", items: [] });
    await call("lists_add", { list: "todo", items: ["call the plumber"] });
    expect(await output("lists_add", { items: ["pay rent"] })).toBe("Added pay rent to your todo list.");
    expect(await output("lists_show", {})).toBe(
      "Your todo list (2):\n- call the plumber\n- pay rent\n\nYour packing list is empty.",
    );
    expect(await output("lists_remove", { item: "plumber" })).toBe(
      "Removed call the plumber from your todo list.",
    );
  });

  it("refuses unknown lists and items, ambiguous removals and bad arguments without changing anything", async () => {
    await call("lists_add", { list: "shopping", items: ["apple juice", "apple pie"] });
    const missingList = await call("lists_show", { list: "garden" });
    expect(missingList.code).toBe("NOT_FOUND");
    expect(missingList.result!.output).toMatch(/there is no "garden" list \(you have: shopping\)/);
    expect((await call("lists_remove", { list: "shopping", item: "kiwi" })).code).toBe("NOT_FOUND");
    const ambiguous = await call("lists_remove", { list: "shopping", item: "apple" });
    expect(ambiguous.result!.output).toMatch(/matches apple juice, apple pie; say which/);
    for (const args of [
      { list: "shopping" },
      { list: "shopping", items: "milk" },
      { list: "", items: ["x"] },
      { list: "shopping", items: [""] },
      { list: "shopping", items: Array(51).fill("x") },
    ]) {
      expect((await call("lists_add", args)).code, JSON.stringify(args)).toBe("ARGS_INVALID");
    }
    expect((await call("lists_clear", {})).code).toBe("ARGS_INVALID");
    expect(await output("lists_show", { list: "shopping" })).toBe(
      "Your shopping list (2):\n- apple juice\n- apple pie",
    );
  });
});
